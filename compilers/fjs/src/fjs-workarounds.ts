/**
 * Rewrites of a schema, before fast-json-stringify compiles it, that avoid bugs of it. They were
 * found by comparing its output with the inspector's predictions; the rewrites keep its documented
 * behaviour and never touch the caller's objects (changed nodes are copied).
 *
 * 1. `additionalProperties: false` misbehaves: next to `patternProperties` (even `{}`) every
 *    undeclared property is written verbatim, a disclosure the response schema exists to prevent;
 *    in an `allOf` member or next to `if`, the properties merged in from elsewhere are written
 *    without their type conversions. Its README says an absent `additionalProperties` already
 *    means "leave undeclared properties out", so the `false` is removed, except where Ajv
 *    validates the schema to choose an `anyOf`/`oneOf` member or an `if` branch: there it changes
 *    which data matches, and data matching it has no undeclared property to leak anyway.
 *    (fast-json-stringify 7 fixed the `patternProperties` case; the `allOf`/`if` one remains.)
 * 2. A `required` name that `properties` does not declare, on an object that writes undeclared
 *    properties (`additionalProperties` or `patternProperties`), produces `{,"x":1}`: invalid
 *    JSON. Declaring the name with the schema it is written with anyway (the matching pattern's,
 *    else the additionalProperties one) gives the same values, now valid, and validates the same;
 *    only their position among the properties changes. A required name nothing writes is left.
 *    (Fixed in fast-json-stringify 7; the rewrite stays as a guard and changes nothing there.)
 */
export function withFjsWorkarounds<T> (schema: T): T {
  return rewriteSchema(schema, false, { plain: new Map(), validated: new Map() }) as T
}

type SchemaNode = Record<string, unknown>

interface Rewrites {
  plain: Map<object, unknown>
  validated: Map<object, unknown>
}

const SUBSCHEMA_KEYWORDS = ['additionalProperties', 'items', 'additionalItems', 'then', 'else']
const VALIDATED_SUBSCHEMA_KEYWORDS = ['if', 'not', 'contains', 'propertyNames']
const SUBSCHEMA_LIST_KEYWORDS = ['allOf', 'items']
const VALIDATED_SUBSCHEMA_LIST_KEYWORDS = ['anyOf', 'oneOf']
const SUBSCHEMA_MAP_KEYWORDS = ['properties', 'patternProperties', 'definitions', '$defs', 'dependencies']

function isNode (value: unknown): value is SchemaNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function rewriteSchema (schema: unknown, validated: boolean, rewrites: Rewrites): unknown {
  if (!isNode(schema)) return schema
  const done = validated ? rewrites.validated : rewrites.plain
  const previous = done.get(schema)
  if (previous !== undefined) return previous
  // Cyclic schema objects resolve to the original until the rewrite of the cycle's head is known.
  done.set(schema, schema)
  const changes: SchemaNode = {}
  function rewriteKeywords (keywords: readonly string[], inValidation: boolean, kind: 'schema' | 'list' | 'map'): void {
    for (const keyword of keywords) {
      const value = (schema as SchemaNode)[keyword]
      if (kind === 'schema' && isNode(value)) changes[keyword] = rewriteSchema(value, inValidation, rewrites)
      if (kind === 'list' && Array.isArray(value)) changes[keyword] = rewriteList(value, inValidation, rewrites)
      if (kind === 'map' && isNode(value)) changes[keyword] = rewriteMap(value, inValidation, rewrites)
    }
  }
  rewriteKeywords(SUBSCHEMA_KEYWORDS, validated, 'schema')
  rewriteKeywords(VALIDATED_SUBSCHEMA_KEYWORDS, true, 'schema')
  rewriteKeywords(SUBSCHEMA_LIST_KEYWORDS, validated, 'list')
  rewriteKeywords(VALIDATED_SUBSCHEMA_LIST_KEYWORDS, true, 'list')
  rewriteKeywords(SUBSCHEMA_MAP_KEYWORDS, validated, 'map')
  const changed = Object.keys(changes).some(function differs (keyword) { return changes[keyword] !== schema[keyword] })
  let result = changed ? { ...schema, ...changes } : schema
  if (!validated) result = withoutFalseAdditionalProperties(result)
  result = withRequiredNamesDeclared(result)
  done.set(schema, result)
  return result
}

function rewriteList (list: unknown[], validated: boolean, rewrites: Rewrites): unknown[] {
  const rewritten = list.map(function rewriteEntry (entry) { return rewriteSchema(entry, validated, rewrites) })
  return rewritten.every(function unchanged (entry, index) { return entry === list[index] }) ? list : rewritten
}

function rewriteMap (map: SchemaNode, validated: boolean, rewrites: Rewrites): SchemaNode {
  let copy: SchemaNode | undefined
  for (const key of Object.keys(map)) {
    const rewritten = rewriteSchema(map[key], validated, rewrites)
    if (rewritten !== map[key]) {
      copy ??= { ...map }
      copy[key] = rewritten
    }
  }
  return copy ?? map
}

function withoutFalseAdditionalProperties (node: SchemaNode): SchemaNode {
  if (node.additionalProperties !== false) return node
  const { additionalProperties: _removed, ...rest } = node
  // Without `type`, `additionalProperties` may be what marks the node as an object schema; an
  // empty `properties` keeps it one, where nothing would make fast-json-stringify write anything.
  if (rest.type === undefined && !isNode(rest.properties)) rest.properties = {}
  return rest
}

function withRequiredNamesDeclared (node: SchemaNode): SchemaNode {
  const patterns = isNode(node.patternProperties) ? node.patternProperties : undefined
  const additional = node.additionalProperties
  const writesUndeclared = patterns !== undefined || additional === true || isNode(additional)
  if (!writesUndeclared || !Array.isArray(node.required)) return node
  const properties = isNode(node.properties) ? node.properties : {}
  let declared: SchemaNode | undefined
  for (const name of node.required) {
    if (typeof name !== 'string' || Object.prototype.hasOwnProperty.call(properties, name)) continue
    const schema = schemaWrittenWith(name, patterns, additional)
    if (schema === undefined) continue
    declared ??= { ...properties }
    declared[name] = schema
  }
  return declared === undefined ? node : { ...node, properties: declared }
}

function schemaWrittenWith (name: string, patterns: SchemaNode | undefined, additional: unknown): unknown {
  for (const pattern of Object.keys(patterns ?? {})) {
    if (safeTest(pattern, name)) return (patterns as SchemaNode)[pattern]
  }
  if (additional === true) return {}
  return isNode(additional) ? additional : undefined
}

function safeTest (pattern: string, name: string): boolean {
  try {
    return new RegExp(pattern).test(name)
  } catch {
    return false
  }
}
