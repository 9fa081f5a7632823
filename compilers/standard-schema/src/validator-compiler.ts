import type { StandardSchemaV1 } from '@standard-schema/spec'
import { coercedParts, createStringCoercer, declaredPropertyNames, headerCaseMessage, isHttpPart, unknownHttpPartMessage, type StringCoercer } from '@enclave/compiler-kit'
import type { HttpPart, ValidatorCompiler, ValidatorCompilerInput } from '@enclave/core'
import { StandardSchemaCompilerError, StandardSchemaValidationError } from './errors.js'
import { convertFailingStrings } from './retry-coercion.js'
import { assertStandardSchema, isThenable, jsonSchemaOf } from './standard-schema.js'
import { libraryValidate } from './library-validate.js'
import type { StandardSchemaValidatorOptions } from './types.js'
import { toValidationIssues } from './validation-issues.js'

type Result = StandardSchemaV1.Result<unknown>
type ValidationOutcome = { value: unknown } | { error: StandardSchemaValidationError }

function assertHttpPart (httpPart: unknown, where: string): asserts httpPart is HttpPart {
  if (!isHttpPart(httpPart)) throw new StandardSchemaCompilerError('ENC_ERR_STANDARD_SCHEMA_HTTP_PART', unknownHttpPartMessage(httpPart, where))
}

/** Header names arrive lower-cased from Node; a capitalised key would never match. */
function assertLowerCaseHeaders (jsonSchema: Record<string, unknown>, where: string): void {
  const message = headerCaseMessage(declaredPropertyNames(jsonSchema), where)
  if (message !== undefined) throw new StandardSchemaCompilerError('ENC_ERR_STANDARD_SCHEMA_HEADER_CASE', message)
}

/** A successful result carries a falsy `issues` (Standard Schema spec). */
function failed (result: Result): result is StandardSchemaV1.FailureResult {
  return result.issues !== undefined && result.issues !== null
}

/**
 * A validator compiler for any Standard Schema library (zod 4, valibot 1, arktype 2, …): each part's
 * schema is the library's schema, validated through `~standard.validate`, so no library-specific
 * code is involved. The handler receives the library's output value.
 */
export function createValidatorCompiler (options: StandardSchemaValidatorOptions = {}): ValidatorCompiler {
  const coerce = coercedParts(options.coerce)
  const libraryOptions = options.libraryOptions

  return function standardSchemaValidatorCompiler ({ schema, method, url, httpPart }: ValidatorCompilerInput) {
    const where = `${String(method)} ${String(url)} (${String(httpPart)})`
    assertHttpPart(httpPart, where)
    assertStandardSchema(schema, where)
    const standard = schema['~standard']
    const vendor = standard.vendor
    let coercer: StringCoercer | null = null
    let retryWithConversion = false
    if (coerce.has(httpPart) || httpPart === 'headers') {
      const jsonSchema = jsonSchemaOf(schema, 'input')
      if (jsonSchema !== undefined && httpPart === 'headers') assertLowerCaseHeaders(jsonSchema, where)
      if (coerce.has(httpPart)) {
        if (jsonSchema !== undefined) coercer = createStringCoercer(jsonSchema)
        else retryWithConversion = true
      }
    }
    // The first validation stops at the first issue, except when its issues feed the retry: every
    // failing string must be converted in one pass.
    const validateEarly = libraryValidate(schema, { abortEarly: true, libraryOptions })
    const validate = retryWithConversion ? libraryValidate(schema, { abortEarly: false, libraryOptions }) : validateEarly

    function failure (result: StandardSchemaV1.FailureResult, input: unknown): ValidationOutcome {
      return { error: new StandardSchemaValidationError(httpPart, toValidationIssues(result.issues, input, vendor), result) }
    }

    /** A failed retry is reported as retried: "n=0" against a minimum of 1 says so, not "expected a number". */
    function retried (retry: Result, converted: unknown): ValidationOutcome {
      return failed(retry) ? failure(retry, converted) : { value: retry.value }
    }

    function settle (result: Result, input: unknown): ValidationOutcome | Promise<ValidationOutcome> {
      if (!failed(result)) return { value: result.value }
      if (retryWithConversion) {
        const converted = convertFailingStrings(input, result.issues)
        if (converted !== undefined) {
          const retry = validateEarly(converted)
          if (isThenable(retry)) return Promise.resolve(retry).then(function settleRetry (value) { return retried(value, converted) })
          return retried(retry, converted)
        }
      }
      return failure(result, input)
    }

    // An async function, so a request creates no callback closure to carry `input` to settle().
    async function settleAsync (pending: PromiseLike<Result>, input: unknown): Promise<ValidationOutcome> {
      return await settle(await pending, input)
    }

    return function validateWithStandardSchema (data: unknown): ValidationOutcome | Promise<ValidationOutcome> {
      const input = coercer === null ? data : coercer(data)
      const result = validate(input)
      if (isThenable(result)) return settleAsync(result, input)
      return settle(result, input)
    }
  }
}

/** The compiler with the default options, for `setValidatorCompiler(validatorCompiler)`. */
export const validatorCompiler: ValidatorCompiler = createValidatorCompiler()
