/**
 * JSON text of `value` for use as a cache key, or `undefined` when the value is not plain JSON
 * (functions, symbols, bigints, cycles). JSON.stringify would drop or choke on those, and two
 * schemas that differ only there must not share a cache entry.
 */
export function jsonCacheKey (value: unknown): string | undefined {
  let plainJson = true
  function detectNonJson (_key: string, member: unknown): unknown {
    const type = typeof member
    if (type === 'function' || type === 'symbol' || type === 'bigint') {
      plainJson = false
      return null
    }
    return member
  }
  try {
    const text = JSON.stringify(value, detectNonJson)
    return plainJson ? text : undefined
  } catch {
    return undefined
  }
}

/**
 * Key of a set of shared schemas. Entries are sorted by name so the order in which contexts added
 * their schemas does not matter; the schemas' own content keeps its key order, because property
 * order decides which error Ajv reports first.
 */
export function externalSchemasCacheKey (externalSchemas: Record<string, object>): string | undefined {
  const entries = Object.keys(externalSchemas)
    .sort()
    .map(function entryOf (name) { return [name, externalSchemas[name]] })
  return jsonCacheKey(entries)
}
