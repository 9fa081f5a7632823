import type { HttpPart, ValidationIssue } from '@enclave/core'

/**
 * The base classes of every adapter's errors. Each adapter subclasses them under its own name
 * (`ZodValidationError`, …) so `instanceof` and `error.name` tell the libraries apart; the shape
 * core reads (`code`, `statusCode`, `validation`, `validationContext`, `cause`) lives here once.
 * `name` is the subclass's own.
 */

/** `body/age should be number, body/name …`: the message a list of issues gets, as core's formatter words it. */
export function describeIssues (subject: string, validation: readonly ValidationIssue[]): string {
  let message = ''
  for (let i = 0; i < validation.length; i++) {
    const issue = validation[i]!
    message += (i === 0 ? '' : ', ') + subject + issue.instancePath + ' ' + String(issue.message)
  }
  return message
}

/**
 * What a validation function reports as `{ error }`: core reads `validation` as the route error's
 * `error.validation` and keeps `cause` (the library's own error) reachable as `error.cause`.
 */
export class SchemaValidationError extends Error {
  readonly code = 'FST_ERR_VALIDATION'
  readonly statusCode = 400
  readonly validation: ValidationIssue[]
  readonly validationContext: HttpPart

  constructor (part: HttpPart, validation: ValidationIssue[], cause: unknown) {
    super(describeIssues(part, validation), { cause })
    this.name = new.target.name
    this.validation = validation
    this.validationContext = part
  }
}

/**
 * A route schema or an option a compiler cannot use. Schemas fail at ready(), where core wraps the
 * error in FST_ERR_SCH_VALIDATION_BUILD / FST_ERR_SCH_SERIALIZATION_BUILD; options fail at once.
 * Codes are `ENC_ERR_<LIBRARY>_*`.
 */
export class SchemaCompilerError extends Error {
  readonly code: string
  readonly statusCode = 500

  // Spelled out, not lib's ErrorOptions (ES2022): an app whose target is older checks these declarations without it.
  constructor (code: string, message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = new.target.name
    this.code = code
  }
}

/**
 * A reply payload the response schema rejected. No statusCode on purpose: core answers it as
 * a 500 with its code and message, as Fastify answers a serializer's error.
 */
export class ResponseMismatchError extends Error {
  readonly code: string
  readonly validation: ValidationIssue[]

  constructor (code: string, message: string, validation: ValidationIssue[], cause?: unknown) {
    super(message, { cause })
    this.name = new.target.name
    this.code = code
    this.validation = validation
  }
}
