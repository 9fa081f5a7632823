import { isHttpPart, unknownHttpPartMessage } from '@enclave/compiler-kit'
import type { HttpPart, ValidatorCompiler, ValidatorCompilerInput } from '@enclave/core'
import { YupCompilerError, YupValidationError } from './errors.js'
import { toIssues } from './issues.js'
import { settingsFrom } from './options.js'
import { protoKeyIssues } from './proto-key.js'
import { assertLowerCaseHeaders, assertYupSchema, hasAsyncTest, isPromiseInSyncValidation, isYupValidationError, type YupSchemaLike } from './yup-schema.js'
import type { YupValidateOptions, YupValidatorOptions } from './types.js'

type ValidationOutcome = { value: unknown } | { error: YupValidationError }

function assertHttpPart (httpPart: unknown, where: string): asserts httpPart is HttpPart {
  if (!isHttpPart(httpPart)) throw new YupCompilerError('ENC_ERR_YUP_HTTP_PART', unknownHttpPartMessage(httpPart, where))
}

function succeeded (value: unknown): ValidationOutcome {
  return { value }
}

/**
 * validate() rejects with yup's ValidationError for a failure. Anything else was thrown by a test
 * (a database down, …) and propagates; core answers 400 with it as `cause`.
 */
function failedAsync (this: HttpPart, error: unknown): ValidationOutcome {
  if (isYupValidationError(error)) return { error: new YupValidationError(this, toIssues(error), error) }
  throw error
}

/** A `__proto__` key in the input would make yup throw: answered as a validation failure instead. */
function protoKeyFailure (part: HttpPart, data: unknown, cause: unknown): ValidationOutcome | undefined {
  const issues = protoKeyIssues(data)
  return issues === undefined ? undefined : { error: new YupValidationError(part, issues, cause) }
}

function compileAsync (schema: YupSchemaLike, options: YupValidateOptions, part: HttpPart) {
  const onFailure = failedAsync.bind(part)
  return function validateWithYupAsync (data: unknown): Promise<ValidationOutcome> {
    // Looked for before validating: a rejection no longer holds the data to look in.
    const refused = protoKeyFailure(part, data, undefined)
    if (refused !== undefined) return Promise.resolve(refused)
    return schema.validate(data, options).then(succeeded, onFailure)
  }
}

/**
 * validateSync until a test returns a promise: yup then throws, and this route's part switches to
 * validate() for good, starting with the request at hand.
 */
function compileSync (schema: YupSchemaLike, options: YupValidateOptions, part: HttpPart) {
  const onFailure = failedAsync.bind(part)
  let promiseSeen = false
  return function validateWithYup (data: unknown): ValidationOutcome | Promise<ValidationOutcome> {
    if (promiseSeen) {
      const refused = protoKeyFailure(part, data, undefined)
      if (refused !== undefined) return refused
      return schema.validate(data, options).then(succeeded, onFailure)
    }
    try {
      return { value: schema.validateSync(data, options) }
    } catch (error) {
      if (isYupValidationError(error)) return { error: new YupValidationError(part, toIssues(error), error) }
      if (!isPromiseInSyncValidation(error)) {
        // Only after yup threw, so valid requests pay nothing for the look.
        const refused = protoKeyFailure(part, data, error)
        if (refused !== undefined) return refused
        throw error
      }
      promiseSeen = true
      return schema.validate(data, options).then(succeeded, onFailure)
    }
  }
}

/**
 * A validator compiler for route schemas written with yup: each part's schema is a yup schema, the
 * handler receives yup's cast value ('5' → 5 for `number()`, defaults applied) unless `strict`,
 * and failures come back in the default error structure.
 */
export function createValidatorCompiler (options?: YupValidatorOptions): ValidatorCompiler {
  const { preferences, forceAsync } = settingsFrom(options)

  return function yupValidatorCompiler ({ schema, method, url, httpPart }: ValidatorCompilerInput) {
    const where = `${String(method)} ${String(url)} (${String(httpPart)})`
    assertHttpPart(httpPart, where)
    assertYupSchema(schema, where)
    if (httpPart === 'headers') assertLowerCaseHeaders(schema, where)
    const partOptions = preferences[httpPart]
    if (forceAsync || hasAsyncTest(schema)) return compileAsync(schema, partOptions, httpPart)
    return compileSync(schema, partOptions, httpPart)
  }
}

/** The compiler with yup's defaults (casting on, abortEarly on), for `setValidatorCompiler(validatorCompiler)`. */
export const validatorCompiler: ValidatorCompiler = createValidatorCompiler()
