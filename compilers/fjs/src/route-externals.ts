/**
 * The shared schemas handed to fast-json-stringify for one route schema. When the route schema is
 * itself a shared schema (same `$id`), passing both registers that id twice, which
 * fast-json-stringify (like Ajv underneath it) rejects or resolves to the wrong copy; the route
 * schema is the one being compiled, so its entry is left out.
 */
export function externalsForRouteSchema (
  externalSchemas: Record<string, object>,
  routeSchema: unknown
): Record<string, object> {
  const routeId = schemaId(routeSchema)
  if (routeId === undefined) return externalSchemas
  const matchingKeys = Object.keys(externalSchemas).filter(function isSameSchemaId (key) {
    return key === routeId || schemaId(externalSchemas[key]) === routeId
  })
  if (matchingKeys.length === 0) return externalSchemas
  const remaining: Record<string, object> = {}
  for (const key of Object.keys(externalSchemas)) {
    if (!matchingKeys.includes(key)) remaining[key] = externalSchemas[key] as object
  }
  return remaining
}

function schemaId (schema: unknown): string | undefined {
  if (typeof schema !== 'object' || schema === null) return undefined
  const id = (schema as { $id?: unknown }).$id
  return typeof id === 'string' ? id : undefined
}
