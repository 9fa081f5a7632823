/**
 * A walk over a Zod schema's definition tree (Zod 4, or Zod 3 through Standard Schema), for the
 * decisions an adapter takes once at ready() from what a schema holds. Reads the definitions only,
 * so it needs no Zod import.
 */

/** A Zod 4 node keeps its definition in `_zod.def`, a Zod 3 one in `_def` (with a `typeName`). */
export function definitionOf (value: unknown): Record<string, unknown> | undefined {
  if (value === null || typeof value !== 'object') return undefined
  const internals = (value as { _zod?: { def?: unknown } })._zod
  if (internals !== null && typeof internals === 'object' && internals.def !== null && typeof internals.def === 'object') {
    return internals.def as Record<string, unknown>
  }
  const def = (value as { _def?: { typeName?: unknown } })._def
  if (def !== null && typeof def === 'object' && typeof def.typeName === 'string') return def as Record<string, unknown>
  return undefined
}

/** Zod 4's z.lazy and Zod 3's z.lazy (`getter`), Zod 3's object (`shape()`): children behind a call. */
function deferredChild (def: Record<string, unknown>): { found: true, child: unknown } | { found: false } {
  const isLazy = def.type === 'lazy' || def.typeName === 'ZodLazy'
  const call = isLazy ? def.getter : def.typeName === 'ZodObject' ? def.shape : undefined
  if (typeof call !== 'function') return { found: false }
  return { found: true, child: (call as () => unknown)() }
}

function visitValue (value: unknown, seen: Set<object>, matches: NodeTest): boolean {
  const def = definitionOf(value)
  if (def !== undefined) return visitNode(value as object, def, seen, matches)
  if (Array.isArray(value)) {
    for (const item of value) if (visitValue(item, seen, matches)) return true
    return false
  }
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    if (seen.has(value)) return false
    seen.add(value)
    for (const key of Object.keys(value)) if (visitValue((value as Record<string, unknown>)[key], seen, matches)) return true
  }
  return false
}

function visitNode (node: object, def: Record<string, unknown>, seen: Set<object>, matches: NodeTest): boolean {
  if (seen.has(node)) return false
  seen.add(node)
  if (matches(def)) return true
  let deferred
  try {
    deferred = deferredChild(def)
  } catch {
    // A getter that fails now hides what it would return: count it as a match (the safe answer).
    return true
  }
  if (deferred.found && visitValue(deferred.child, seen, matches)) return true
  for (const key of Object.keys(def)) {
    if (visitValue(def[key], seen, matches)) return true
  }
  return false
}

/** Whether a node's definition is one the caller looks for. */
export type NodeTest = (def: Record<string, unknown>) => boolean

/**
 * Whether any node of a Zod schema (its checks, children, lazy and recursive parts included)
 * matches; a getter that throws counts as a match. False for a value that is not a Zod schema.
 */
export function someZodNode (schema: unknown, matches: NodeTest): boolean {
  const def = definitionOf(schema)
  if (def === undefined || schema === null || typeof schema !== 'object') return false
  try {
    return visitNode(schema, def, new Set(), matches)
  } catch {
    // A getter of a shape (a recursive property) threw: what it hides is unknown.
    return true
  }
}
