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

/** Keywords holding one subschema, or an array of them, at any depth of a headers schema. */
const subschemaKeywords = ['allOf', 'anyOf', 'oneOf', 'not', 'if', 'then', 'else', 'items', 'additionalItems',
  'additionalProperties', 'unevaluatedItems', 'unevaluatedProperties', 'contains', 'contentSchema'] as const

/** Keywords mapping names that are not header names (definitions, patterns) to subschemas. */
const subschemaMaps = ['definitions', '$defs', 'patternProperties'] as const

function lowerCaseName (name: unknown): unknown {
  return typeof name === 'string' ? name.toLowerCase() : name
}

function lowerCaseKeys (map: JsonSchema, value: (entry: unknown) => unknown): JsonSchema {
  const copy: JsonSchema = {}
  for (const name of Object.keys(map)) copy[name.toLowerCase()] = value(map[name])
  return copy
}

function lowerCaseNameList (entry: unknown): unknown {
  return Array.isArray(entry) ? entry.map(lowerCaseName) : entry
}

/**
 * Every place a header name can appear, at any depth: property names, `required`, the
 * `dependencies` / `dependentRequired` / `dependentSchemas` triggers and lists, and inside
 * `propertyNames` the `enum` / `const` values (there they are names, elsewhere header values).
 * A name left in its written case would never match the lower-cased request headers, and the
 * assertion holding it would silently pass.
 */
function lowerCaseHeaderNames (schema: unknown, namesOnly = false): unknown {
  if (Array.isArray(schema)) return schema.map((branch: unknown) => lowerCaseHeaderNames(branch, namesOnly))
  if (!isPlainSchema(schema)) return schema
  const copy: JsonSchema = { ...schema }
  const walk = (entry: unknown): unknown => lowerCaseHeaderNames(entry, namesOnly)
  if (isPlainSchema(schema.properties)) copy.properties = lowerCaseKeys(schema.properties, walk)
  if (Array.isArray(schema.required)) copy.required = schema.required.map(lowerCaseName)
  if (isPlainSchema(schema.dependencies)) {
    copy.dependencies = lowerCaseKeys(schema.dependencies, (entry) => Array.isArray(entry) ? entry.map(lowerCaseName) : walk(entry))
  }
  if (isPlainSchema(schema.dependentRequired)) copy.dependentRequired = lowerCaseKeys(schema.dependentRequired, lowerCaseNameList)
  if (isPlainSchema(schema.dependentSchemas)) copy.dependentSchemas = lowerCaseKeys(schema.dependentSchemas, walk)
  for (const keyword of subschemaKeywords) {
    if (schema[keyword] !== undefined) copy[keyword] = walk(schema[keyword])
  }
  for (const keyword of subschemaMaps) {
    const map = schema[keyword]
    if (!isPlainSchema(map)) continue
    const normalized: JsonSchema = {}
    for (const name of Object.keys(map)) normalized[name] = walk(map[name])
    copy[keyword] = normalized
  }
  if (schema.propertyNames !== undefined) copy.propertyNames = lowerCaseHeaderNames(schema.propertyNames, true)
  if (namesOnly) {
    if (Array.isArray(schema.enum)) copy.enum = schema.enum.map(lowerCaseName)
    if (typeof schema.const === 'string') copy.const = schema.const.toLowerCase()
  }
  return copy
}

/**
 * Header names arrive lower-cased from Node, so the schema's names are lower-cased too, on a copy
 * and at every depth (see lowerCaseHeaderNames). A `$ref` to a shared schema is left as it is:
 * that schema is shared with the other parts.
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
 * Whether `query` stands for `querystring`. Fastify 4.29 copies only a truthy one; Fastify 5.12 any
 * value but undefined. `false` (deny every request) is copied on every entry: under the alias it
 * must close the route as it does under its own name.
 */
/** Schemas whose `query` was copied to `querystring` already (a `false` cannot tell by identity). */
const queryAliased = new WeakSet<object>()

function aliasesQuery (value: unknown, api: 4 | 5): boolean {
  return api === 5 ? value !== undefined : Boolean(value) || value === false
}

/**
 * Rewrites a route's own schema object in place, as Fastify does when routes are built, so that
 * `onRoute` hooks that kept it and plugins reading routes later (@fastify/swagger) see what
 * Fastify's would: `query` copied to `querystring`, fluent-json-schema builders replaced by their
 * JSON Schema, the shorthand expanded, in the request parts and the response schemas. Expanding
 * the shorthand emits Fastify 4.29's deprecation naming `url` (once a process, as there).
 */
export function normalizeRouteSchema (given: RouteSchema, shorthand: boolean, url: string, api: 4 | 5): RouteSchema {
  // A frozen schema cannot be rewritten: its normal form is built on a copy.
  const schema = Object.isFrozen(given) ? Object.assign({}, given) : given
  // A schema object shared by two routes (the automatic HEAD route) arrives here aliased already.
  if (!queryAliased.has(schema) && aliasesQuery(schema.query, api)) {
    if (aliasesQuery(schema.querystring, api)) throw new errorCodes.FST_ERR_SCH_DUPLICATE('querystring')
    schema.query = normalizeOne(schema.query, shorthand, url)
    schema.querystring = schema.query
    queryAliased.add(schema)
  }
  for (const part of requestParts) normalizeEntry(schema, part, shorthand, url)
  const response = schema.response
  if (isPlainSchema(response) && !Object.isFrozen(response)) {
    for (const status of Object.keys(response)) normalizeEntry(response, status, shorthand, url, true)
  }
  return schema
}
