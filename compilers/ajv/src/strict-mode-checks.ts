import type { Ajv } from 'ajv'
import { isVendorKeyword } from './schema-walk.js'

/*
 * What Ajv's compile checks beyond its meta-schema: strict mode's rules about how keywords combine
 * (`if` without `then`, `default` where it is never applied, overlapping `properties` and
 * `patternProperties`, tuples, types), `nullable`, `discriminator` (with the option), and patterns
 * as its RegExp engine reads them.
 * Depending on the option each one throws or logs a warning while compiling. lazySchemaCompilation
 * may only defer a schema none of them can concern: otherwise the error would move from ready() to
 * the route's first request (a 500), and the warning from start-up to that request. The check is
 * conservative: "may concern" means "compile at ready()", which is never wrong, only slower.
 */

/** Ajv's data types, as `type` lists them (`integer` inside `number` where Ajv treats it so). */
type Types = readonly string[]

interface Settings {
  readonly ajv: Ajv
  readonly strictTypes: boolean
  readonly allowUnionTypes: boolean
  readonly strictTuples: boolean
  readonly strictRequired: boolean
  readonly allowMatchingProperties: boolean
  readonly discriminator: boolean
  readonly unicode: string
  /** Keyword definitions by a keyword they `implements` (Ajv applies their type rule then too). */
  readonly implementedBy: ReadonlyMap<string, readonly KeywordRule[]>
}

interface KeywordRule { keyword: string, definition: { type?: readonly string[], dependencies?: readonly string[], implements?: readonly string[] } }

/** Subschemas that validate the same data as their parent: the parent's types apply to them. */
const inPlaceLists = new Set(['allOf', 'anyOf', 'oneOf'])
const inPlaceSingles = new Set(['not', 'if', 'then', 'else'])
/** Subschemas inside which Ajv never applies a `default` (its "composite rule"), and says so. */
const compositeKeywords = new Set(['anyOf', 'oneOf', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'additionalProperties'])
/** Maps from names to subschemas validating child data. */
const childMaps = new Set(['properties', 'patternProperties'])
/** Maps from names to subschemas reached through `$ref`, each compiled as a schema root when not inlined. */
const definitionMaps = new Set(['definitions', '$defs'])
/** Maps whose members are subschemas of the same data, or lists of property names. */
const dependencyMaps = new Set(['dependencies', 'dependentSchemas'])
/** Values that are data or annotations, never schemas. */
const dataKeywords = new Set(['const', 'enum', 'default', 'examples', 'example', 'required', 'xml', 'externalDocs', 'discriminator', '$id', '$ref', '$schema', '$comment', 'type', 'format', 'pattern'])

