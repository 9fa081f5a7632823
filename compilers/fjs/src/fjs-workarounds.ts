/**
 * A rewrite of a schema, before fast-json-stringify compiles it, that avoids a bug of it (found by
 * comparing its output with the inspector's predictions); it keeps its documented behaviour and never
 * touches the caller's objects (changed nodes are copied).
 *
 * A `required` name that `properties` does not declare, on an object that writes undeclared
 * properties (`additionalProperties` or `patternProperties`), produced `{,"x":1}`: invalid JSON.
 * Declaring the name with the schema it is written with anyway (the matching pattern's, else the
 * additionalProperties one) gives the same values, now valid, and validates the same; only their
 * position among the properties changes. A required name nothing writes is left. (Fixed in
 * fast-json-stringify 7; the rewrite stays as a guard and changes nothing there.)
 *
 * `additionalProperties: false` is left as written. Removing it (so that properties merged in from an
 * `allOf` member or an `if` branch keep their type conversions) let a merged `additionalProperties:
 * true`, or a `patternProperties`, write every undeclared property where Fastify writes none.
 */
export function withFjsWorkarounds<T> (schema: T): T {
  return rewriteSchema(schema, new Map()) as T
}

type SchemaNode = Record<string, unknown>

/** Each schema object's rewrite, so shared and cyclic nodes are rewritten once. */
type Rewrites = Map<object, unknown>

const SUBSCHEMA_KEYWORDS = ['additionalProperties', 'items', 'additionalItems', 'then', 'else', 'if', 'not', 'contains', 'propertyNames']
const SUBSCHEMA_LIST_KEYWORDS = ['allOf', 'items', 'anyOf', 'oneOf']
const SUBSCHEMA_MAP_KEYWORDS = ['properties', 'patternProperties', 'definitions', '$defs', 'dependencies']

function isNode (value: unknown): value is SchemaNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function rewriteSchema (schema: unknown, rewrites: Rewrites): unknown {
  if (!isNode(schema)) return schema
  const previous = rewrites.get(schema)
  if (previous !== undefined) return previous
  // Cyclic schema objects resolve to the original until the rewrite of the cycle's head is known.
  rewrites.set(schema, schema)
  const changes: SchemaNode = {}
  for (const keyword of SUBSCHEMA_KEYWORDS) {
    const value = schema[keyword]
    if (isNode(value)) changes[keyword] = rewriteSchema(value, rewrites)
  }
  for (const keyword of SUBSCHEMA_LIST_KEYWORDS) {
    const value = schema[keyword]
    if (Array.isArray(value)) changes[keyword] = rewriteList(value, rewrites)
  }
  for (const keyword of SUBSCHEMA_MAP_KEYWORDS) {
    const value = schema[keyword]
    if (isNode(value)) changes[keyword] = rewriteMap(value, rewrites)
  }
  const changed = Object.keys(changes).some(function differs (keyword) { return changes[keyword] !== schema[keyword] })
  const result = withRequiredNamesDeclared(changed ? { ...schema, ...changes } : schema)
  rewrites.set(schema, result)
  return result
}

function rewriteList (list: unknown[], rewrites: Rewrites): unknown[] {
  const rewritten = list.map(function rewriteEntry (entry) { return rewriteSchema(entry, rewrites) })
  return rewritten.every(function unchanged (entry, index) { return entry === list[index] }) ? list : rewritten
}

function rewriteMap (map: SchemaNode, rewrites: Rewrites): SchemaNode {
  let copy: SchemaNode | undefined
  for (const key of Object.keys(map)) {
    const rewritten = rewriteSchema(map[key], rewrites)
    if (rewritten !== map[key]) {
      copy ??= { ...map }
      copy[key] = rewritten
    }
  }
  return copy ?? map
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
