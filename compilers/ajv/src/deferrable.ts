import type { Ajv } from 'ajv'
import { declaresAsync, forEachSchemaObject } from './schema-walk.js'

function isObject (value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

function decodePointerToken (token: string): string {
  return decodeURIComponent(token).replace(/~1/g, '/').replace(/~0/g, '~')
}

/** Whether a `#/a/b` JSON pointer (without the `#`) names a schema inside `root`. */
function pointsIntoSchema (root: unknown, pointer: string): boolean {
  if (pointer === '') return true
  let node: unknown = root
  for (const token of pointer.slice(1).split('/')) {
    if (!isObject(node)) return false
    let key: string
    try {
      key = decodePointerToken(token)
    } catch {
      return false
    }
    if (!Object.prototype.hasOwnProperty.call(node, key)) return false
    node = node[key]
  }
  return isObject(node) || typeof node === 'boolean'
}

/**
 * Only the `$ref` forms whose target can be found without Ajv's resolver: a pointer into the route
 * schema, or a shared schema by its key (optionally with a pointer into it). Anything else is
 * "not sure", never "broken".
 */
function refResolves (ajv: Ajv, root: Record<string, unknown>, ref: string): boolean {
  const hash = ref.indexOf('#')
  const base = hash === -1 ? ref : ref.slice(0, hash)
  const fragment = hash === -1 ? '' : ref.slice(hash + 1)
  if (fragment !== '' && !fragment.startsWith('/')) return false
  if (base === '') return pointsIntoSchema(root, fragment)
  // A route schema with its own $id changes the base relative references resolve against.
  if (typeof root.$id === 'string') return false
  const stored = ajv.schemas[base] as { schema?: unknown } | undefined
  return stored !== undefined && pointsIntoSchema(stored.schema, fragment)
}

/** A keyword added with a `metaSchema` (ajv.addKeyword) checks its value only when compiled. */
function valueFitsKeyword (ajv: Ajv, keyword: string, value: unknown): boolean {
  const rule = (ajv.RULES.all as Record<string, unknown>)[keyword] as { definition?: { validateSchema?: unknown } } | undefined
  const check = typeof rule === 'object' && rule !== null ? rule.definition?.validateSchema : undefined
  return typeof check !== 'function' || (check as (value: unknown) => unknown)(value) === true
}

/**
 * lazySchemaCompilation: true when compiling `schema` later cannot fail, as far as a cheap check
 * (meta-schema, keywords, formats, `$ref` targets) can tell. False means "compile it now", so a
 * schema the check cannot vouch for still reports its error at ready(), with Ajv's own message.
 */
export function canDeferCompilation (ajv: Ajv, schema: unknown): boolean {
  if (!isObject(schema) || Array.isArray(schema)) return false
  // A route schema with an id may already be stored (shared schema); compiling it is cheap then.
  if (schema.$id !== undefined) return false
  if (declaresAsync(schema)) return false
  if (ajv.validateSchema(schema) !== true) return false
  const strictSchema = ajv.opts.strictSchema === true
  const keywords = ajv.RULES.keywords
  let deferrable = true
  forEachSchemaObject(schema, function checkSchemaObject (node) {
    if (!deferrable) return
    // A nested $id moves the base of the references beneath it.
    if (node !== schema && node.$id !== undefined) deferrable = false
    for (const keyword of Object.keys(node)) {
      if (strictSchema && keywords[keyword] !== true) deferrable = false
      else if (keyword === '$ref') deferrable = typeof node.$ref === 'string' && refResolves(ajv, schema, node.$ref)
      else if (keyword === 'format' && typeof node.format === 'string') deferrable = ajv.formats[node.format] !== undefined
      else deferrable = valueFitsKeyword(ajv, keyword, node[keyword])
      if (!deferrable) return
    }
  })
  return deferrable
}
