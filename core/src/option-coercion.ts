/**
 * Fastify 4 validates these factory options with an Ajv schema compiled with `coerceTypes: true`:
 * a value of another scalar type is converted when Ajv can (`'10'` → 10, `1` → true, `null` → false)
 * and the converted value is used; anything else fails with Ajv's message.
 */
import { kNotCoercible } from './symbols.js'

type SchemaType = 'integer' | 'boolean' | 'string'

export const fastifyOptionTypes: Readonly<Record<string, SchemaType>> = {
  connectionTimeout: 'integer',
  keepAliveTimeout: 'integer',
  maxRequestsPerSocket: 'integer',
  requestTimeout: 'integer',
  handlerTimeout: 'integer',
  maxParamLength: 'integer',
  pluginTimeout: 'integer',
  http2SessionTimeout: 'integer',
  caseSensitive: 'boolean',
  allowUnsafeRegex: 'boolean',
  ignoreTrailingSlash: 'boolean',
  ignoreDuplicateSlashes: 'boolean',
  disableRequestLogging: 'boolean',
  jsonShorthand: 'boolean',
  exposeHeadRoutes: 'boolean',
  useSemicolonDelimiter: 'boolean',
  onProtoPoisoning: 'string',
  onConstructorPoisoning: 'string',
  requestIdLogLabel: 'string'
}

/** Options whose schema also accepts `null` (Fastify's `nullable: true`). */
const nullable = new Set(['maxRequestsPerSocket'])

function toNumber (value: unknown): number | typeof kNotCoercible {
  if (typeof value === 'number') return value
  if (typeof value === 'boolean') return value ? 1 : 0
  if (value === null) return 0
  if (typeof value === 'string' && value !== '' && !Number.isNaN(Number(value))) return Number(value)
  return kNotCoercible
}

function toBoolean (value: unknown): boolean | typeof kNotCoercible {
  if (typeof value === 'boolean') return value
  if (value === 'true' || value === 1) return true
  if (value === 'false' || value === 0 || value === null) return false
  return kNotCoercible
}

function toText (value: unknown): string | typeof kNotCoercible {
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  if (value === null) return ''
  return kNotCoercible
}

/** The value Fastify would use for option `name`, or kNotCoercible (then `mustBe` names the type). */
export function coerceOption (name: string, value: unknown): unknown {
  const type = fastifyOptionTypes[name]
  if (type === undefined || (value === null && nullable.has(name))) return value
  if (type === 'boolean') return toBoolean(value)
  if (type === 'string') return toText(value)
  const number = toNumber(value)
  return number !== kNotCoercible && Number.isInteger(number) ? number : kNotCoercible
}

/** Fastify's FST_ERR_INIT_OPTS_INVALID detail for an option its schema refuses. */
export function schemaMessage (name: string): string {
  return JSON.stringify([`must be ${fastifyOptionTypes[name]!}`])
}
