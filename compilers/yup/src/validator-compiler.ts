import { isHttpPart, unknownHttpPartMessage } from '@enclave/compiler-kit'
import type { HttpPart, ValidatorCompiler, ValidatorCompilerInput } from '@enclave/core'
import { YupCompilerError, YupValidationError } from './errors.js'
import { toIssues } from './issues.js'
import { settingsFrom } from './options.js'
import { prototypeKeyIssues } from './prototype-key.js'
import { assertLowerCaseHeaders, assertYupSchema, hasAsyncTest, isPromiseInSyncValidation, isYupValidationError, type YupSchemaLike } from './yup-schema.js'
import type { YupValidateOptions, YupValidatorOptions } from './types.js'

type ValidationOutcome = { value: unknown } | { error: YupValidationError }

function assertHttpPart (httpPart: unknown, where: string): asserts httpPart is HttpPart {
  if (!isHttpPart(httpPart)) throw new YupCompilerError('ENC_ERR_YUP_HTTP_PART', unknownHttpPartMessage(httpPart, where))
}

/**
 * yup's failure as a 400; a TypeError that a key named after an Object.prototype member caused
 * (see prototype-key.ts) as a 400 too. Anything else was thrown by a test (a database down, …)
 * and propagates: core answers it as a validator failure.
 */
function failed (part: HttpPart, data: unknown, error: unknown): ValidationOutcome {
  if (isYupValidationError(error)) return { error: new YupValidationError(part, toIssues(error), error) }
  const issues = prototypeKeyIssues(data, error)
  if (issues !== undefined) return { error: new YupValidationError(part, issues, error) }
  throw error
}

// An async function rather than `.then(…, onFailure)`: the failure needs the data, and a closure
// per request over it is what this avoids.
async function validateAsync (schema: YupSchemaLike, options: YupValidateOptions, part: HttpPart, data: unknown): Promise<ValidationOutcome> {
  try {
    return { value: await schema.validate(data, options) }
  } catch (error) {
    return failed(part, data, error)
  }
}

function compileAsync (schema: YupSchemaLike, options: YupValidateOptions, part: HttpPart) {
  return function validateWithYupAsync (data: unknown): Promise<ValidationOutcome> {
    return validateAsync(schema, options, part, data)
  }
}

/**
 * validateSync until a test returns a promise: yup then throws, and this route's part switches to
 * validate() for good, starting with the request at hand.
 */
function compileSync (schema: YupSchemaLike, options: YupValidateOptions, part: HttpPart) {
  let promiseSeen = false
  return function validateWithYup (data: unknown): ValidationOutcome | Promise<ValidationOutcome> {
    if (promiseSeen) return validateAsync(schema, options, part, data)
    try {
      return { value: schema.validateSync(data, options) }
    } catch (error) {
      if (!isPromiseInSyncValidation(error)) return failed(part, data, error)
      promiseSeen = true
      return validateAsync(schema, options, part, data)
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
