import assert from 'node:assert'
import { createRequire } from 'node:module'
import { errorCodes } from '../errors/codes.js'
import { kContext, kSkipOverride, kDisplayName, kPluginMeta } from '../symbols.js'
import { ContextState } from './context-state.js'
import { joinContextPrefix } from '../routing/route.js'
import { contextLogger, serializersOf } from '../logging/request-logger.js'
import { satisfiesRange } from './version-range.js'
import { warnings } from '../errors/warnings.js'

/** The version Enclave answers to plugins that check Fastify's (fastify-plugin's `fastify` range). */
export const fastifyCompatVersion = '4.29.1'

/** Enclave's own version, for plugins that declare an `enclave` range (@enclave/plugin). */
export const enclaveVersion: string = (createRequire(import.meta.url)('../../package.json') as { version: string }).version

const kOptionsFactory = Symbol('enclave.register.optionsFactory')
const kResolvedOptions = Symbol('enclave.register.resolvedOptions')

interface DeferredOptions {
  (): unknown
  [kOptionsFactory]: (parent: unknown) => unknown
  [kResolvedOptions]: unknown
}

/** Names a plugin as avvio's tree does, so printPlugins, printContexts and errors agree. */
export function pluginNameOf (fn: any, options?: unknown): string {
  const meta = fn[kPluginMeta]
  if (meta !== null && typeof meta === 'object' && typeof meta.name === 'string' && meta.name !== '') return meta.name
  if (typeof fn[kDisplayName] === 'string' && fn[kDisplayName] !== '') return fn[kDisplayName]
  if (options !== null && typeof options === 'object' && typeof (options as any).name === 'string' && (options as any).name !== '') return (options as any).name
  if (typeof fn.name === 'string' && fn.name !== '') return fn.name
  // An anonymous function is shown by its first two lines of source.
  return String(fn).split('\n').slice(0, 2).map((line) => line.trim()).join(' -- ')
}

function isAsyncFunction (fn: any): boolean {
  return fn.constructor?.name === 'AsyncFunction'
}

function describeValue (value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  return typeof value
}

function isPluginLike (plugin: unknown): boolean {
  if (typeof plugin === 'function') return true
  if (typeof plugin !== 'object' || plugin === null) return false
  return typeof (plugin as any).then === 'function' || typeof (plugin as any).default === 'function'
}

/**
 * An options function runs once, when its plugin loads, with the instance the plugin receives (the
 * new child, or the parent for a wrapped plugin), as in Fastify 4: so it sees what earlier plugins
 * decorated, and the `prefix` and `logLevel` it returns are not applied (the child exists by then).
 * register() hands avvio this stand-in so `override` decides when it runs and avvio's own call of
 * it returns the same result.
 */
function deferOptions (factory: (parent: unknown) => unknown): DeferredOptions {
  const deferred = function deferredPluginOptions () { return deferred[kResolvedOptions] } as DeferredOptions
  // avvio names a plugin after `options.name` when set: a function's own name must not count.
  Object.defineProperty(deferred, 'name', { value: '' })
  deferred[kOptionsFactory] = factory
  deferred[kResolvedOptions] = undefined
  return deferred
}

function isDeferred (options: unknown): options is DeferredOptions {
  return typeof options === 'function' && typeof (options as DeferredOptions)[kOptionsFactory] === 'function'
}

function resolveOptions (instance: unknown, options: unknown): unknown {
  if (!isDeferred(options)) return options
  const deferred = options
  const resolved = deferred[kOptionsFactory](instance)
  deferred[kResolvedOptions] = resolved === undefined || resolved === null ? {} : resolved
  return deferred[kResolvedOptions]
}

/** `instance.register(plugin, options?)`: validates, then queues the plugin with avvio. */
export function registerPlugin (instance: any, plugin: unknown, options: unknown): void {
  if (!isPluginLike(plugin)) throw new errorCodes.AVV_ERR_PLUGIN_NOT_VALID(describeValue(plugin))
  const queued = typeof options === 'function' ? deferOptions(options as (parent: unknown) => unknown) : options
  instance._avvioRegister(plugin, queued)
}

