import * as zod from 'zod/v4/core'
import {
  markUnrepresentable, registerJsonSchemaConverter, resolveToJSONSchemaOptions, retargetJsonSchema,
  type ResolvedToJSONSchemaOptions, type ToJSONSchemaOptions
} from '@enclave/compiler-kit'
import { isZodSchema } from './zod-schema.js'

/** Zod's names for the dialects; OpenAPI 3.1 speaks 2020-12. */
const zodTargets = { 'draft-07': 'draft-7', 'draft-2020-12': 'draft-2020-12', 'openapi-3.0': 'openapi-3.0', 'openapi-3.1': 'draft-2020-12' } as const

/** Zod types JSON carries no value of: described as `{}` (any) and marked. */
const typesWithoutJson = new Set(['date', 'bigint', 'symbol', 'undefined', 'void', 'map', 'set', 'function', 'promise', 'custom', 'nan'])

interface OverrideContext { zodSchema: zod.$ZodType, jsonSchema: Record<string, unknown> }

function isCustomCheck (check: unknown): boolean {
  return (check as { _zod?: { def?: { check?: unknown } } })._zod?.def?.check === 'custom'
}

/** What Zod's converter leaves out of this node, marked on its JSON Schema. */
function markWhatZodDrops (context: OverrideContext): void {
  const def = context.zodSchema._zod.def as { type: string, checks?: unknown[] }
  if (def.checks?.some(isCustomCheck) === true) markUnrepresentable(context.jsonSchema, 'refinement: checked in code (.refine/.superRefine/.check)')
  if (def.type === 'transform') markUnrepresentable(context.jsonSchema, 'transform: the value is computed in code')
  else if (typesWithoutJson.has(def.type)) markUnrepresentable(context.jsonSchema, `z.${def.type}(): no JSON form`)
}

function convertZod (schema: unknown, options: ResolvedToJSONSchemaOptions): Record<string, unknown> {
  const converted = zod.toJSONSchema(schema as zod.$ZodType, {
    target: zodTargets[options.target],
    io: options.io,
    // Schemas given an id in z.globalRegistry (`.meta({ id })`) become shared definitions.
    metadata: zod.globalRegistry,
    unrepresentable: 'any',
    override: markWhatZodDrops
  }) as Record<string, unknown>
  // Zod's 'draft-7' names its definitions `definitions`, 2020-12 `$defs`: the kit re-expresses either.
  return retargetJsonSchema(converted, options.target)
}

registerJsonSchemaConverter({ library: 'zod', accepts: isZodSchema, toJSONSchema: convertZod })

/**
 * The schema as JSON Schema (draft-07 by default; `target: 'openapi-3.0' | 'openapi-3.1' |
 * 'draft-2020-12'`), through Zod's own `z.toJSONSchema`. What JSON Schema cannot say (refinements,
 * transforms of the output, dates…) is described as closely as Zod can and marked
 * `x-enclave-unrepresentable`. Schemas with an id in `z.globalRegistry` are shared definitions.
 */
export function toJSONSchema (schema: zod.$ZodType, options?: ToJSONSchemaOptions): Record<string, unknown> {
  return convertZod(schema, resolveToJSONSchemaOptions(options))
}
