/** Validation issues and the formatters that turn them into the error a failed validation answers with. */
import { errorCodes } from '../errors/codes.js'
import { isAsyncFunction } from '../util/functions.js'

/** One validation issue, the shape Ajv reports and every adapter normalises to. */
export interface ValidationIssue {
  instancePath: string
  schemaPath?: string
  keyword: string
  params: Record<string, unknown>
  message?: string
  [key: string]: unknown
}

export type SchemaErrorFormatter = (this: unknown, errors: ValidationIssue[], dataVar: string) => Error

/**
 * Refuses what cannot format validation errors (the server option, setSchemaErrorFormatter, a
 * route's option): Fastify's error, naming what was given ('AsyncFunction' for an async function).
 */
export function assertSchemaErrorFormatter (formatter: unknown): void {
  if (typeof formatter === 'function' && !isAsyncFunction(formatter)) return
  throw new errorCodes.FST_ERR_SCHEMA_ERROR_FORMATTER_NOT_FN(typeof formatter === 'function' ? 'AsyncFunction' : typeof formatter)
}

/** Ajv 8 says "must …"; enclave()'s validation payload keeps Ajv 6's "should …" (docs/validation.md). */
function specWording (issue: ValidationIssue): string {
  const message = issue.message ?? issue.keyword
  if (issue.keyword === 'errorMessage') return message
  return message.startsWith('must ') ? 'should ' + message.slice(5) : message
}

function validatorWording (issue: ValidationIssue): string {
  return issue.message ?? issue.keyword
}

function formatIssues (errors: ValidationIssue[], dataVar: string, wording: (issue: ValidationIssue) => string): Error {
  let text = ''
  for (let i = 0; i < errors.length; i++) {
    const issue = errors[i]!
    if (i > 0) text += ', '
    text += dataVar + (issue.instancePath ?? (issue as { dataPath?: string }).dataPath ?? '') + ' ' + wording(issue)
  }
  return new Error(text)
}

/** `<part><instancePath> <message>`, joined by `, `: "body/age should be integer" (validationPayload: 'spec'). */
export function defaultSchemaErrorFormatter (errors: ValidationIssue[], dataVar: string): Error {
  return formatIssues(errors, dataVar, specWording)
}

/** Fastify 4.29's formatter: the validator's own wording, "body/age must be integer" (validationPayload: 'fastify'). */
export function fastifySchemaErrorFormatter (errors: ValidationIssue[], dataVar: string): Error {
  return formatIssues(errors, dataVar, validatorWording)
}
