import type { StandardSchemaV1 } from '@standard-schema/spec'
import type { HttpPart, ValidationIssue } from '@enclave/core'

/**
 * What a Standard Schema validation function reports: core reads `validation` as
 * `error.validation`; `cause` keeps the library's own issues (`{ issues }`) for custom error
 * handlers, `error.cause.issues` being exactly what `~standard.validate` returned.
 */
export class StandardSchemaValidationError extends Error {
  readonly code = 'FST_ERR_VALIDATION'
  readonly statusCode = 400
  readonly validation: ValidationIssue[]
  readonly validationContext: HttpPart

  constructor (part: HttpPart, validation: ValidationIssue[], cause: StandardSchemaV1.FailureResult) {
    super(validation.map((issue) => part + issue.instancePath + ' ' + String(issue.message)).join(', '), { cause })
    this.name = 'StandardSchemaValidationError'
    this.validation = validation
    this.validationContext = part
  }
}

/** A route schema this compiler cannot use; thrown at ready(), wrapped by core in FST_ERR_SCH_*_BUILD. */
export class StandardSchemaCompilerError extends Error {
  readonly code: string
  readonly statusCode = 500

  constructor (code: string, message: string, options?: ErrorOptions) {
    super(message, options)
    this.name = 'StandardSchemaCompilerError'
    this.code = code
  }
}

/**
 * The serializer's validate path rejected the reply payload. No statusCode on purpose: core wraps it in its
 * FST_ERR_RESPONSE_SERIALIZATION (500), keeping this error as the cause.
 */
export class StandardSchemaSerializationError extends Error {
  readonly code: string
  readonly validation: ValidationIssue[]

  constructor (code: string, message: string, validation: ValidationIssue[], cause?: unknown) {
    super(message, { cause })
    this.name = 'StandardSchemaSerializationError'
    this.code = code
    this.validation = validation
  }
}
