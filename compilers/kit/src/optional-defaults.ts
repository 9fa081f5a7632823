/**
 * A JSON Schema describing the *output* of a parse lists defaulted properties as required, because
 * the parse always fills them. fast-json-stringify does not parse: it throws on a missing required
 * property but writes the `default` of an absent one. So a property with a default is made optional
 * again, which gives the same output the parse would. Returns a copy; the input is not modified.
 */
export function withOptionalDefaults (schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withOptionalDefaults)
  if (schema === null || typeof schema !== 'object') return schema
  const copy: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(schema)) {
    // Literal values, not subschemas: copy them as they are.
    copy[key] = key === 'default' || key === 'const' || key === 'enum' || key === 'examples' ? value : withOptionalDefaults(value)
  }
  const properties = copy.properties
  if (Array.isArray(copy.required) && properties !== null && typeof properties === 'object') {
    copy.required = copy.required.filter(function hasNoDefault (name) {
      const property = (properties as Record<string, unknown>)[String(name)]
      return !(property !== null && typeof property === 'object' && 'default' in property)
    })
  }
  return copy
}
