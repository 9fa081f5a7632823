/** Validating a request against its route's compiled validators, and the validation error a failure becomes. */
import { errorCodes } from '../errors/codes.js'
import { unsupportedMediaType } from '../errors/fastify5-codes.js'
import { mediaTypeOf } from '../request/content-type.js'
import { kSpecValidationPayload } from '../symbols.js'
import { isThenable } from '../util/functions.js'
import type { ValidationIssue } from './error-formatter.js'
import type { RouteContext } from '../routing/route-context.js'
import type { RuntimeRequest } from '../request/request.js'

export type HttpPart = 'params' | 'body' | 'querystring' | 'headers'
export type ValidationFunction = ((data: unknown, context?: RootContext) => unknown) & { errors?: unknown, coercesRoot?: boolean }

/** Ajv's data context: the parent a coerced root value is written to. */
interface RootContext { instancePath: string, parentData: { value: unknown }, parentDataProperty: 'value', rootData: unknown }

/** A compiled validator for one request part; for a content-keyed body, one per media type. */
export interface PartValidator {
  readonly part: HttpPart
  // Written once by lazySchemaCompilation, when the compiled validator replaces its stub.
  fn: ValidationFunction | null
  readonly byMediaType: Record<string, ValidationFunction> | null
}

function readPart (route: RouteContext, request: RuntimeRequest, part: HttpPart): unknown {
  switch (part) {
    case 'params': return request.params
    // An absent body is validated as null, as Fastify does; request.body itself stays undefined.
    case 'body': return request.body === undefined ? null : request.body
    case 'querystring': return request.query
    default:
      if (!route.headersOnCopy) return request.raw.headers
      // validateHeadersOnCopy: coercion and removeAdditional must not rewrite the raw headers, and
      // request.headers is the validated copy itself (an own property: not merged over raw.headers).
      return ownHeadersCopy(request)
  }
}

function ownHeadersCopy (request: RuntimeRequest): Record<string, unknown> {
  const copy: Record<string, unknown> = Object.assign({}, request.raw.headers)
  Object.defineProperty(request, 'headers', { value: copy, writable: true, enumerable: false, configurable: true })
  return copy
}

/** A validator's `{ value }` replaces the part; as in Fastify, only a truthy value does. */
function writePart (request: RuntimeRequest, part: HttpPart, value: unknown): void {
  switch (part) {
    case 'params': request.params = value; break
    case 'body': request.body = value; break
    case 'querystring': request.query = value; break
    default:
      // Merged over the headers, never replacing them: validators that strip unknown keys would
      // otherwise drop every undeclared header. The raw headers stay as they are. Assigned through
      // the request's accessor, as Fastify 4.29 does (it keeps the value as `additionalHeaders`).
      if (typeof value !== 'object' || value === null) break
      if (Object.hasOwn(request, 'headers')) request.headers = Object.assign({}, request.headers, value)
      else request.headers = value as Record<string, unknown>
  }
}

function customIssue (message: string): ValidationIssue {
  return { instancePath: '', schemaPath: '', keyword: 'custom', params: {}, message }
}

function isIssueLike (item: unknown): boolean {
  return item !== null && typeof item === 'object' && !Array.isArray(item)
}

/** Everything a validator may report, as the issue array the spec's error object carries. */
export function toIssues (reported: unknown): ValidationIssue[] {
  if (Array.isArray(reported)) {
    if (reported.every(isIssueLike)) return reported as ValidationIssue[]
    return reported.map(function toIssue (item: unknown) {
      return isIssueLike(item) ? item as ValidationIssue : customIssue(String(item))
    })
  }
  if (reported !== null && typeof reported === 'object') {
    const nested = (reported as { validation?: unknown }).validation
    if (Array.isArray(nested)) return toIssues(nested)
    const message = (reported as { message?: unknown }).message
    return [customIssue(typeof message === 'string' ? message : String(reported))]
  }
  return [customIssue(reported === undefined || reported === null ? 'is invalid' : String(reported))]
}

function describeResult (value: unknown): string {
  if (value === undefined || value === null) return String(value)
  if (isThenable(value)) return 'a promise (the formatter must be synchronous)'
  return `a value of type ${typeof value}`
}

/** The marks every validation error carries; `validation` as the route's payload mode wants it. */
function markValidationError (route: RouteContext, failure: Error & Record<PropertyKey, unknown>, part: HttpPart, issues: ValidationIssue[] | undefined): Error {
  if (failure.statusCode === undefined) failure.statusCode = 400
  if (failure.code === undefined) failure.code = 'FST_ERR_VALIDATION'
  // `validation` before `validationContext`: Fastify 4.29's key order (the error's log line shows it).
  if (issues !== undefined) failure.validation = issues
  if (failure.validationContext === undefined) failure.validationContext = part
  if (route.specValidationPayload) {
    if (!Array.isArray(failure.validation)) failure.validation = [customIssue(failure.message)]
    failure[kSpecValidationPayload] = true
  }
  return failure
}

