import type { HttpPart, ValidationIssue } from '@enclave/core'

/**
 * What a Zod validation function reports: core reads `validation` as `error.validation` and keeps
 * `cause` (the ZodError) reachable as `error.cause` for custom error handlers.
 */
export class ZodValidationError extends Error {
  readonly code = 'FST_ERR_VALIDATION'
  readonly statusCode = 400
  readonly validation: ValidationIssue[]
  readonly validationContext: HttpPart

  constructor (part: HttpPart, validation: ValidationIssue[], cause: unknown) {
    super(validation.map((issue) => part + issue.instancePath + ' ' + String(issue.message)).join(', '), { cause })
    this.name = 'ZodValidationError'
    this.validation = validation
    this.validationContext = part
  }
}

/** A route schema this compiler cannot use; thrown at ready(), wrapped by core in FST_ERR_SCH_*_BUILD. */
export class ZodCompilerError extends Error {
  readonly code: string
  readonly statusCode = 500

  constructor (code: string, message: string, options?: ErrorOptions) {
    super(message, options)
    this.name = 'ZodCompilerError'
    this.code = code
  }
}

/**
 * The serializer's parse path rejected the reply payload. No statusCode on purpose: core wraps it in its
 * FST_ERR_RESPONSE_SERIALIZATION (500), keeping this error as the cause.
 */
export class ZodSerializationError extends Error {
  readonly code = 'ENCLAVE_ZOD_RESPONSE_MISMATCH'
  readonly validation: ValidationIssue[]

  constructor (validation: ValidationIssue[], cause: unknown) {
    super(validation.map((issue) => 'response' + issue.instancePath + ' ' + String(issue.message)).join(', '), { cause })
    this.name = 'ZodSerializationError'
    this.validation = validation
  }
}
