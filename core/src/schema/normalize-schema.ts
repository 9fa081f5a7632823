/** A route's schema brought to its normal form at ready(): shorthand expanded, fluent schemas resolved, header names lower-cased. */
import { errorCodes } from '../errors/codes.js'
import { warnings } from '../errors/warnings.js'
import type { JsonSchema } from './schema-store.js'
import type { RouteSchema } from '../types/route-types.js'

/** Roots Fastify 4.29 never reads as shorthand: references, combinators and merge/patch. */
const shorthandExempt = ['$ref', 'oneOf', 'anyOf', 'allOf', '$merge', '$patch'] as const

/**
 * Zod, Joi, yup… schema objects, TypeBox-style objects with symbols, and every Standard Schema (a
 * `~standard` member, even on a plain object): never reshaped.
 */
export function isPlainSchema (schema: unknown): schema is JsonSchema {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return false
  const proto: unknown = Object.getPrototypeOf(schema)
  return (proto === Object.prototype || proto === null) && Object.getOwnPropertySymbols(schema).length === 0 &&
    (schema as Record<string, unknown>)['~standard'] === undefined
}

/**
 * The shorthand, read as Fastify 4.29 reads it: a plain schema without `type` and `properties`
 * (and not a `$ref`, combinator or merge/patch root) lists the properties at the top level, so
 * `{ name: { type: 'string' } }` (and `{}`) means `{ type: 'object', properties: { … } }`.
 */
export function expandShorthand (schema: unknown): unknown {
  if (!isPlainSchema(schema)) return schema
  if (schema.type || schema.properties) return schema
  for (const keyword of shorthandExempt) {
    if (schema[keyword]) return schema
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

/** A fluent-json-schema builder (`S.object()…`): Fastify takes its `valueOf()`, the JSON Schema it builds. */
export function resolveFluentSchema (schema: unknown): unknown {
  if (typeof schema !== 'object' || schema === null) return schema
  const fluent = schema as { isFluentSchema?: unknown, valueOf: () => unknown }
  return fluent.isFluentSchema === true && typeof fluent.valueOf === 'function' ? fluent.valueOf() : schema
}

const requestParts = ['body', 'querystring', 'params', 'headers'] as const

/** The route's URL, for Fastify 4.29's shorthand deprecation; null where no warning is due. */
type ShorthandUse = string | null

function normalizeOne (schema: unknown, shorthand: boolean, url: ShorthandUse): unknown {
  const resolved = resolveFluentSchema(schema)
  if (!shorthand) return resolved
  const expanded = expandShorthand(resolved)
  if (expanded !== resolved && url !== null) warnings.FSTDEP022(url)
  return expanded
}

/** `{ content: { 'application/json': { schema } } }`: a schema per media type. */
export function isContentKeyed (schema: unknown): schema is { content: Record<string, { schema?: unknown }> } {
  return isPlainSchema(schema) && isPlainSchema(schema.content) && schema.type === undefined && schema.properties === undefined
}

/**
 * A response schema is keyed by media type as Fastify 4.29 reads it: a `content` with one entry
 * that has no `schema` is a property named `content` (`{ content: { type: 'string' } }`), not a
 * media type; with several entries each needs its `schema` (FST_ERR_SCH_CONTENT_MISSING_SCHEMA).
 */
export function isResponseContentKeyed (schema: unknown): schema is { content: Record<string, { schema?: unknown }> } {
  if (!isContentKeyed(schema)) return false
  const types = Object.keys(schema.content)
  if (types.length === 0) return false
  if (types.length > 1) return true
  const only = schema.content[types[0]!] as unknown
  return isPlainSchema(only) && Boolean(only.schema)
}

function normalizeEntry (holder: Record<string, unknown>, key: string, shorthand: boolean, url: ShorthandUse, response = false): void {
  const value = holder[key]
  if (value === undefined || value === null) return
  if (response ? isResponseContentKeyed(value) : isContentKeyed(value)) {
    const content = (value as { content: Record<string, unknown> }).content
    for (const type of Object.keys(content)) {
      const entry = content[type]
      if (isPlainSchema(entry) && entry.schema !== undefined && !Object.isFrozen(entry)) entry.schema = normalizeOne(entry.schema, shorthand, url)
    }
    return
  }
  const normalized = normalizeOne(value, shorthand, url)
  if (normalized !== value) holder[key] = normalized
}

/**
 * Rewrites a route's own schema object in place, as Fastify does when routes are built, so that
 * `onRoute` hooks that kept it and plugins reading routes later (@fastify/swagger) see what
 * Fastify's would: `query` copied to `querystring`, fluent-json-schema builders replaced by their
 * JSON Schema, the shorthand expanded, in the request parts and the response schemas. Expanding
 * the shorthand emits Fastify 4.29's deprecation naming `url` (once a process, as there).
 */
export function normalizeRouteSchema (given: RouteSchema, shorthand: boolean, url: string): RouteSchema {
  // A frozen schema cannot be rewritten: its normal form is built on a copy.
  const schema = Object.isFrozen(given) ? Object.assign({}, given) : given
  // A schema object shared by two routes (the automatic HEAD route) arrives here aliased already.
  if (schema.query && schema.querystring !== schema.query) {
    if (schema.querystring) throw new errorCodes.FST_ERR_SCH_DUPLICATE('querystring')
    schema.query = normalizeOne(schema.query, shorthand, url)
    schema.querystring = schema.query
  }
  for (const part of requestParts) normalizeEntry(schema, part, shorthand, url)
  const response = schema.response
  if (isPlainSchema(response) && !Object.isFrozen(response)) {
    for (const status of Object.keys(response)) normalizeEntry(response, status, shorthand, url, true)
  }
  return schema
}
