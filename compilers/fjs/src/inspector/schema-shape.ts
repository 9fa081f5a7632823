export type SchemaNode = Record<string, unknown>
/** A JSON Schema: an object, or `true`/`false` (accept anything / nothing). */
export type Schema = SchemaNode | boolean

export function isSchemaNode (value: unknown): value is SchemaNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export function isSchema (value: unknown): value is Schema {
  return typeof value === 'boolean' || isSchemaNode(value)
}

const OBJECT_KEYWORDS = ['properties', 'patternProperties', 'additionalProperties', 'required']
const ARRAY_KEYWORDS = ['items', 'additionalItems']

/**
 * The JSON types a schema declares. Without `type`, fast-json-stringify still treats a schema with
 * object keywords as an object and one with `items` as an array, so those are inferred here too;
 * `undefined` means "anything", which fast-json-stringify hands to JSON.stringify.
 */
export function declaredTypes (schema: SchemaNode): string[] | undefined {
  const type = schema.type
  if (typeof type === 'string') return [type]
  if (Array.isArray(type)) {
    const types = type.filter(function isTypeName (entry): entry is string {
      return typeof entry === 'string'
    })
    return types.length > 0 ? types : undefined
  }
  if (OBJECT_KEYWORDS.some(function hasKeyword (keyword) { return keyword in schema })) return ['object']
  if (ARRAY_KEYWORDS.some(function hasKeyword (keyword) { return keyword in schema })) return ['array']
  return undefined
}

export function acceptsNull (schema: SchemaNode, types: readonly string[] | undefined): boolean {
  return schema.nullable === true || (types?.includes('null') ?? false)
}

export function withoutKeywords (schema: SchemaNode, keywords: readonly string[]): SchemaNode {
  const copy: SchemaNode = {}
  for (const key of Object.keys(schema)) {
    if (!keywords.includes(key)) copy[key] = schema[key]
  }
  return copy
}

/**
 * Combines two schemas the way fast-json-stringify combines `allOf` members, an `if` branch with
 * its parent, or an `anyOf` member with its siblings: declared properties and required names add
 * up, the more specific `type` wins, `additionalProperties: false` on either side wins, any other
 * keyword of `extra` replaces the base one.
 */
export function mergeSchemas (base: SchemaNode, extra: SchemaNode): SchemaNode {
  const merged: SchemaNode = { ...base, ...extra }
  if (isSchemaNode(base.properties) && isSchemaNode(extra.properties)) {
    merged.properties = mergeProperties(base.properties, extra.properties)
  }
  if (isSchemaNode(base.patternProperties) && isSchemaNode(extra.patternProperties)) {
    merged.patternProperties = { ...base.patternProperties, ...extra.patternProperties }
  }
  if (Array.isArray(base.required) && Array.isArray(extra.required)) {
    merged.required = [...new Set([...base.required as unknown[], ...extra.required as unknown[]])]
  }
  const type = mergeTypes(base.type, extra.type)
  if (type !== undefined) merged.type = type
  if (base.additionalProperties === false || extra.additionalProperties === false) merged.additionalProperties = false
  return merged
}

function mergeProperties (base: SchemaNode, extra: SchemaNode): SchemaNode {
  const merged: SchemaNode = { ...base }
  for (const name of Object.keys(extra)) {
    const baseProperty = base[name]
    const extraProperty = extra[name]
    merged[name] = isSchemaNode(baseProperty) && isSchemaNode(extraProperty)
      ? mergeSchemas(baseProperty, extraProperty)
      : extraProperty
  }
  return merged
}

function mergeTypes (baseType: unknown, extraType: unknown): unknown {
  if (baseType === undefined) return extraType
  if (extraType === undefined) return baseType
  const baseList = Array.isArray(baseType) ? baseType : [baseType]
  const extraList = Array.isArray(extraType) ? extraType : [extraType]
  const common = baseList.filter(function inBoth (type) {
    return extraList.includes(type) || (type === 'integer' && extraList.includes('number'))
  })
  if (common.length === 0) return extraType
  return common.length === 1 ? common[0] : common
}