function isObject (value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

const settingsByAjv = new WeakMap<Ajv, Settings>()

function settingsOf (ajv: Ajv): Settings {
  let settings = settingsByAjv.get(ajv)
  if (settings !== undefined) return settings
  const opts = ajv.opts
  const implementedBy = new Map<string, KeywordRule[]>()
  for (const rule of Object.values(ajv.RULES.all)) {
    if (!isObject(rule)) continue
    for (const name of (rule as KeywordRule).definition.implements ?? []) {
      const list = implementedBy.get(name) ?? []
      list.push(rule as KeywordRule)
      implementedBy.set(name, list)
    }
  }
  settings = {
    ajv,
    strictTypes: Boolean(opts.strictTypes),
    allowUnionTypes: opts.allowUnionTypes === true,
    strictTuples: Boolean(opts.strictTuples),
    strictRequired: Boolean(opts.strictRequired),
    allowMatchingProperties: opts.allowMatchingProperties === true,
    discriminator: opts.discriminator === true,
    unicode: opts.unicodeRegExp === false ? '' : 'u',
    implementedBy
  }
  settingsByAjv.set(ajv, settings)
  return settings
}

/** Whether Ajv's RegExp engine (the one its `code.regExp` option names) takes the pattern as it would at compile time. */
function patternCompiles (settings: Settings, pattern: unknown): boolean {
  if (typeof pattern !== 'string') return false
  try {
    settings.ajv.opts.code.regExp(pattern, settings.unicode)
    return true
  } catch {
    return false
  }
}

function hasApplicableType (types: Types, keywordType: string): boolean {
  return types.includes(keywordType) || (keywordType === 'number' && types.includes('integer'))
}

function includesType (types: Types, type: string): boolean {
  return types.includes(type) || (type === 'integer' && types.includes('number'))
}

/** Ajv's strictTypes rules on `type` itself: no union type, no type the context excludes. The types in force, or null. */
function typesAllowed (settings: Settings, own: Types, context: Types): Types | null {
  if (own.length > 1 && !(own.length === 2 && own.includes('null')) && !settings.allowUnionTypes) return null
  if (own.length === 0) return context
  if (context.length === 0) return own
  for (const type of own) if (!includesType(context, type)) return null
  const narrowed: string[] = []
  for (const type of context) if (includesType(own, type) || (type === 'number' && own.includes('integer'))) narrowed.push(type)
  return narrowed
}

/**
 * What Ajv checks of one keyword's definition: its sibling `dependencies`, and under strictTypes
 * that the types in force include one the keyword applies to.
 */
function keywordAllowed (settings: Settings, node: Record<string, unknown>, keyword: string, types: Types | null): boolean {
  const rule = (settings.ajv.RULES.all as Record<string, unknown>)[keyword]
  if (isObject(rule)) {
    const definition = (rule as unknown as KeywordRule).definition
    const dependencies = definition.dependencies
    if (dependencies !== undefined && dependencies.some((name) => node[name] === undefined)) return false
    if (types !== null && !keywordTypeApplies(definition.type, types)) return false
  }
  if (types === null || settings.implementedBy.size === 0) return true
  for (const implementer of settings.implementedBy.get(keyword) ?? []) {
    if (!keywordTypeApplies(implementer.definition.type, types)) return false
  }
  return true
}

function keywordTypeApplies (keywordTypes: readonly string[] | undefined, types: Types): boolean {
  return keywordTypes === undefined || keywordTypes.length === 0 || keywordTypes.some((type) => hasApplicableType(types, type))
}

/** The combinations strict mode refuses or warns about in one schema object, whatever its context. */
function combinationAllowed (settings: Settings, node: Record<string, unknown>): boolean {
  if (node.nullable !== undefined) return false
  // With Ajv's `discriminator` option the keyword checks its oneOf branches while compiling.
  if (node.discriminator !== undefined && settings.discriminator) return false
  if (node.if !== undefined ? node.then === undefined && node.else === undefined : node.then !== undefined || node.else !== undefined) return false
  if (node.additionalItems !== undefined && !Array.isArray(node.items)) return false
  if (node.minContains !== undefined || node.maxContains !== undefined) return false
  if (node.properties !== undefined && node.patternProperties !== undefined && !settings.allowMatchingProperties) return false
  if (settings.strictRequired && node.required !== undefined) return false
  if (node.pattern !== undefined && !patternCompiles(settings, node.pattern)) return false
  if (isObject(node.patternProperties)) {
    for (const pattern of Object.keys(node.patternProperties)) if (!patternCompiles(settings, pattern)) return false
  }
  if (Array.isArray(node.items) && settings.strictTuples) {
    const length = node.items.length
    if (!(length === node.minItems && (length === node.maxItems || node.additionalItems === false))) return false
  }
  return true
}

/** A `default` on a property or tuple item of this schema object: Ajv ignores it inside a composite rule. */
function hasChildDefault (node: Record<string, unknown>): boolean {
  const { properties, items } = node
  if (isObject(properties)) {
    for (const member of Object.values(properties)) if (isObject(member) && member.default !== undefined) return true
  }
  if (Array.isArray(items)) {
    for (const item of items) if (isObject(item) && item.default !== undefined) return true
  }
  return false
}

/**
 * Whether compiling `root` can neither throw nor warn for a reason its meta-schema does not cover
 * (see the top of this file). `root` is a schema Ajv compiles as a whole: a route's part, a shared
 * schema, or a definition a `$ref` reaches.
 */
export function passesStrictModeChecks (ajv: Ajv, root: Record<string, unknown>): boolean {
  if (ajv.opts.$data === true) return false
  const settings = settingsOf(ajv)
  // The schema objects being walked: a cycle ends there. A schema object used in two places is
  // walked in each, as its context (types, composite rule) may differ.
  const ancestors = new Set<object>()
  // A `$ref` inside a composite rule may inline a definition with property defaults.
  let compositeRef = false
  let anyChildDefault = false

  function walk (node: unknown, context: Types, composite: boolean, isRoot: boolean): boolean {
    if (!isObject(node) || ancestors.has(node)) return true
    if (Array.isArray(node)) return false
    ancestors.add(node)
    const allowed = checkNode(node, context, composite, isRoot)
    ancestors.delete(node)
    return allowed
  }

  function checkNode (node: Record<string, unknown>, context: Types, composite: boolean, isRoot: boolean): boolean {
    if (isRoot && node.default !== undefined) return false
    if (!combinationAllowed(settings, node)) return false
    const own: Types = typeof node.type === 'string' ? [node.type] : Array.isArray(node.type) ? node.type as string[] : []
    // Without strictTypes, a subschema's own types are all that is passed down (and never checked).
    const checked = settings.strictTypes ? typesAllowed(settings, own, context) : own
    if (checked === null) return false
    const types = settings.strictTypes ? checked : null
    if (hasChildDefault(node)) {
      if (composite) return false
      anyChildDefault = true
    }
    if (composite && node.$ref !== undefined) compositeRef = true
    for (const keyword of Object.keys(node)) {
      if (!keywordAllowed(settings, node, keyword, types)) return false
      if (dataKeywords.has(keyword) || isVendorKeyword(keyword)) continue
      const value = node[keyword]
      const inComposite = composite || compositeKeywords.has(keyword)
      if (inPlaceLists.has(keyword)) {
        if (!Array.isArray(value)) return false
        for (const member of value) if (!walk(member, checked, inComposite, false)) return false
      } else if (inPlaceSingles.has(keyword)) {
        if (!walk(value, checked, inComposite, false)) return false
      } else if (childMaps.has(keyword) || definitionMaps.has(keyword) || dependencyMaps.has(keyword)) {
        if (!isObject(value)) continue
        const sameData = dependencyMaps.has(keyword)
        for (const member of Object.values(value)) {
          if (Array.isArray(member) && sameData) continue
          if (!walk(member, sameData ? checked : [], inComposite, definitionMaps.has(keyword))) return false
        }
      } else if (keyword === 'items' && Array.isArray(value)) {
        for (const item of value) if (!walk(item, [], inComposite, false)) return false
      } else if (!walk(value, [], inComposite, false)) {
        return false
      }
    }
    return true
  }

  return walk(root, [], false, true) && !(compositeRef && anyChildDefault)
}
