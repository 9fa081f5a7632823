/**
 * Whether a Zod schema runs code of the user's, read from its structure at build time: only a schema
 * without such code may take Zod's synchronous parse, which drops the promise of an async rule.
 */

/** A Zod 4 node keeps its definition in `_zod.def`, a Zod 3 one in `_def` (with a `typeName`). */
function definitionOf (value: unknown): Record<string, unknown> | undefined {
  if (value === null || typeof value !== 'object') return undefined
  const internals = (value as { _zod?: { def?: unknown } })._zod
  if (internals !== null && typeof internals === 'object' && internals.def !== null && typeof internals.def === 'object') {
    return internals.def as Record<string, unknown>
  }
  const def = (value as { _def?: { typeName?: unknown } })._def
  if (def !== null && typeof def === 'object' && typeof def.typeName === 'string') return def as Record<string, unknown>
  return undefined
}

/**
 * Kinds whose parse runs the user's code or awaits a value: any of them may hand Zod a promise.
 * Zod 4: 'transform', 'promise', 'custom', 'function'; Zod 3: ZodEffects (refine, superRefine,
 * transform, preprocess, z.custom), ZodPromise, ZodFunction.
 */
const userCodeTypes = new Set(['transform', 'promise', 'custom', 'function', 'ZodEffects', 'ZodPromise', 'ZodFunction'])

function runsUserCode (def: Record<string, unknown>): boolean {
  // Zod 4: def.check 'custom' is a refine/superRefine/check rule (or z.custom); def.transform a codec's.
  return userCodeTypes.has((def.type ?? def.typeName) as string) || def.check === 'custom' || typeof def.transform === 'function'
}

/** Zod 4's z.lazy and Zod 3's z.lazy (`getter`), Zod 3's object (`shape()`): children behind a call. */
function deferredChild (def: Record<string, unknown>): { found: true, child: unknown } | { found: false } {
  const isLazy = def.type === 'lazy' || def.typeName === 'ZodLazy'
  const call = isLazy ? def.getter : def.typeName === 'ZodObject' ? def.shape : undefined
  if (typeof call !== 'function') return { found: false }
  return { found: true, child: (call as () => unknown)() }
}

function visitValue (value: unknown, seen: Set<object>): boolean {
  const def = definitionOf(value)
  if (def !== undefined) return visitNode(value as object, def, seen)
  if (Array.isArray(value)) {
    for (const item of value) if (visitValue(item, seen)) return true
    return false
  }
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    if (seen.has(value)) return false
    seen.add(value)
    for (const key of Object.keys(value)) if (visitValue((value as Record<string, unknown>)[key], seen)) return true
  }
  return false
}

function visitNode (node: object, def: Record<string, unknown>, seen: Set<object>): boolean {
  if (seen.has(node)) return false
  seen.add(node)
  if (runsUserCode(def)) return true
  let deferred
  try {
    deferred = deferredChild(def)
  } catch {
    // A getter that fails now is unknown code: treat it as possibly asynchronous.
    return true
  }
  if (deferred.found && visitValue(deferred.child, seen)) return true
  for (const key of Object.keys(def)) {
    if (visitValue(def[key], seen)) return true
  }
  return false
}

/**
 * Whether parsing this Zod schema (4, or 3 through Standard Schema) may meet a promise: true when
 * any node runs code of the user's (a refine, superRefine, check or z.custom rule, a transform, a
 * codec, z.promise, z.function). Why it is decided from the schema's structure, once: a synchronous
 * parse that meets an async rule throws and drops the rule's promise, so a rule that rejects becomes
 * an unhandled rejection, which ends a Node process by default. Only a schema without such code may
 * take the synchronous parse. Reads the schema's definition only, so it needs no Zod import.
 */
export function zodMayRunAsync (schema: unknown): boolean {
  const def = definitionOf(schema)
  if (def === undefined || schema === null || typeof schema !== 'object') return false
  return visitNode(schema, def, new Set())
}
