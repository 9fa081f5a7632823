import { someZodNode } from './zod-schema-walk.js'

/**
 * Zod 4 node types whose parse output is the input itself, or the input with undeclared object
 * keys left out — what fast-json-stringify writes from the schema's JSON Schema. Anything else may
 * change the value (`transform`, `pipe` and `preprocess`, `default`, `prefault`, `catch`, codecs),
 * refuse it (`never`, `nonoptional`, `success`) or is not JSON (`date`, `map`, …).
 */
const plainTypes = new Set([
  'string', 'number', 'int', 'boolean', 'bigint', 'null', 'any', 'unknown', 'object', 'record', 'array', 'tuple',
  'union', 'intersection', 'enum', 'literal', 'nullable', 'optional', 'readonly', 'template_literal', 'lazy'
])

/**
 * Zod 4 checks that only accept or refuse. `overwrite` (`.trim()`, `.toLowerCase()`,
 * `.overwrite()`) rewrites the value and `custom` (`.refine()`, `.check()`, `.superRefine()`) runs
 * code of the user's, which may too: neither is listed.
 */
const plainChecks = new Set([
  'less_than', 'greater_than', 'multiple_of', 'number_format', 'bigint_format', 'max_size', 'min_size', 'size_equals',
  'max_length', 'min_length', 'length_equals', 'string_format', 'regex', 'lowercase', 'uppercase', 'includes',
  'starts_with', 'ends_with', 'property', 'mime_type'
])

/** A node is plain only when every kind it declares is known to be; anything unknown (Zod 3, a newer kind) is not. */
function mayRewrite (def: Record<string, unknown>): boolean {
  const type = def.type
  const check = def.check
  if (type === undefined && check === undefined) return true
  if (type !== undefined && !plainTypes.has(type as string)) return true
  if (check !== undefined && !plainChecks.has(check as string)) return true
  return typeof def.transform === 'function'
}

/**
 * Whether a Zod response schema may send something other than its input minus undeclared keys:
 * true when any node, however deep (object property, array item, union member, record value, lazy,
 * pipe…), is not provably plain (see plainTypes and plainChecks). Such a schema is serialized by
 * parsing the payload, which applies what the schema says, never by fast-json-stringify, which
 * would write the payload as it is. Decided once, at ready().
 */
export function zodOutputMayDiffer (schema: unknown): boolean {
  return someZodNode(schema, mayRewrite)
}
