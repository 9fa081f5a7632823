import type { HttpPart, ValidationIssue } from '@enclave/core'

/**
 * What a Joi validation function reports as `{ error }`: core reads `validation` as the route
 * error's `error.validation` and keeps `cause` (Joi's ValidationError) reachable as `error.cause`.
 */
export class JoiValidationError extends Error {
  readonly code = 'FST_ERR_VALIDATION'
  readonly statusCode = 400
  readonly validation: ValidationIssue[]
  readonly validationContext: HttpPart

  constructor (part: HttpPart, validation: ValidationIssue[], cause: unknown) {
    super(validation.map((issue) => part + issue.instancePath + ' ' + String(issue.message)).join(', '), { cause })
    this.name = 'JoiValidationError'
    this.validation = validation
    this.validationContext = part
  }
}

/**
 * A route schema or an option this compiler cannot use. Schemas fail at ready(), where core wraps
 * the error in FST_ERR_SCH_VALIDATION_BUILD / FST_ERR_SCH_SERIALIZATION_BUILD; options fail at once.
 */
export class JoiCompilerError extends Error {
  readonly code: string
  readonly statusCode = 500

  constructor (code: string, message: string, options?: ErrorOptions) {
    super(message, options)
    this.name = 'JoiCompilerError'
    this.code = code
  }
}

/**
 * A reply payload did not match its Joi response schema. It has no statusCode on purpose: core
 * wraps it in 500 FST_ERR_RESPONSE_SERIALIZATION (the code every response schema failure has) as `cause`.
 */
export class JoiSerializationError extends Error {
  readonly code = 'ENC_ERR_JOI_RESPONSE_MISMATCH'
  readonly validation: ValidationIssue[]

  constructor (validation: ValidationIssue[], cause: unknown) {
    super(validation.map((issue) => 'response' + issue.instancePath + ' ' + String(issue.message)).join(', '), { cause })
    this.name = 'JoiSerializationError'
    this.validation = validation
  }
}
