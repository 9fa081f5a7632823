import type { StandardJSONSchemaV1, StandardSchemaV1 } from '@standard-schema/spec'
import { StandardSchemaCompilerError } from './errors.js'

export function isStandardSchema (value: unknown): value is StandardSchemaV1 {
  if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return false
  const props = (value as { '~standard'?: { version?: unknown, validate?: unknown } })['~standard']
  return props !== null && typeof props === 'object' && props.version === 1 && typeof props.validate === 'function'
}

function describeValue (value: unknown): string {
  if (value === null) return 'null'
  if (typeof value !== 'object') return typeof value
  const proto: unknown = Object.getPrototypeOf(value)
  if (proto === Object.prototype || proto === null) return 'a plain object without "~standard" (JSON Schema?)'
  return `an instance of ${String((value as { constructor?: { name?: string } }).constructor?.name ?? 'an unknown class')} without "~standard"`
}

/** `where` names the route and part, so the build error points at the schema to fix. */
export function assertStandardSchema (schema: unknown, where: string): asserts schema is StandardSchemaV1 {
  if (isStandardSchema(schema)) return
  throw new StandardSchemaCompilerError(
    'ENC_ERR_STANDARD_SCHEMA_NOT_A_SCHEMA',
    `${where}: expected a Standard Schema (version 1: zod 4, valibot 1, arktype 2, …), got ${describeValue(schema)}. ` +
      'Write the part as one schema of the library (an object schema, not a record of schemas), or give the route another compiler.'
  )
}

/** Draft-07 is what fast-json-stringify speaks; 2020-12 is the spec's other recommended target. */
const targets: readonly StandardJSONSchemaV1.Target[] = ['draft-07', 'draft-2020-12']

/**
 * The schema as JSON Schema through the Standard JSON Schema interface (`~standard.jsonSchema`),
 * draft-07 if the library can, else draft 2020-12 (joi 18 offers only that); undefined when the
 * library does not offer the interface or cannot express this schema (the interface may throw).
 */
export function jsonSchemaOf (schema: StandardSchemaV1, io: 'input' | 'output'): Record<string, unknown> | undefined {
  const converter = (schema['~standard'] as Partial<StandardJSONSchemaV1.Props>).jsonSchema
  if (converter === null || typeof converter !== 'object' || typeof converter[io] !== 'function') return undefined
  for (const target of targets) {
    try {
      const jsonSchema = converter[io]({ target })
      if (jsonSchema !== null && typeof jsonSchema === 'object') return jsonSchema
    } catch {
      // This target (or this schema) is not supported: try the next one.
    }
  }
  return undefined
}

export function isThenable<T> (value: T | PromiseLike<T>): value is PromiseLike<T> {
  return value !== null && typeof value === 'object' && typeof (value as { then?: unknown }).then === 'function'
}
