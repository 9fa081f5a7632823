/** register()'s options given as a function: deferred until the plugin loads, then resolved once. */
import { kOptionsFactory, kResolvedOptions } from '../symbols.js'

export type OptionsFactory = (parent: unknown) => unknown

/** The stand-in avvio receives for an options function: calling it gives the resolved options. */
export interface DeferredOptions {
  (): unknown
  [kOptionsFactory]: OptionsFactory
  [kResolvedOptions]: unknown
}

/**
 * An options function runs once, when its plugin loads, with the instance the plugin receives (the
 * new child, or the parent for a wrapped plugin), as in Fastify 4: so it sees what earlier plugins
 * decorated, and the `prefix` and `logLevel` it returns are not applied (the child exists by then).
 * register() hands avvio this stand-in so `override` decides when it runs and avvio's own call of
 * it returns the same result.
 */
export function deferOptions (factory: OptionsFactory): DeferredOptions {
  const deferred = function deferredPluginOptions () { return deferred[kResolvedOptions] } as DeferredOptions
  // avvio names a plugin after `options.name` when set, which for an options function is its name:
  // Fastify's plugin tree (printPlugins, a timeout's message) shows a named options function's name.
  Object.defineProperty(deferred, 'name', { value: factory.name })
  deferred[kOptionsFactory] = factory
  deferred[kResolvedOptions] = undefined
  return deferred
}

export function isDeferred (options: unknown): options is DeferredOptions {
  return typeof options === 'function' && typeof (options as Partial<DeferredOptions>)[kOptionsFactory] === 'function'
}

/** Runs a deferred options function with the instance the plugin receives; other options pass unchanged. */
export function resolveOptions (instance: unknown, options: unknown): unknown {
  if (!isDeferred(options)) return options
  const resolved = options[kOptionsFactory](instance)
  options[kResolvedOptions] = resolved === undefined || resolved === null ? {} : resolved
  return options[kResolvedOptions]
}
