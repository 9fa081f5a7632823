import { isPlainObject } from './adapter-options.js'
import {
  markUnrepresentable, resolveToJSONSchemaOptions, retargetJsonSchema,
  type JsonSchemaTarget, type ResolvedToJSONSchemaOptions, type ToJSONSchemaOptions
} from './json-schema-target.js'

/**
 * How one library's schemas become JSON Schema. Each adapter registers its converter when it is
 * imported, so whoever needs a route's JSON Schema (the OpenAPI transform) finds it without knowing
 * which compiler validates the route.
 */
export interface JsonSchemaConverter {
  /** Names the library in messages. */
  readonly library: string
  accepts: (schema: unknown) => boolean
  /** Shared (named) subschemas go in the root's `$defs`/`definitions`, referenced by `#/…/<name>`. */
  toJSONSchema: (schema: unknown, options: ResolvedToJSONSchemaOptions) => Record<string, unknown>
}

const converters: JsonSchemaConverter[] = []

/** Registering a library twice (two copies of an adapter) keeps the first. */
export function registerJsonSchemaConverter (converter: JsonSchemaConverter): void {
  if (converters.some((known) => known.library === converter.library)) return
  converters.push(converter)
}

interface StandardJsonSchemaProps {
  jsonSchema?: Partial<Record<'input' | 'output', (options: { target: string }) => unknown>>
  vendor?: unknown
}

function standardProps (schema: unknown): StandardJsonSchemaProps | undefined {
  if (schema === null || (typeof schema !== 'object' && typeof schema !== 'function')) return undefined
  const props = (schema as { '~standard'?: unknown })['~standard']
  return props !== null && typeof props === 'object' ? props as StandardJsonSchemaProps : undefined
}

/** The Standard JSON Schema targets to ask for, best first; the answer is re-expressed in `target`. */
function standardTargetsFor (target: JsonSchemaTarget): string[] {
  switch (target) {
    case 'openapi-3.0': return ['openapi-3.0', 'draft-07', 'draft-2020-12']
    case 'draft-07': return ['draft-07', 'draft-2020-12']
    default: return ['draft-2020-12', 'draft-07']
  }
}

/**
 * Through the Standard JSON Schema interface (`~standard.jsonSchema`, zod ≥ 4.2, joi 18, arktype):
 * the target asked for if the library offers it, else one it offers, re-expressed. Undefined when the
 * schema has no such interface.
 */
export function standardJsonSchemaOf (schema: unknown, options: ResolvedToJSONSchemaOptions): Record<string, unknown> | undefined {
  const convert = standardProps(schema)?.jsonSchema?.[options.io]
  if (typeof convert !== 'function') return undefined
  let lastError: unknown
  for (const asked of standardTargetsFor(options.target)) {
    try {
      const produced = convert({ target: asked })
      if (!isPlainObject(produced)) continue
      return retargetJsonSchema(produced, options.target)
    } catch (error) {
      lastError = error
    }
  }
  const placeholder: Record<string, unknown> = {}
  markUnrepresentable(placeholder, `the library could not convert this schema: ${lastError instanceof Error ? lastError.message : String(lastError)}`)
  return placeholder
}

/**
 * Any route schema as JSON Schema in `options.target`: a registered library converter first, then
 * the Standard JSON Schema interface; a plain object is taken as JSON Schema already (the default
 * compiler's) and re-expressed. A schema nothing can convert becomes `{}` marked
 * `x-enclave-unrepresentable`, so a document never drops it silently.
 */
export function toJSONSchema (schema: unknown, options?: ToJSONSchemaOptions): Record<string, unknown> {
  const resolved = resolveToJSONSchemaOptions(options)
  for (const converter of converters) {
    if (converter.accepts(schema)) return converter.toJSONSchema(schema, resolved)
  }
  const standard = standardJsonSchemaOf(schema, resolved)
  if (standard !== undefined) return standard
  const props = standardProps(schema)
  if (props === undefined && isPlainObject(schema)) return retargetJsonSchema(schema, resolved.target)
  const placeholder: Record<string, unknown> = {}
  const vendor = props?.vendor
  markUnrepresentable(placeholder, typeof vendor === 'string'
    ? `no JSON Schema: ${vendor} does not implement ~standard.jsonSchema`
    : 'no JSON Schema: not a schema of a library Enclave can convert')
  return placeholder
}

/** A plain object is JSON Schema the default compilers read as is. */
export function isJsonSchemaObject (schema: unknown): schema is Record<string, unknown> {
  if (!isPlainObject(schema)) return false
  for (const converter of converters) if (converter.accepts(schema)) return false
  return standardProps(schema) === undefined
}