/**
 * The validation error of a failed part: statusCode 400, code, validationContext, validation and
 * the formatter's message. A validator's own `Error` is used as it is (its message unchanged, as in
 * Fastify); under the spec payload it also gets `validation`, always an array.
 */
export function buildValidationError (route: RouteContext, part: HttpPart, reported: unknown): Error {
  if (reported instanceof Error && !Array.isArray((reported as { validation?: unknown }).validation)) {
    return markValidationError(route, reported as Error & Record<PropertyKey, unknown>, part, undefined)
  }
  const issues = toIssues(reported)
  let error: unknown
  try {
    error = route.schemaErrorFormatter.call(route.instance, issues, part)
  } catch (formatterError) {
    return formatterError instanceof Error ? formatterError : new Error(String(formatterError))
  }
  if (!(error instanceof Error)) {
    // A programming error in the application, answered as a 500 that says what to fix.
    return new errorCodes.ENC_ERR_SCHEMA_ERROR_FORMATTER_RESULT(describeResult(error))
  }
  const failure = error as Error & Record<PropertyKey, unknown>
  markValidationError(route, failure, part, issues)
  // Adapters report `{ validation: issues, cause: libraryError }`: keep the library's own error
  // reachable for custom error handlers (docs/validation.md).
  if (failure.cause === undefined && reported !== null && typeof reported === 'object' && !Array.isArray(reported)) {
    const libraryError = (reported as { cause?: unknown }).cause
    failure.cause = libraryError !== undefined ? libraryError : reported
  }
  return failure
}

function isStackOverflow (thrown: unknown): boolean {
  return thrown instanceof RangeError && /call stack/i.test(thrown.message)
}

/**
 * A validator that throws or rejects. Under `validatorFailure: 'conceal'` it did not judge the
 * input (a database down in an async rule, a bug): a 500 with a generic message, the cause logged,
 * never sent. Under `'fastify'`, as
 * Fastify 4.29: a synchronous throw goes to the error handlers as it is (Fastify 5 marks it first),
 * a rejection is the validation error. A stack overflow is the input's depth: a 400 under both.
 */
function validatorFailure (route: RouteContext, part: HttpPart, thrown: unknown, rejected: boolean): Error {
  // On both entries: bad input never answers 5xx (Fastify 4.29 answers 500 here; docs/security.md).
  if (isStackOverflow(thrown)) return buildValidationError(route, part, [tooDeepIssue])
  // Ajv's async validators reject with a ValidationError: a judgment of the input, not a failure to judge it.
  if (rejected && route.concealValidatorFailure && isAjvValidationError(thrown)) return buildValidationError(route, part, thrown.errors)
  if (route.concealValidatorFailure) {
    const error = new errorCodes.ENC_ERR_VALIDATOR_FAILED(part)
    ;(error as Error & { cause?: unknown }).cause = thrown
    return error
  }
  if (rejected) return buildValidationError(route, part, thrown instanceof Error ? thrown : [customIssue(String(thrown))])
  const error = thrown instanceof Error ? thrown : toThrownError(thrown)
  if (route.server.profile.api === 5) markAsValidationFailure(error, part)
  return error
}

/** Fastify 5 files a validator's throw under the validation: a 500 keeping the error's own `code`, with the part it checked. */
function markAsValidationFailure (error: Error, part: HttpPart): void {
  const marked = error as Error & { statusCode?: unknown, code?: unknown, validationContext?: unknown }
  marked.statusCode = 500
  if (!marked.code) marked.code = 'FST_ERR_VALIDATION'
  if (!marked.validationContext) marked.validationContext = part
}

function isAjvValidationError (thrown: unknown): thrown is Error & { errors: unknown[] } {
  return thrown instanceof Error && (thrown as { validation?: unknown }).validation === true && Array.isArray((thrown as { errors?: unknown }).errors)
}

const tooDeepIssue: ValidationIssue = { instancePath: '', schemaPath: '', keyword: 'depth', params: {}, message: 'is too deeply nested to validate' }

function toThrownError (thrown: unknown): Error {
  const error = new Error(String(thrown))
  ;(error as Error & { thrown?: unknown }).thrown = thrown
  return error
}

/**
 * What a validator returned, or what its promise resolved to, as Fastify reads it: `false` reports
 * `fn.errors` (none: the part passes); `{ error }` fails; `{ value }` replaces the part. An async validator's result is read
 * for `error` and `value` only, except Ajv's, whose result is the data (and, on the Fastify 5 face, anyone's).
 */
