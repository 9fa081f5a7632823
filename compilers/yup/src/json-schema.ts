import { convertSchema } from '@sodaru/yup-to-json-schema'
import {
  isPlainObject, markUnrepresentable, registerJsonSchemaConverter, resolveToJSONSchemaOptions, retargetJsonSchema,
  type ResolvedToJSONSchemaOptions, type ToJSONSchemaOptions
} from '@enclave/compiler-kit'
import { isYupSchema, type YupSchemaLike } from './yup-schema.js'

/** The tests @sodaru/yup-to-json-schema turns into keywords; any other test is code. */
const convertedTests = new Set([
  'required', 'optionality', 'nullable', 'defined', 'typeError', 'min', 'max', 'length', 'matches', 'email', 'url',
  'uuid', 'integer', 'positive', 'negative', 'moreThan', 'lessThan', 'oneOf', 'notOneOf', 'trim', 'lowercase',
  'uppercase', 'datetime', 'datetime_offset', 'datetime_precision'
])

/** yup's internals the walk reads (the public `describe()` loses transforms and `meta` of lazy). */
interface YupInternals {
  type?: string
  tests?: Array<{ OPTIONS?: { name?: string } }>
  transforms?: unknown[]
  conditions?: unknown[]
  fields?: Record<string, YupInternals>
  innerType?: YupInternals
  spec?: { meta?: { id?: unknown }, default?: unknown }
  constructor: new () => YupInternals
}

const builtInTransforms = new Map<unknown, number>()

/** How many transforms a fresh schema of this class has (yup's casting): more were added in code. */
function baselineTransforms (schema: YupInternals): number {
  let count = builtInTransforms.get(schema.constructor)
  if (count === undefined) {
    try {
      count = new schema.constructor().transforms?.length ?? 0
    } catch {
      count = 0
    }
    builtInTransforms.set(schema.constructor, count)
  }
  return count
}

interface Walk { defs: Record<string, unknown>, defsKey: string }

/**
 * Walks the yup schema next to its JSON Schema: marks custom tests, transforms and `when()`
 * conditions, and moves schemas named with `.meta({ id })` to shared definitions.
 */
function walk (schema: YupInternals, json: unknown, state: Walk, isRoot: boolean): unknown {
  if (!isPlainObject(json)) return json
  // The converter writes the default yup computes for every object ({} or one per field) even when
  // none was declared; only a declared default is documented.
  if (schema.type === 'object' && schema.spec?.default === undefined) delete json.default
  const customTests = (schema.tests ?? []).map((test) => test.OPTIONS?.name).filter((name) => name === undefined || !convertedTests.has(name))
  if (customTests.length > 0) markUnrepresentable(json, `test: checked in code (${customTests.map(String).join(', ')})`)
  if ((schema.transforms?.length ?? 0) > baselineTransforms(schema)) markUnrepresentable(json, 'transform: the value is changed in code')
  if ((schema.conditions?.length ?? 0) > 0) markUnrepresentable(json, 'conditional: when() depends on other values')
  if (schema.fields !== undefined && isPlainObject(json.properties)) {
    for (const key of Object.keys(schema.fields)) json.properties[key] = walk(schema.fields[key], json.properties[key], state, false)
  }
  if (schema.innerType !== undefined && isPlainObject(json.items)) json.items = walk(schema.innerType, json.items, state, false)
  const id = schema.spec?.meta?.id
  if (typeof id === 'string' && id !== '') {
    state.defs[id] = json
    return isRoot ? json : { $ref: `#/${state.defsKey}/${id}` }
  }
  return json
}

function convertYup (schema: unknown, options: ResolvedToJSONSchemaOptions): Record<string, unknown> {
  // The package writes draft-07 (`type` lists for nullable); yup has no output form of its own, so
  // input and output are the same document.
  const converted = convertSchema(schema as never) as Record<string, unknown>
  const state: Walk = { defs: {}, defsKey: 'definitions' }
  let root = walk(schema as YupInternals, converted, state, true) as Record<string, unknown>
  const rootId = (schema as YupInternals).spec?.meta?.id
  if (typeof rootId === 'string' && rootId !== '') root = { $ref: `#/definitions/${rootId}` }
  if (Object.keys(state.defs).length > 0) root = { ...root, definitions: state.defs }
  return retargetJsonSchema(root, options.target)
}

registerJsonSchemaConverter({ library: 'yup', accepts: isYupSchema, toJSONSchema: convertYup })

/**
 * The schema as JSON Schema (draft-07 by default; `target: 'openapi-3.0' | 'openapi-3.1' |
 * 'draft-2020-12'`), through @sodaru/yup-to-json-schema. Custom tests, transforms and `when()` are
 * marked `x-enclave-unrepresentable`; schemas named with `.meta({ id })` are shared definitions.
 */
export function toJSONSchema (schema: YupSchemaLike, options?: ToJSONSchemaOptions): Record<string, unknown> {
  return convertYup(schema, resolveToJSONSchemaOptions(options))
}
