import { errorCodes } from '../errors/codes.js'
import { mediaTypeOf } from '../request/content-type.js'
import type { ValidationIssue } from './error-formatter.js'
import type { RouteContext } from '../routing/route-context.js'

export type HttpPart = 'params' | 'body' | 'querystring' | 'headers'
export type ValidationFunction = ((data: any) => any) & { errors?: unknown }

/** A compiled validator for one request part; for a content-keyed body, one per media type. */
export interface PartValidator {
  readonly part: HttpPart
  readonly fn: ValidationFunction | null
  readonly byMediaType: Record<string, ValidationFunction> | null
}

function isThenable (value: any): value is PromiseLike<unknown> {
  return value !== null && typeof value === 'object' && typeof value.then === 'function'
}

function readPart (request: any, part: HttpPart): unknown {
  switch (part) {
    case 'params': return request.params
    case 'body': return request.body
    case 'querystring': return request.query
    default:
      // A copy: coercion and removeAdditional must not rewrite the raw headers.
      request.headers = Object.assign({}, request.raw.headers)
      return request.headers
  }
}

function writePart (request: any, part: HttpPart, value: unknown): void {
  switch (part) {
    case 'params': request.params = value; break
    case 'body': request.body = value; break
    case 'querystring': request.query = value; break
    default:
      // Validators that strip unknown keys would otherwise drop every undeclared header.
      if (value !== null && typeof value === 'object') Object.assign(request.headers, value)
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

/** The spec's validation error: statusCode 400, validation (array), validationContext, message. */
export function buildValidationError (route: RouteContext, part: HttpPart, reported: unknown): Error {
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
  const failure = error as Error & Record<string, unknown>
  failure.statusCode = 400
  if (failure.code === undefined) failure.code = 'FST_ERR_VALIDATION'
  failure.validation = issues
  failure.validationContext = part
  // Adapters report `{ validation: issues, cause: libraryError }`: keep the library's own error
  // reachable for custom error handlers (spec validation rule 7).
  if (failure.cause === undefined && reported !== null && typeof reported === 'object' && !Array.isArray(reported)) {
    const libraryError = (reported as { cause?: unknown }).cause
    failure.cause = libraryError !== undefined ? libraryError : reported
  }
  return failure
}

/**
 * A validator that throws or rejects did not judge the input: a database down in an async rule, a
 * bug. That is a 500 with a generic message (the cause is logged, never sent), not a 400 that
 * would echo internal error text to the client.
 */
function validatorFailure (part: HttpPart, thrown: unknown): Error {
  const error = new errorCodes.ENC_ERR_VALIDATOR_FAILED(part)
  ;(error as Error & { cause?: unknown }).cause = thrown
  return error
}

function interpret (route: RouteContext, request: any, validator: PartValidator, fn: ValidationFunction, result: any): Error | null {
  if (result === true || result === undefined || result === null) return null
  if (result === false) return buildValidationError(route, validator.part, fn.errors)
  if (typeof result === 'object') {
    if (result.error !== undefined && result.error !== null && result.error !== false) {
      return buildValidationError(route, validator.part, result.error)
    }
    if ('value' in result && result.value !== undefined) writePart(request, validator.part, result.value)
  }
  return null
}

function functionFor (validator: PartValidator, request: any): ValidationFunction | null | undefined {
  if (validator.fn !== null) return validator.fn
  const header = request.raw.headers['content-type']
  const type = typeof header === 'string' ? mediaTypeOf(header) : ''
  return validator.byMediaType![type]
}

/**
 * Validates the parts in the route's order (params, body, querystring, headers); the first failure
 * answers. Synchronous validators stay synchronous; a promise switches to the async path.
 */
export function validateRequest (route: RouteContext, request: any, start = 0): Error | null | Promise<Error | null> {
  const validators = route.validators!
  for (let i = start; i < validators.length; i++) {
    const validator = validators[i]!
    const fn = functionFor(validator, request)
    if (fn === null || fn === undefined) {
      // A content-keyed body schema lists the media types the route accepts.
      const given = request.raw.headers['content-type']
      return new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE(typeof given === 'string' ? given : 'none')
    }
    let result
    try {
      result = fn(readPart(request, validator.part))
    } catch (thrown) {
      return validatorFailure(validator.part, thrown)
    }
    if (isThenable(result)) return awaitValidation(route, request, validator, fn, result, i)
    const error = interpret(route, request, validator, fn, result)
    if (error !== null) return error
  }
  return null
}

async function awaitValidation (route: RouteContext, request: any, validator: PartValidator, fn: ValidationFunction, pending: PromiseLike<unknown>, index: number): Promise<Error | null> {
  let result
  try {
    result = await pending
  } catch (thrown) {
    return validatorFailure(validator.part, thrown)
  }
  const error = interpret(route, request, validator, fn, result)
  if (error !== null) return error
  return validateRequest(route, request, index + 1)
}