function interpret (route: RouteContext, request: RuntimeRequest, validator: PartValidator, fn: ValidationFunction, result: unknown, settled: boolean): Error | null {
  if (result === false) {
    // Settled or not, as Fastify 4.29 and 5.12: a custom validator resolving false fails with its errors.
    const errors = fn.errors
    return errors === undefined || errors === null ? null : buildValidationError(route, validator.part, errors)
  }
  // An Ajv `$async` validator resolves with the validated data itself: its `error` or `value`
  // keys are the client's, never a verdict or a replacement (it rejects when the data is invalid).
  if (settled && (fn as { $async?: unknown }).$async === true) return null
  // Fastify 5.12 reads no verdict in what any asynchronous validator resolves with: only `false` fails.
  if (settled && route.server.profile.api === 5) return null
  if (result !== null && typeof result === 'object') {
    const outcome = result as { error?: unknown, value?: unknown }
    if (outcome.error) return buildValidationError(route, validator.part, outcome.error)
    // Fastify 4.29 writes a truthy `value` only; Fastify 5 writes any `value` a synchronous
    // validator returns (0, '', false, null, undefined too) and none an asynchronous one resolves with.
    if (route.server.profile.api === 5) {
      if ('value' in outcome) writePart(request, validator.part, outcome.value)
    } else if (outcome.value) {
      writePart(request, validator.part, outcome.value)
    }
  }
  return null
}

function functionFor (route: RouteContext, validator: PartValidator, request: RuntimeRequest): ValidationFunction | null | undefined {
  if (validator.fn !== null) return validator.fn
  const header = request.raw.headers['content-type']
  if (typeof header !== 'string') return validator.byMediaType!['']
  const own = validator.byMediaType![mediaTypeOf(header)]
  if (own !== undefined) return own
  // Loose matching (exactContentTypeMatching: false) hands `application/jsonx` to the JSON parser:
  // the body is then validated as JSON, never let past the schema (CVE-2025-32442's class of bypass).
  const keyType = route.parsers === null ? null : route.parsers.keyTypeOf(header)
  return keyType === null ? undefined : validator.byMediaType![keyType]
}

/**
 * The default (Ajv) validator of a schema whose root is not an object (`{ type: 'integer' }`):
 * coercion replaces the value itself, and Ajv writes it back only into a parent, so the part is
 * validated inside a holder and the coerced value becomes the part. Without this the handler
 * would get `"10"` where the schema promised an integer. Only such validators (marked when
 * compiled) pay for the holder; custom validators never receive the second argument.
 */
function validateCoercibleRoot (route: RouteContext, request: RuntimeRequest, part: HttpPart, fn: ValidationFunction): unknown {
  // Only the body can be a scalar: params, querystring and headers are always objects.
  if (part !== 'body') return fn(readPart(route, request, part))
  const data = request.body === undefined ? null : request.body
  const holder = { value: data }
  const result = fn(data, { instancePath: '', parentData: holder, parentDataProperty: 'value', rootData: data })
  // Written whatever the outcome, as Ajv writes into a parent: a failing body answers 400 anyway.
  if (holder.value !== data) request.body = holder.value
  return result
}

/**
 * Validates the parts in the route's order (params, body, querystring, headers); the first failure
 * answers. Synchronous validators stay synchronous; a promise switches to the async path.
 */
export function validateRequest (route: RouteContext, request: RuntimeRequest, start = 0): Error | null | Promise<Error | null> {
  const validators = route.validators!
  for (let i = start; i < validators.length; i++) {
    const validator = validators[i]!
    const fn = functionFor(route, validator, request)
    if (fn === null || fn === undefined) {
      // A content-keyed body schema that does not list this media type: Fastify skips the body;
      // rejectUnlistedBodyMediaType answers 415 instead.
      if (!route.rejectUnlistedBodyType) continue
      const given = request.raw.headers['content-type']
      return unsupportedMediaType(route.server.profile, typeof given === 'string' ? given : 'none')
    }
    let result
    try {
      result = fn.coercesRoot === true ? validateCoercibleRoot(route, request, validator.part, fn) : fn(readPart(route, request, validator.part))
    } catch (thrown) {
      return validatorFailure(route, validator.part, thrown, false)
    }
    if (isThenable(result)) return awaitValidation(route, request, validator, fn, result, i)
    const error = interpret(route, request, validator, fn, result, false)
    if (error !== null) return error
  }
  return null
}

async function awaitValidation (route: RouteContext, request: RuntimeRequest, validator: PartValidator, fn: ValidationFunction, pending: PromiseLike<unknown>, index: number): Promise<Error | null> {
  let result
  try {
    result = await pending
  } catch (thrown) {
    return validatorFailure(route, validator.part, thrown, true)
  }
  const error = interpret(route, request, validator, fn, result, true)
  if (error !== null) return error
  return validateRequest(route, request, index + 1)
}
