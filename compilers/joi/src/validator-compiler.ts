import type { Schema, ValidationError, ValidationOptions } from 'joi'
import { isHttpPart, unknownHttpPartMessage } from '@enclave/compiler-kit'
import type { HttpPart, ValidatorCompiler, ValidatorCompilerInput } from '@enclave/core'
import { JoiCompilerError, JoiValidationError } from './errors.js'
import { toIssues } from './issues.js'
import { assertJoiSchema, assertLowerCaseHeaders } from './joi-schema.js'
import { preferencesByPart } from './options.js'
import type { JoiValidatorOptions } from './types.js'

type ValidationOutcome = { value: unknown } | { error: JoiValidationError }

function isJoiValidationError (error: unknown): error is ValidationError {
  return error instanceof Error && (error as { isJoi?: unknown }).isJoi === true && Array.isArray((error as { details?: unknown }).details)
}

function assertHttpPart (httpPart: unknown, where: string): asserts httpPart is HttpPart {
  if (!isHttpPart(httpPart)) throw new JoiCompilerError('ENC_ERR_JOI_HTTP_PART', unknownHttpPartMessage(httpPart, where))
}

function succeeded (value: unknown): ValidationOutcome {
  return { value }
}

/**
 * validateAsync rejects with Joi's ValidationError for a failure. Anything else was thrown by an
 * external (a database down, …) and propagates; core answers 400 with it as `cause`.
 */
function failedAsync (this: HttpPart, error: unknown): ValidationOutcome {
  if (isJoiValidationError(error)) return { error: new JoiValidationError(this, toIssues(error.details), error) }
  throw error
}

function compileSync (schema: Schema, preferences: ValidationOptions | undefined, part: HttpPart) {
  return function validateWithJoi (data: unknown): ValidationOutcome {
    const outcome = schema.validate(data, preferences)
    // Joi's success outcome is already `{ value }`: handed back as is, nothing allocated.
    if (outcome.error === undefined) return outcome
    return { error: new JoiValidationError(part, toIssues(outcome.error.details), outcome.error) }
  }
}

function compileAsync (schema: Schema, preferences: ValidationOptions | undefined, part: HttpPart) {
  const onFailure = failedAsync.bind(part)
  return function validateWithJoiAsync (data: unknown): Promise<ValidationOutcome> {
    return schema.validateAsync(data, preferences).then(succeeded, onFailure)
  }
}

/**
 * A validator compiler for route schemas written with Joi: each part's schema is a Joi schema, the
 * handler receives Joi's value (converted, defaults applied), and failures come back in the
 * default error structure. Schemas with `.external()` rules are validated with validateAsync
 * (unless `externals: false`), the others synchronously.
 */
export function createValidatorCompiler (options?: JoiValidatorOptions): ValidatorCompiler {
  const preferences = preferencesByPart(options)

  return function joiValidatorCompiler ({ schema, method, url, httpPart }: ValidatorCompilerInput) {
    const where = `${String(method)} ${String(url)} (${String(httpPart)})`
    assertHttpPart(httpPart, where)
    assertJoiSchema(schema, where)
    if (httpPart === 'headers') assertLowerCaseHeaders(schema, where)
    const partPreferences = preferences[httpPart]
    if (schema.isAsync() && partPreferences?.externals !== false) return compileAsync(schema, partPreferences, httpPart)
    return compileSync(schema, partPreferences, httpPart)
  }
}

/** The compiler with Joi's defaults (and unknown headers allowed), for `setValidatorCompiler(validatorCompiler)`. */
export const validatorCompiler: ValidatorCompiler = createValidatorCompiler()
