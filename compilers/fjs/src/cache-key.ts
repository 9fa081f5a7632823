/**
 * Cache keys for schemas. Key order is kept on purpose: fast-json-stringify writes properties in
 * the order the schema declares them, so `{a, b}` and `{b, a}` must not share a compiled function.
 * Returns `undefined` for values JSON cannot represent (cycles, BigInt): those are not cached.
 */
export function schemaCacheKey (schema: unknown): string | undefined {
  try {
    return JSON.stringify(schema) ?? 'undefined'
  } catch {
    return undefined
  }
}

/**
 * The set of shared schemas is unordered (core may collect it in any order), so the ids are sorted;
 * the content of each schema keeps its key order for the reason given above.
 */
export function externalSchemasCacheKey (externalSchemas: Record<string, object>): string | undefined {
  const ids = Object.keys(externalSchemas).sort()
  const parts: string[] = []
  for (const id of ids) {
    const content = schemaCacheKey(externalSchemas[id])
    if (content === undefined) return undefined
    parts.push(`${JSON.stringify(id)}:${content}`)
  }
  return `{${parts.join(',')}}`
}
