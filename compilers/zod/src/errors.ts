import { describeIssues, ResponseMismatchError, SchemaCompilerError, SchemaValidationError } from '@enclave/compiler-kit'
import type { ValidationIssue } from '@enclave/core'

/**
 * What a Zod validation function reports: core reads `validation` as `error.validation` and keeps
 * `cause` (the ZodError) reachable as `error.cause` for custom error handlers.
 */
export class ZodValidationError extends SchemaValidationError {}

/** A route schema this compiler cannot use; thrown at ready(), wrapped by core in FST_ERR_SCH_*_BUILD. */
export class ZodCompilerError extends SchemaCompilerError {}

/**
 * The serializer's parse path rejected the reply payload. No statusCode on purpose: core answers it
 * as a 500 with its code and message, as Fastify answers a serializer's error.
 */
export class ZodSerializationError extends ResponseMismatchError {
  declare readonly code: 'ENC_ERR_ZOD_RESPONSE_MISMATCH'

  constructor (validation: ValidationIssue[], cause: unknown) {
    super('ENC_ERR_ZOD_RESPONSE_MISMATCH', describeIssues('response', validation), validation, cause)
  }
}
