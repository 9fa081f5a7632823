import { someZodNode } from './zod-schema-walk.js'

/**
 * Whether a Zod schema runs code of the user's, read from its structure at build time: only a schema
 * without such code may take Zod's synchronous parse, which drops the promise of an async rule.
 */

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

/**
 * Whether parsing this Zod schema (4, or 3 through Standard Schema) may meet a promise: true when
 * any node runs code of the user's (a refine, superRefine, check or z.custom rule, a transform, a
 * codec, z.promise, z.function). Why it is decided from the schema's structure, once: a synchronous
 * parse that meets an async rule throws and drops the rule's promise, so a rule that rejects becomes
 * an unhandled rejection, which ends a Node process by default. Only a schema without such code may
 * take the synchronous parse. Reads the schema's definition only, so it needs no Zod import.
 */
export function zodMayRunAsync (schema: unknown): boolean {
  return someZodNode(schema, runsUserCode)
}
