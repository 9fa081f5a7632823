import type { JsonSchema } from './schema-store.js'

/**
 * Keywords whose value is an object in a full JSON Schema. Any other key with an object value is
 * a property name of the shorthand (so a query parameter may be called `type` or `format`).
 */
const objectValuedKeywords = new Set([
  'properties', 'definitions', '$defs', 'items', 'additionalProperties', 'not', 'if', 'then', 'else',
  'patternProperties', 'dependencies', 'propertyNames', 'contains', 'errorMessage', '$merge', '$patch',
  'content', 'additionalItems', 'discriminator', 'xml', 'externalDocs', 'example', 'examples'
])

/** Zod, Joi, yup… schema objects, TypeBox-style objects with symbols: never reshaped. */
export function isPlainSchema (schema: unknown): schema is JsonSchema {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return false
  const proto = Object.getPrototypeOf(schema)
  return (proto === Object.prototype || proto === null) && Object.getOwnPropertySymbols(schema).length === 0
}

/**
 * The spec's shorthand: `{ name: { type: 'string' } }` (no type/properties) means
 * `{ type: 'object', properties: { name: { type: 'string' } } }`.
 */
export function expandShorthand (schema: unknown): unknown {
  if (!isPlainSchema(schema)) return schema
  const keys = Object.keys(schema)
  if (keys.length === 0) return schema
  for (const key of keys) {
    const value = (schema as JsonSchema)[key]
    if (objectValuedKeywords.has(key) || typeof value !== 'object' || value === null || Array.isArray(value)) return schema
  }
  return { type: 'object', properties: schema }
}

function lowerCaseHeaderNames (schema: JsonSchema): JsonSchema {
  const copy: JsonSchema = { ...schema }
  if (isPlainSchema(schema.properties)) {
    const properties: JsonSchema = {}
    for (const name of Object.keys(schema.properties)) properties[name.toLowerCase()] = schema.properties[name]
    copy.properties = properties
  }
  if (Array.isArray(schema.required)) {
    copy.required = schema.required.map((name: unknown) => typeof name === 'string' ? name.toLowerCase() : name)
  }
  for (const combinator of ['allOf', 'anyOf', 'oneOf'] as const) {
    if (Array.isArray(schema[combinator])) {
      copy[combinator] = schema[combinator].map((branch: unknown) => isPlainSchema(branch) ? lowerCaseHeaderNames(branch) : branch)
    }
  }
  return copy
}

/**
 * Header names arrive lower-cased from Node, so the schema's names are lower-cased too (on a
 * copy): top-level properties and required entries, and those of allOf/anyOf/oneOf branches.
 */
export function normalizeHeadersSchema (schema: unknown, shorthand = true): unknown {
  const expanded = shorthand ? expandShorthand(schema) : schema
  return isPlainSchema(expanded) ? lowerCaseHeaderNames(expanded) : expanded
}
