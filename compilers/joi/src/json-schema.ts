import type { Schema } from 'joi'
import {
  definitionsKeyword, isPlainObject, markUnrepresentable, registerJsonSchemaConverter, resolveToJSONSchemaOptions, standardJsonSchemaOf,
  type ResolvedToJSONSchemaOptions, type ToJSONSchemaOptions
} from '@enclave/compiler-kit'
import { isJoiSchema } from './joi-schema.js'

/** The parts of `schema.describe()` the walk reads. */
interface JoiDescription {
  type?: string
  rules?: Array<{ name?: string }>
  whens?: unknown[]
  externals?: unknown[]
  keys?: Record<string, JoiDescription>
  items?: JoiDescription[]
  metas?: Array<{ id?: unknown }>
}

/** Joi types whose values JSON cannot carry as such. */
const typesWithoutJson = new Set(['function', 'symbol', 'binary'])

function metaId (description: JoiDescription): string | undefined {
  const id = description.metas?.find((meta) => isPlainObject(meta) && typeof meta.id === 'string' && meta.id !== '')?.id
  return id as string | undefined
}

/**
 * Joi's converter (joi ≥ 18) leaves out custom rules, `when()` conditions and externals without a
 * word; walking the description next to the JSON Schema marks each where it applies, and moves a
 * schema named with `.meta({ id })` to the shared definitions.
 */
function walkJoi (description: JoiDescription, json: unknown, defs: Record<string, unknown>, defsKey: string): unknown {
  if (!isPlainObject(json) || typeof json.$ref === 'string') return json
  markWhatJoiDrops(description, json, defs, defsKey)
  const id = metaId(description)
  if (id === undefined) return json
  defs[id] = json
  return { $ref: `#/${defsKey}/${id}` }
}

function markWhatJoiDrops (description: JoiDescription, json: Record<string, unknown>, defs: Record<string, unknown>, defsKey: string): void {
  if (description.rules?.some((rule) => rule.name === 'custom') === true) markUnrepresentable(json, 'custom rule: checked in code (.custom())')
  if (description.whens !== undefined && description.whens.length > 0) markUnrepresentable(json, 'conditional: when() depends on other values')
  if (description.externals !== undefined && description.externals.length > 0) markUnrepresentable(json, 'external: checked asynchronously in code (.external())')
  if (description.type !== undefined && typesWithoutJson.has(description.type)) markUnrepresentable(json, `Joi.${description.type}(): no JSON form`)
  if (description.keys !== undefined && isPlainObject(json.properties)) {
    for (const key of Object.keys(description.keys)) json.properties[key] = walkJoi(description.keys[key], json.properties[key], defs, defsKey)
  }
  if (description.items?.length === 1) json.items = walkJoi(description.items[0], json.items, defs, defsKey)
}

function convertJoi (schema: unknown, options: ResolvedToJSONSchemaOptions): Record<string, unknown> {
  // Joi 18's own converter, reached through the Standard JSON Schema interface it implements; it
  // writes 2020-12 only, which the kit re-expresses in the target.
  const converted = standardJsonSchemaOf(schema, options)
  if (converted === undefined) {
    const placeholder: Record<string, unknown> = {}
    markUnrepresentable(placeholder, 'no JSON Schema: this joi has no converter (joi ≥ 18 has one)')
    return placeholder
  }
  let description: JoiDescription
  try {
    description = (schema as Schema).describe() as JoiDescription
  } catch {
    return converted // a schema Joi cannot describe keeps the converter's output unmarked
  }
  const defsKey = definitionsKeyword(options.target)
  const defs: Record<string, unknown> = isPlainObject(converted[defsKey]) ? { ...converted[defsKey] } : {}
  const root = walkJoi(description, converted, defs, defsKey) as Record<string, unknown>
  if (Object.keys(defs).length === 0) return root
  if (root === converted) {
    converted[defsKey] = defs
    return converted
  }
  // The root itself was named: it is a reference, its definitions beside it.
  delete converted[defsKey]
  return { ...root, [defsKey]: defs }
}

registerJsonSchemaConverter({ library: 'joi', accepts: isJoiSchema, toJSONSchema: convertJoi })

/**
 * The schema as JSON Schema (draft-07 by default; `target: 'openapi-3.0' | 'openapi-3.1' |
 * 'draft-2020-12'`), through Joi's own converter (joi ≥ 18). Custom rules, `when()` and externals
 * are marked `x-enclave-unrepresentable`; schemas named with `.meta({ id })`, and those shared with
 * `.shared(schema.id(name))` and used through `Joi.link('#name')`, are shared definitions.
 */
export function toJSONSchema (schema: Schema, options?: ToJSONSchemaOptions): Record<string, unknown> {
  return convertJoi(schema, resolveToJSONSchemaOptions(options))
}
