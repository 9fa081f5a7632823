interface ZodNode { _zod: { def: Record<string, unknown> } }

function isZodNode (value: unknown): value is ZodNode {
  if (value === null || typeof value !== 'object') return false
  const internals = (value as { _zod?: { def?: unknown } })._zod
  return internals !== null && typeof internals === 'object' && internals.def !== null && typeof internals.def === 'object'
}

/** Kinds whose parse runs the user's code or awaits a value: any of them may hand Zod a promise. */
const userCodeTypes = new Set(['transform', 'promise', 'custom', 'function'])

function runsUserCode (def: Record<string, unknown>): boolean {
  // def.check 'custom' is a refine/superRefine/check rule (or z.custom); def.transform is a codec's.
  return userCodeTypes.has(def.type as string) || def.check === 'custom' || typeof def.transform === 'function'
}

function visitChildren (value: unknown, seen: Set<object>): boolean {
  if (isZodNode(value)) return visitNode(value, seen)
  if (Array.isArray(value)) {
    for (const item of value) if (visitChildren(item, seen)) return true
    return false
  }
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    if (seen.has(value)) return false
    seen.add(value)
    for (const key of Object.keys(value)) if (visitChildren((value as Record<string, unknown>)[key], seen)) return true
  }
  return false
}

function visitNode (node: ZodNode, seen: Set<object>): boolean {
  if (seen.has(node)) return false
  seen.add(node)
  const def = node._zod.def
  if (runsUserCode(def)) return true
  if (def.type === 'lazy' && typeof def.getter === 'function') {
    let inner: unknown
    try {
      inner = (def.getter as () => unknown)()
    } catch {
      // A getter that fails now is unknown code: treat it as possibly asynchronous.
      return true
    }
    return visitChildren(inner, seen)
  }
  for (const key of Object.keys(def)) {
    if (visitChildren(def[key], seen)) return true
  }
  return false
}

/**
 * Whether parsing this Zod 4 schema may meet a promise: true when any node runs code of the user's
 * (a refine, superRefine, check or z.custom rule, a transform, a codec, z.promise, z.function).
 * Why it is decided from the schema's structure, once: a synchronous parse that meets an async rule
 * throws and drops the rule's promise, so a rule that rejects becomes an unhandled rejection, which
 * ends a Node process by default. Only a schema without such code may take the synchronous parse.
 * Reads `_zod.def` only, so it needs no Zod import.
 */
export function zodMayRunAsync (schema: unknown): boolean {
  if (!isZodNode(schema)) return false
  return visitNode(schema, new Set())
}
