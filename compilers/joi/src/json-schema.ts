import type { Schema } from 'joi'
import {
  isPlainObject, markUnrepresentable, registerJsonSchemaConverter, resolveToJSONSchemaOptions, standardJsonSchemaOf,
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
}

/** Joi types whose values JSON cannot carry as such. */
const typesWithoutJson = new Set(['function', 'symbol', 'binary'])

/**
 * Joi's converter (joi ≥ 18) leaves out custom rules, `when()` conditions and externals without a
 * word; walking the description next to the JSON Schema marks each where it applies.
 */
function markWhatJoiDrops (description: JoiDescription, json: unknown): void {
  if (!isPlainObject(json) || typeof json.$ref === 'string') return
  if (description.rules?.some((rule) => rule.name === 'custom') === true) markUnrepresentable(json, 'custom rule: checked in code (.custom())')
  if (description.whens !== undefined && description.whens.length > 0) markUnrepresentable(json, 'conditional: when() depends on other values')
  if (description.externals !== undefined && description.externals.length > 0) markUnrepresentable(json, 'external: checked asynchronously in code (.external())')
  if (description.type !== undefined && typesWithoutJson.has(description.type)) markUnrepresentable(json, `Joi.${description.type}(): no JSON form`)
  if (description.keys !== undefined && isPlainObject(json.properties)) {
    for (const key of Object.keys(description.keys)) markWhatJoiDrops(description.keys[key], json.properties[key])
  }
  if (description.items?.length === 1) markWhatJoiDrops(description.items[0], json.items)
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
  try {
    markWhatJoiDrops((schema as Schema).describe() as JoiDescription, converted)
  } catch {
    // A schema Joi cannot describe keeps the converter's output unmarked.
  }
  return converted
}

registerJsonSchemaConverter({ library: 'joi', accepts: isJoiSchema, toJSONSchema: convertJoi })

/**
 * The schema as JSON Schema (draft-07 by default; `target: 'openapi-3.0' | 'openapi-3.1' |
 * 'draft-2020-12'`), through Joi's own converter (joi ≥ 18). Custom rules, `when()` and externals
 * are marked `x-enclave-unrepresentable`; schemas shared with `.shared(schema.id(name))` and used
 * through `Joi.link('#name')` are shared definitions.
 */
export function toJSONSchema (schema: Schema, options?: ToJSONSchemaOptions): Record<string, unknown> {
  return convertJoi(schema, resolveToJSONSchemaOptions(options))
}
