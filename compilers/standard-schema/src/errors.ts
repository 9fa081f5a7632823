import type { StandardSchemaV1 } from '@standard-schema/spec'
import { ResponseMismatchError, SchemaCompilerError, SchemaValidationError } from '@enclave/compiler-kit'
import type { HttpPart, ValidationIssue } from '@enclave/core'

/**
 * What a Standard Schema validation function reports: core reads `validation` as
 * `error.validation`; `cause` keeps the library's own issues (`{ issues }`) for custom error
 * handlers, `error.cause.issues` being exactly what `~standard.validate` returned.
 */
export class StandardSchemaValidationError extends SchemaValidationError {
  /** Only to type `cause`: what `~standard.validate` returned. */
  // eslint-disable-next-line @typescript-eslint/no-useless-constructor -- it narrows the parameters' types
  constructor (part: HttpPart, validation: ValidationIssue[], cause: StandardSchemaV1.FailureResult) {
    super(part, validation, cause)
  }
}

/** A route schema this compiler cannot use; thrown at ready(), wrapped by core in FST_ERR_SCH_*_BUILD. */
export class StandardSchemaCompilerError extends SchemaCompilerError {}

/**
 * The serializer's validate path rejected the reply payload. No statusCode on purpose: core answers it
 * as a 500 with its code and message, as Fastify answers a serializer's error.
 */
export class StandardSchemaSerializationError extends ResponseMismatchError {}
