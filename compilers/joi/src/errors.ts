import { describeIssues, ResponseMismatchError, SchemaCompilerError, SchemaValidationError } from '@enclave/compiler-kit'
import type { ValidationIssue } from '@enclave/core'

/**
 * What a Joi validation function reports as `{ error }`: core reads `validation` as the route
 * error's `error.validation` and keeps `cause` (Joi's ValidationError) reachable as `error.cause`.
 */
export class JoiValidationError extends SchemaValidationError {}

/**
 * A route schema or an option this compiler cannot use. Schemas fail at ready(), where core wraps
 * the error in FST_ERR_SCH_VALIDATION_BUILD / FST_ERR_SCH_SERIALIZATION_BUILD; options fail at once.
 */
export class JoiCompilerError extends SchemaCompilerError {}

/**
 * A reply payload did not match its Joi response schema. It has no statusCode on purpose: core
 * answers it as a 500 with its code and message, as Fastify answers a serializer's error.
 */
export class JoiSerializationError extends ResponseMismatchError {
  declare readonly code: 'ENC_ERR_JOI_RESPONSE_MISMATCH'

  constructor (validation: ValidationIssue[], cause: unknown) {
    super('ENC_ERR_JOI_RESPONSE_MISMATCH', describeIssues('response', validation), validation, cause)
  }
}
