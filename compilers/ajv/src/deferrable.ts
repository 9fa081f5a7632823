import type { Ajv } from 'ajv'
import { declaresAsync, forEachSchemaObject } from './schema-walk.js'
import { passesStrictModeChecks } from './strict-mode-checks.js'

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
  return stored !== undefined && pointsIntoSchema(stored.schema, fragment) && sharedSchemaVouched(ajv, stored.schema)
}

/**
 * A shared schema passed the meta-schema when it was added, but strict mode (unknown keywords and
 * formats) and plugin keywords are only checked when a route schema referring to it is compiled:
 * its keywords are checked as the route schema's are, once per instance and schema. Its own
 * references to other schemas resolve against its `$id`, which this check does not follow: such a
 * shared schema is not vouched for.
 */
const vouchedShared = new WeakMap<Ajv, WeakMap<object, boolean>>()

function sharedSchemaVouched (ajv: Ajv, schema: unknown): boolean {
  if (typeof schema === 'boolean') return true
  if (!isObject(schema)) return false
  let known = vouchedShared.get(ajv)
  if (known === undefined) {
    known = new WeakMap()
    vouchedShared.set(ajv, known)
  }
  let vouched = known.get(schema)
  if (vouched === undefined) {
    // Marked first: a schema that refers to itself is decided by its other keywords.
    known.set(schema, true)
    vouched = !declaresAsync(schema) && keywordsVouched(ajv, schema, false) && passesStrictModeChecks(ajv, schema)
    known.set(schema, vouched)
  }
  return vouched
}

interface KeywordDefinition { validateSchema?: unknown, code?: unknown, validate?: unknown, compile?: unknown, macro?: unknown }

/**
 * The keyword definitions an instance had before plugins and onCreate could add any: Ajv's own and
 * the cheap string length, whose values the meta-schema checks. Compared by identity, so a plugin
 * that redefines one of these names is treated as the plugin keyword it is.
 */
const builtInDefinitions = new WeakMap<Ajv, Set<unknown>>()

/** Called by createAjv before the plugins and onCreate run. */
export function rememberBuiltInKeywords (ajv: Ajv): void {
  const definitions = new Set<unknown>()
  for (const rule of Object.values(ajv.RULES.all)) {
    if (typeof rule === 'object' && rule !== null) definitions.add(rule.definition)
  }
  builtInDefinitions.set(ajv, definitions)
}

/**
 * Whether compiling `keyword` with `value` cannot fail, as far as can be told without compiling:
 * the keyword is one the meta-schema check covers (Ajv's own), or it generates no code (an
 * annotation), or it checks data with a `validate` function and its own `metaSchema` accepts the
 * value. A plugin keyword whose `code`, `compile` or `macro` runs while compiling may throw for a
 * value its `metaSchema` accepts (or have effects the app expects at start-up), and one without a
 * `metaSchema` may throw for any value: neither is vouched for, so it is compiled at ready().
 */
function valueFitsKeyword (ajv: Ajv, keyword: string, value: unknown): boolean {
  const rule = (ajv.RULES.all as Record<string, unknown>)[keyword] as { definition?: KeywordDefinition } | undefined
  const definition = typeof rule === 'object' && rule !== null ? rule.definition : undefined
  if (definition === undefined) return true
  const check = definition.validateSchema
  const builtIn = builtInDefinitions.get(ajv)
  if (builtIn === undefined || builtIn.has(definition)) return typeof check !== 'function' || (check as (value: unknown) => unknown)(value) === true
  if (definition.code !== undefined || definition.compile !== undefined || definition.macro !== undefined) return false
  if (typeof check === 'function') return (check as (value: unknown) => unknown)(value) === true
  return definition.validate === undefined
}

/**
 * lazySchemaCompilation: true when compiling `schema` later can neither fail nor warn, as far as a
 * cheap check (meta-schema, keywords, formats, `$ref` targets, strict mode's other rules) can
 * tell. False means "compile it now", so a schema the check cannot vouch for still reports its
 * error (or Ajv's warning) at ready(), with Ajv's own message.
 */
export function canDeferCompilation (ajv: Ajv, schema: unknown): boolean {
  if (!isObject(schema) || Array.isArray(schema)) return false
  // A route schema with an id may already be stored (shared schema); compiling it is cheap then.
  if (schema.$id !== undefined) return false
  if (declaresAsync(schema)) return false
  if (ajv.validateSchema(schema) !== true) return false
  return keywordsVouched(ajv, schema, true) && passesStrictModeChecks(ajv, schema)
}

/** Every keyword of `root` and the schemas in it: known (strict mode), a known format, a `$ref` that resolves, a value its keyword accepts. */
function keywordsVouched (ajv: Ajv, root: Record<string, unknown>, sharedRefs: boolean): boolean {
  const strictSchema = ajv.opts.strictSchema === true
  const keywords = ajv.RULES.keywords
  let deferrable = true
  forEachSchemaObject(root, function checkSchemaObject (node) {
    if (!deferrable) return
    // A nested $id moves the base of the references beneath it.
    if (node !== root && node.$id !== undefined) deferrable = false
    for (const keyword of Object.keys(node)) {
      if (strictSchema && keywords[keyword] !== true) deferrable = false
      else if (keyword === '$ref') deferrable = typeof node.$ref === 'string' && (sharedRefs ? refResolves(ajv, root, node.$ref) : localRefResolves(root, node.$ref))
      else if (keyword === 'format' && typeof node.format === 'string') deferrable = formatCompiles(ajv, node.format)
      else if (keyword !== '$id') deferrable = valueFitsKeyword(ajv, keyword, node[keyword])
      if (!deferrable) return
    }
  })
  return deferrable
}

/** A format Ajv knows and can use in a synchronous schema (an `async` format fails its compile). */
function formatCompiles (ajv: Ajv, name: string): boolean {
  const format: unknown = ajv.formats[name]
  return format !== undefined && !(isObject(format) && format.async === true)
}

/** A `#/pointer` into `root` itself. */
function localRefResolves (root: Record<string, unknown>, ref: string): boolean {
  return ref.startsWith('#') && (ref === '#' || ref.startsWith('#/')) && pointsIntoSchema(root, ref.slice(1))
}
