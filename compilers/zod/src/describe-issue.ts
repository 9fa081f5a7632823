import type { PathSegment } from '@enclave/compiler-kit'

/** The fields of a Zod 4 issue this adapter reads; raw (error map) and final issues both have them. */
export interface ZodIssueLike {
  readonly code: string
  readonly path: readonly PathSegment[]
  readonly message?: string
  readonly expected?: string
  readonly origin?: string
  readonly minimum?: number | bigint
  readonly maximum?: number | bigint
  readonly inclusive?: boolean
  readonly format?: string
  readonly pattern?: string
  readonly prefix?: string
  readonly suffix?: string
  readonly includes?: string
  readonly divisor?: number | bigint
  readonly keys?: readonly string[]
  readonly values?: readonly unknown[]
  readonly note?: string
  readonly params?: Record<string, unknown>
}

/** Ajv's keyword and params for an issue, and Ajv 8's message (core turns "must" into "should"). */
export interface IssueDescription {
  keyword: string
  params: Record<string, unknown>
  /** undefined: no Ajv equivalent, so Zod's own message stands. */
  message: string | undefined
}

const typeNames: Record<string, string> = { int: 'integer' }

const numericOrigins = new Set(['number', 'int', 'bigint'])
const lengthOrigins = new Set(['string'])
const sizeOrigins = new Set(['array', 'set'])

function limitOf (issue: ZodIssueLike, bound: 'min' | 'max'): IssueDescription {
  const limit = bound === 'min' ? issue.minimum : issue.maximum
  const origin = issue.origin ?? ''
  if (numericOrigins.has(origin)) {
    const inclusive = issue.inclusive !== false
    const comparison = bound === 'min' ? (inclusive ? '>=' : '>') : (inclusive ? '<=' : '<')
    const keyword = bound === 'min' ? (inclusive ? 'minimum' : 'exclusiveMinimum') : (inclusive ? 'maximum' : 'exclusiveMaximum')
    return { keyword, params: { comparison, limit }, message: `must be ${comparison} ${String(limit)}` }
  }
  if (origin === 'date' && typeof limit === 'number') {
    // Zod reports a date bound as a timestamp; the message shows it as a date.
    const comparison = bound === 'min' ? (issue.inclusive === false ? '>' : '>=') : (issue.inclusive === false ? '<' : '<=')
    return { keyword: bound === 'min' ? 'formatMinimum' : 'formatMaximum', params: { comparison, limit }, message: `must be ${comparison} ${new Date(limit).toISOString()}` }
  }
  const fewerOrMore = bound === 'min' ? 'fewer' : 'more'
  if (lengthOrigins.has(origin)) {
    return { keyword: bound === 'min' ? 'minLength' : 'maxLength', params: { limit }, message: `must NOT have ${fewerOrMore} than ${String(limit)} characters` }
  }
  if (sizeOrigins.has(origin)) {
    return { keyword: bound === 'min' ? 'minItems' : 'maxItems', params: { limit }, message: `must NOT have ${fewerOrMore} than ${String(limit)} items` }
  }
  // Files and anything newer: Zod's own message.
  return { keyword: bound === 'min' ? 'too_small' : 'too_big', params: { origin, limit }, message: undefined }
}

function formatOf (issue: ZodIssueLike): IssueDescription {
  switch (issue.format) {
    case 'regex': {
      // Zod reports the RegExp's toString() ("/^a+$/i"); Ajv shows the source, as written in a schema.
      const pattern = String(issue.pattern).replace(/^\/(.*)\/[a-z]*$/s, '$1')
      return { keyword: 'pattern', params: { pattern }, message: `must match pattern "${pattern}"` }
    }
    case 'starts_with': return { keyword: 'format', params: { format: 'starts_with', prefix: issue.prefix }, message: `must start with "${String(issue.prefix)}"` }
    case 'ends_with': return { keyword: 'format', params: { format: 'ends_with', suffix: issue.suffix }, message: `must end with "${String(issue.suffix)}"` }
    case 'includes': return { keyword: 'format', params: { format: 'includes', includes: issue.includes }, message: `must include "${String(issue.includes)}"` }
    default: return { keyword: 'format', params: { format: issue.format }, message: `must match format "${String(issue.format)}"` }
  }
}

/**
 * Maps a Zod issue to the keyword, params and wording Ajv uses for the same failure, so a server
 * mixing Ajv and Zod routes answers alike ("body/age should be number"). `missingProperty` is set
 * when the issue is about a property absent from the data.
 */
export function describeIssue (issue: ZodIssueLike, missingProperty: string | undefined): IssueDescription {
  switch (issue.code) {
    case 'invalid_type': {
      if (missingProperty !== undefined) {
        return { keyword: 'required', params: { missingProperty }, message: `must have required property '${missingProperty}'` }
      }
      const expected = issue.expected ?? 'valid'
      const type = typeNames[expected] ?? expected
      return { keyword: 'type', params: { type }, message: `must be ${type}` }
    }
    case 'too_small': return limitOf(issue, 'min')
    case 'too_big': return limitOf(issue, 'max')
    case 'invalid_format': return formatOf(issue)
    case 'not_multiple_of':
      return { keyword: 'multipleOf', params: { multipleOf: issue.divisor }, message: `must be multiple of ${String(issue.divisor)}` }
    case 'unrecognized_keys': {
      const keys = issue.keys ?? []
      return { keyword: 'additionalProperties', params: { additionalProperty: keys[0], additionalProperties: keys }, message: 'must NOT have additional properties' }
    }
    case 'invalid_value': {
      const values = issue.values ?? []
      if (values.length === 1) return { keyword: 'const', params: { allowedValue: values[0] }, message: 'must be equal to constant' }
      return { keyword: 'enum', params: { allowedValues: values }, message: 'must be equal to one of the allowed values' }
    }
    case 'invalid_union':
      if (issue.note === 'No matching discriminator') {
        return { keyword: 'discriminator', params: {}, message: 'must be equal to one of the allowed values' }
      }
      return { keyword: 'anyOf', params: {}, message: 'must match a schema in anyOf' }
    case 'invalid_key':
      return { keyword: 'propertyNames', params: {}, message: 'property name must be valid' }
    case 'custom':
      // A refinement without a message of its own: Zod would say "Invalid input".
      return { keyword: 'custom', params: issue.params ?? {}, message: 'is invalid' }
    default:
      return { keyword: issue.code, params: {}, message: undefined }
  }
}
