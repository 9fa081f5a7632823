// Keywords whose value is a map from names to schemas: the names are data (property names such as
// "x-api-key" in a headers schema), only the values are schemas.
const schemaMapKeywords = new Set([
  'properties',
  'patternProperties',
  'definitions',
  '$defs',
  'dependencies',
  'dependentSchemas'
])

// Keywords whose value is instance data or an annotation payload, never a schema: walking into them
// would mistake data for keywords.
const dataKeywords = new Set([
  'const',
  'enum',
  'default',
  'examples',
  'example',
  'required',
  'xml',
  'externalDocs',
  'discriminator'
])

function isObject (value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

/**
 * Calls `visit` for every object that sits in a schema position of `schema`, the root included.
 * Keywords it does not know (plugin keywords such as `$merge`) are walked as if they held schemas,
 * because that is what plugin keywords usually carry. Shared object references and cycles are
 * visited once.
 */
export function forEachSchemaObject (schema: unknown, visit: (schemaObject: Record<string, unknown>) => void): void {
  const seen = new Set<object>()

  function walk (node: unknown): void {
    if (!isObject(node) || seen.has(node)) return
    seen.add(node)
    if (Array.isArray(node)) {
      for (const item of node) walk(item)
      return
    }
    visit(node)
    for (const [keyword, value] of Object.entries(node)) {
      if (dataKeywords.has(keyword) || isVendorKeyword(keyword)) continue
      if (schemaMapKeywords.has(keyword) && isObject(value) && !Array.isArray(value)) {
        for (const member of Object.values(value)) walk(member)
      } else {
        walk(value)
      }
    }
  }

  walk(schema)
}

export function isVendorKeyword (keyword: string): boolean {
  return keyword.startsWith('x-')
}

export function collectVendorKeywords (schema: unknown): Set<string> {
  const keywords = new Set<string>()
  forEachSchemaObject(schema, function collectFromSchemaObject (schemaObject) {
    for (const keyword of Object.keys(schemaObject)) {
      if (isVendorKeyword(keyword)) keywords.add(keyword)
    }
  })
  return keywords
}

export function declaresAsync (schema: unknown): boolean {
  let found = false
  forEachSchemaObject(schema, function checkAsync (schemaObject) {
    if (schemaObject.$async === true) found = true
  })
  return found
}
