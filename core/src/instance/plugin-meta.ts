/** A plugin's name and declared needs (Fastify/Enclave version ranges, decorators, dependencies), checked before it loads. */
import assert from 'node:assert'
import { createRequire } from 'node:module'
import { errorCodes } from '../errors/codes.js'
import { warnings } from '../errors/warnings.js'
import { kDisplayName, kPluginMeta } from '../symbols.js'
import { isAsyncFunction } from '../util/functions.js'
import { releaseCandidateAbove, satisfiesRange } from './version-range.js'
import { contextOf, serverOf, type RuntimeInstance } from './context-state.js'
import { hasDataDecoration, type DecoratorTarget } from './decorate.js'

/** Enclave's own version, for plugins that declare an `enclave` range (@enclave/plugin). */
export const enclaveVersion: string = (createRequire(import.meta.url)('../../package.json') as { version: string }).version

/** What fastify-plugin (or @enclave/plugin) puts under `Symbol.for('plugin-meta')`, as users may write it. */
interface PluginMeta {
  name?: unknown
  fastify?: unknown
  enclave?: unknown
  decorators?: unknown
  dependencies?: unknown
}

/** A plugin function with the markers fastify-plugin sets. */
export interface PluginFunction {
  (...args: never[]): unknown
  [kPluginMeta]?: unknown
  [kDisplayName]?: unknown
}

function metaOf (fn: PluginFunction): PluginMeta | undefined {
  const meta = fn[kPluginMeta]
  return meta !== null && typeof meta === 'object' ? meta as PluginMeta : undefined
}

function nonEmptyString (value: unknown): value is string {
  return typeof value === 'string' && value !== ''
}

/** The name a plugin declared in its metadata (wrapped plugins always have one). */
export function declaredNameOf (fn: PluginFunction): string | undefined {
  const name = metaOf(fn)?.name
  return nonEmptyString(name) ? name : undefined
}

/**
 * The name a plugin's instance goes by (`pluginName`, `hasPlugin()`), as Fastify names it: the display
 * name fastify-plugin sets, else the function's name, else its first two lines of source. Neither the
 * metadata's name nor `options.name` counts here; avvio's tree (`printPlugins()`, a timeout's message)
 * names plugins its own way, from the metadata's name and `options.name` first.
 */
export function pluginNameOf (fn: PluginFunction): string {
  if (nonEmptyString(fn[kDisplayName])) return fn[kDisplayName]
  if (nonEmptyString(fn.name)) return fn.name
  return String(fn).split('\n').slice(0, 2).map((line) => line.trim()).join(' -- ')
}

/** The `fastify` range is checked against the registering instance's `version`, as Fastify does (a wrapper may set its own). */
function checkVersions (parent: RuntimeInstance, meta: PluginMeta, name: string): void {
  const profile = serverOf(parent).profile
  const version = typeof parent.version === 'string' ? parent.version : profile.fastifyVersion
  if (typeof meta.fastify === 'string' && !releaseCandidateAbove(version, meta.fastify, profile.api) && !satisfiesRange(version, meta.fastify, profile.api)) {
    // As Fastify, which names the plugin by its metadata alone (`undefined` when that has no name).
    throw new errorCodes.FST_ERR_PLUGIN_VERSION_MISMATCH(String(meta.name), meta.fastify, version)
  }
  if (typeof meta.enclave === 'string' && !satisfiesRange(enclaveVersion, meta.enclave)) {
    throw new errorCodes.ENC_ERR_PLUGIN_ENCLAVE_VERSION_MISMATCH(nonEmptyString(meta.name) ? meta.name : name, meta.enclave, enclaveVersion)
  }
}

// As in Fastify, the message names the plugin only when its meta gives a name.
function checkDecorators (parent: RuntimeInstance, decorators: unknown, name: unknown): void {
  if (decorators === undefined || decorators === null) return
  const context = contextOf(parent)
  // Fastify's order: a missing reply decorator is named before a missing request one.
  const holders: Array<[string, object, string, DecoratorTarget]> = [
    ['fastify', parent, 'Fastify', 'instance'],
    ['reply', context.Reply.prototype as object, 'Reply', 'reply'],
    ['request', context.Request.prototype, 'Request', 'request']
  ]
  for (const [kind, holder, where, target] of holders) {
    const required = (decorators as Record<string, unknown>)[kind]
    if (!Array.isArray(required)) continue
    for (const decorator of required as unknown[]) {
      // A data decoration is not on the prototype: each request or reply gets it (data-decorations.ts).
      if (!((decorator as PropertyKey) in holder) && !hasDataDecoration(context, target, decorator as PropertyKey)) throw new errorCodes.FST_ERR_PLUGIN_NOT_PRESENT_IN_INSTANCE(String(decorator), typeof name === 'string' ? ` required by '${name}'` : '', where)
    }
  }
}

/**
 * A plugin's declared needs (versions, decorators, dependencies), checked where it is registered,
 * in Fastify's order, before it loads: a failure rejects ready() with the plugin named.
 */
export function checkPluginMeta (parent: RuntimeInstance, fn: PluginFunction, name: string): void {
  const meta = metaOf(fn)
  if (meta === undefined) return
  checkVersions(parent, meta, name)
  checkDecorators(parent, meta.decorators, meta.name)
  const dependencies = meta.dependencies
  if (!dependencies) return
  // Fastify 4.29 answers both with a bare AssertionError (code ERR_ASSERTION), message included;
  // Fastify 5 keeps the assertion for a malformed list and answers a missing dependency with its own code.
  assert(Array.isArray(dependencies), 'The dependencies should be an array of strings')
  const context = contextOf(parent)
  const api = serverOf(parent).profile.api
  for (const dependency of dependencies as unknown[]) {
    const registered = context.hasPlugin(dependency as string)
    if (!registered && api === 5) throw new errorCodes.FST_ERR_PLUGIN_DEPENDENCY_NOT_REGISTERED(String(dependency), String(meta.name))
    assert(registered, `The dependency '${String(dependency)}' of plugin '${String(meta.name)}' is not registered`)
  }
}

/**
 * Fastify 4 loads an async plugin that also declares `done` (its promise ends the loading) and warns;
 * Fastify 5 refuses it: ready() fails, naming the plugin by its metadata or function name.
 */
export function checkMixedPluginStyles (fn: PluginFunction, api: 4 | 5): void {
  if (!isAsyncFunction(fn) || fn.length !== 3) return
  if (api === 5) throw new errorCodes.FST_ERR_PLUGIN_INVALID_ASYNC_HANDLER(declaredNameOf(fn) ?? (nonEmptyString(fn.name) ? fn.name : 'null'))
  // Fastify's warning names the plugin by its metadata, display name or function name, else 'anonymous' (never its source).
  const display = fn[kDisplayName]
  warnings.FSTWRN002(declaredNameOf(fn) ?? (nonEmptyString(display) ? display : nonEmptyString(fn.name) ? fn.name : 'anonymous'))
}
