import type { Schema } from 'joi'
import { JoiCompilerError } from './errors.js'

/**
 * Duck-typed rather than `Joi.isSchema()`, which asserts on schemas built by another copy or
 * version of joi; the schema's own methods are used for validation anyway.
 */
export function isJoiSchema (value: unknown): value is Schema {
  if (typeof value !== 'object' || value === null) return false
  const candidate = value as Record<string, unknown>
  return typeof candidate.validate === 'function' &&
    typeof candidate.validateAsync === 'function' &&
    typeof candidate.isAsync === 'function' &&
    typeof candidate.describe === 'function' &&
    typeof candidate.type === 'string'
}

function describeValue (value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  if (typeof value !== 'object') return typeof value
  const proto = Object.getPrototypeOf(value)
  if (proto === Object.prototype || proto === null) return 'a plain object (JSON Schema?)'
  return `an instance of ${String((value as { constructor?: { name?: string } }).constructor?.name ?? 'an unknown class')}`
}

/** `where` names the route and part, so the build error points at the schema to fix. */
export function assertJoiSchema (schema: unknown, where: string): asserts schema is Schema {
  if (isJoiSchema(schema)) return
  throw new JoiCompilerError(
    'ENC_ERR_JOI_NOT_A_SCHEMA',
    `${where}: expected a Joi schema, got ${describeValue(schema)}. Write the part as a Joi schema ` +
      '(Joi.object({ … }), not a record of Joi schemas), or give the route another compiler.'
  )
}

/** The keys a Joi object schema declares (none for other types or when Joi cannot describe it). */
function declaredKeys (schema: Schema): string[] {
  if (schema.type !== 'object') return []
  try {
    const keys = (schema.describe() as { keys?: Record<string, unknown> }).keys
    return keys === undefined ? [] : Object.keys(keys)
  } catch {
    return []
  }
}

/** Header names arrive lower-cased from Node; a capitalised key in a Joi object would never match. */
export function assertLowerCaseHeaders (schema: Schema, where: string): void {
  const offending = declaredKeys(schema).filter((name) => name !== name.toLowerCase())
  if (offending.length === 0) return
  throw new JoiCompilerError(
    'ENC_ERR_JOI_HEADER_CASE',
    `${where}: header names arrive lower-cased, so ${offending.map((name) => `'${name}'`).join(', ')} would never be present; ` +
      `declare ${offending.map((name) => `'${name.toLowerCase()}'`).join(', ')} instead.`
  )
}
