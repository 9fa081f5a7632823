import { isPlainObject } from './adapter-options.js'

/**
 * The JSON Schema dialects an adapter can produce. `openapi-3.0` is OpenAPI 3.0's Schema Object
 * (draft-04/05 with `nullable`); `openapi-3.1` is JSON Schema 2020-12, which OpenAPI 3.1 adopted.
 */
export type JsonSchemaTarget = 'draft-07' | 'draft-2020-12' | 'openapi-3.0' | 'openapi-3.1'
export const jsonSchemaTargets: readonly JsonSchemaTarget[] = ['draft-07', 'draft-2020-12', 'openapi-3.0', 'openapi-3.1']

export interface ToJSONSchemaOptions {
  /** Default `draft-07`, the dialect of the default validator. */
  target?: JsonSchemaTarget
  /** `input` (what a request must send, the default) or `output` (what a response carries). */
  io?: 'input' | 'output'
}

export interface ResolvedToJSONSchemaOptions { target: JsonSchemaTarget, io: 'input' | 'output' }

/**
 * The keyword set on a subschema whose library rule has no JSON Schema form (a refinement, a
 * transform, a custom test): the document still shows the closest shape, and says what it leaves out.
 */
export const unrepresentableKeyword = 'x-enclave-unrepresentable'

export function resolveToJSONSchemaOptions (options: ToJSONSchemaOptions | undefined): ResolvedToJSONSchemaOptions {
  const target = options?.target ?? 'draft-07'
  if (!jsonSchemaTargets.includes(target)) {
    throw new TypeError(`toJSONSchema(): target must be one of ${jsonSchemaTargets.join(', ')}; got ${String(target)}`)
  }
  const io = options?.io ?? 'input'
  if (io !== 'input' && io !== 'output') throw new TypeError(`toJSONSchema(): io must be 'input' or 'output'; got ${String(io)}`)
  return { target, io }
}

/** Adds what `what` names to the subschema's marker (several rules on one subschema are listed together). */
export function markUnrepresentable (schema: Record<string, unknown>, what: string): void {
  const previous = schema[unrepresentableKeyword]
  if (typeof previous !== 'string') {
    schema[unrepresentableKeyword] = what
  } else if (!previous.split('; ').includes(what)) {
    schema[unrepresentableKeyword] = `${previous}; ${what}`
  }
}

function usesDefsKeyword (target: JsonSchemaTarget): boolean {
  return target === 'draft-2020-12' || target === 'openapi-3.1'
}

/** Where a dialect keeps a schema's local definitions: `$defs` from 2019-09 on, `definitions` before. */
export function definitionsKeyword (target: JsonSchemaTarget): '$defs' | 'definitions' {
  return usesDefsKeyword(target) ? '$defs' : 'definitions'
}

const subschemaLists = ['allOf', 'anyOf', 'oneOf', 'prefixItems']
const subschemaMaps = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']
const subschemaSingles = ['additionalProperties', 'items', 'additionalItems', 'contains', 'not', 'if', 'then', 'else', 'propertyNames', 'unevaluatedItems', 'unevaluatedProperties']

function rewriteRef (ref: string, target: JsonSchemaTarget): string {
  const wanted = `#/${definitionsKeyword(target)}/`
  if (ref.startsWith('#/$defs/')) return wanted + ref.slice('#/$defs/'.length)
  if (ref.startsWith('#/definitions/')) return wanted + ref.slice('#/definitions/'.length)
  return ref
}

/** OpenAPI 3.0 has no type lists: `[T, 'null']` is `nullable`, several types an `anyOf`. */
function typeListFor30 (out: Record<string, unknown>, types: unknown[]): void {
  const nonNull = types.filter((type) => type !== 'null')
  if (nonNull.length < types.length) out.nullable = true
  if (nonNull.length === 1) {
    out.type = nonNull[0]
  } else if (nonNull.length > 1) {
    out.anyOf = nonNull.map((type) => ({ type }))
  }
}

function convertNode (node: unknown, target: JsonSchemaTarget): unknown {
  if (Array.isArray(node)) return node.map((item) => convertNode(item, target))
  if (!isPlainObject(node)) return node
  const to2020 = usesDefsKeyword(target)
  const to30 = target === 'openapi-3.0'
  const out: Record<string, unknown> = {}
  for (const key of Object.keys(node)) {
    const value = node[key]
    if (key === '$schema') continue
    if (key === '$ref' && typeof value === 'string') {
      out.$ref = rewriteRef(value, target)
    } else if ((key === '$defs' || key === 'definitions') && isPlainObject(value)) {
      out[definitionsKeyword(target)] = convertMap(value, target)
    } else if (subschemaMaps.includes(key) && isPlainObject(value)) {
      out[key] = convertMap(value, target)
    } else if (subschemaLists.includes(key) && Array.isArray(value)) {
      const list = value.map((item) => convertNode(item, target))
      if (key !== 'prefixItems' || to2020) {
        out[key] = list
      } else if (to30) {
        // A tuple has no OpenAPI 3.0 form: any of its item schemas, with its length.
        out.items = { anyOf: list }
        markUnrepresentable(out, 'tuple: item positions are not checked by OpenAPI 3.0')
      } else {
        out.items = list
      }
    } else if (key === 'items' && Array.isArray(value)) {
      const list = value.map((item) => convertNode(item, target))
      if (to2020) {
        out.prefixItems = list
      } else if (to30) {
        out.items = { anyOf: list }
        markUnrepresentable(out, 'tuple: item positions are not checked by OpenAPI 3.0')
      } else {
        out.items = list
      }
    } else if ((key === 'unevaluatedItems' || key === 'unevaluatedProperties') && !to2020) {
      // Not in draft-07 nor OpenAPI 3.0; a closed tuple keeps its maxItems.
      continue
    } else if (subschemaSingles.includes(key)) {
      out[key] = convertNode(value, target)
    } else if (to30 && key === 'type' && Array.isArray(value)) {
      typeListFor30(out, value)
    } else if (to30 && key === 'const') {
      out.enum = [value]
    } else if (to30 && (key === 'exclusiveMinimum' || key === 'exclusiveMaximum') && typeof value === 'number') {
      out[key === 'exclusiveMinimum' ? 'minimum' : 'maximum'] = value
      out[key] = true
    } else if (to30 && key === 'examples' && Array.isArray(value)) {
      if (value.length > 0) out.example = value[0]
    } else {
      out[key] = value
    }
  }
  return out
}

function convertMap (map: Record<string, unknown>, target: JsonSchemaTarget): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const key of Object.keys(map)) out[key] = convertNode(map[key], target)
  return out
}

/**
 * A JSON Schema written in draft-07 or 2020-12 (what the libraries' converters produce) re-expressed
 * in `target`: a new object, the input is not changed. Keywords a dialect lacks are translated where
 * a translation exists and marked (`x-enclave-unrepresentable`) where the meaning is lost.
 */
export function retargetJsonSchema (schema: Record<string, unknown>, target: JsonSchemaTarget): Record<string, unknown> {
  return convertNode(schema, target) as Record<string, unknown>
}