/** The `fastify` range is checked against the registering instance's `version`, as Fastify does (a wrapper may set its own). */
function checkVersions (parent: any, meta: Record<string, any>, name: string): void {
  const version = typeof parent.version === 'string' ? parent.version as string : fastifyCompatVersion
  if (typeof meta.fastify === 'string' && !satisfiesRange(version, meta.fastify)) {
    throw new errorCodes.FST_ERR_PLUGIN_VERSION_MISMATCH(name, meta.fastify, version)
  }
  if (typeof meta.enclave === 'string' && !satisfiesRange(enclaveVersion, meta.enclave)) {
    throw new errorCodes.ENC_ERR_PLUGIN_ENCLAVE_VERSION_MISMATCH(name, meta.enclave, enclaveVersion)
  }
}

function checkDecorators (parent: any, decorators: Record<string, unknown> | null | undefined, name: string): void {
  if (decorators === undefined || decorators === null) return
  const context: ContextState = parent[kContext]
  const holders: Array<[string, object, string]> = [
    ['fastify', parent, 'Fastify'],
    ['request', context.Request.prototype, 'Request'],
    ['reply', context.Reply.prototype, 'Reply']
  ]
  for (const [kind, holder, where] of holders) {
    const required = decorators[kind]
    if (!Array.isArray(required)) continue
    for (const decorator of required) {
      if (!(decorator in holder)) throw new errorCodes.FST_ERR_PLUGIN_NOT_PRESENT_IN_INSTANCE(String(decorator), ` required by '${name}'`, where)
    }
  }
}

/**
 * A plugin's declared needs (versions, decorators, dependencies), checked where it is registered,
 * in Fastify's order, before it loads: a failure rejects ready() with the plugin named.
 */
function checkPluginMeta (parent: any, fn: any, name: string): void {
  const meta = fn[kPluginMeta]
  if (meta === undefined || meta === null || typeof meta !== 'object') return
  checkVersions(parent, meta, name)
  checkDecorators(parent, meta.decorators, name)
  const context: ContextState = parent[kContext]
  const dependencies = meta.dependencies
  if (!dependencies) return
  // Fastify 4.29 answers both with a bare AssertionError (code ERR_ASSERTION), message included.
  assert(Array.isArray(dependencies), 'The dependencies should be an array of strings')
  for (const dependency of dependencies) {
    assert(context.hasPlugin(dependency), `The dependency '${dependency}' of plugin '${meta.name}' is not registered`)
  }
}

/** Fastify 4 loads an async plugin that also declares `done` (its promise ends the loading) and warns. */
function warnMixedPluginStyles (name: string): void {
  warnings.FSTWRN002(name)
}

/** The name a plugin declared in its metadata (wrapped plugins always have one). */
function declaredNameOf (fn: any): string | undefined {
  const meta = fn[kPluginMeta]
  return meta !== null && typeof meta === 'object' && typeof meta.name === 'string' && meta.name !== '' ? meta.name : undefined
}

/**
 * avvio's `override`: the instance a plugin receives. A new child context, unless the plugin is
 * wrapped (skip-override), in which case it registers straight into its parent (docs/encapsulation.md).
 */
export function override (parent: any, fn: any, options: unknown): any {
  const deferred = isDeferred(options)
  const opts = deferred ? undefined : options
  const name = pluginNameOf(fn, opts)
  if (isAsyncFunction(fn) && fn.length >= 3) warnMixedPluginStyles(name)
  checkPluginMeta(parent, fn, name)
  const parentContext: ContextState = parent[kContext]
  const declaredName = declaredNameOf(fn)
  if (declaredName !== undefined) parentContext.registeredPlugins.push(declaredName)
  if (fn[kSkipOverride] === true) {
    parentContext.pluginNames.push(name)
    resolveOptions(parent, options)
    return parent
  }
  const given = (opts !== null && typeof opts === 'object' ? opts : {}) as Record<string, unknown>
  const prefix = joinContextPrefix(parentContext.prefix, given.prefix)
  const logLevel = typeof given.logLevel === 'string' ? given.logLevel : undefined
  const logSerializers = serializersOf(given.logSerializers, `plugin ${name}`)
  const logger = contextLogger(parentContext.logger, logLevel, logSerializers)
  const instance = Object.create(parent)
  const context = new ContextState(parentContext.server, parentContext, prefix, name, logger, logLevel ?? parentContext.logLevel)
  context.instance = instance
  context.logSerializers = logSerializers
  instance[kContext] = context
  // onRegister hooks get the options as register() was given them (the function, when one was), as in Fastify.
  const registered = deferred ? options[kOptionsFactory] : given
  for (const ctx of parentContext.lineage()) {
    for (const hook of ctx.hooks.onRegister) hook.fn.call(hook.instance, instance, registered)
  }
  if (deferred) resolveOptions(instance, options)
  return instance
}
