/** register(): checks what it is given is a plugin, then queues it with avvio (an options function deferred). */
import { errorCodes } from '../errors/codes.js'
import { isThenable } from '../util/functions.js'
import { deferOptions, type OptionsFactory } from './plugin-options.js'
import { serverOf, type RuntimeInstance } from './context-state.js'
import { keepNameAtRegistration } from './promised-plugin-name.js'

function describeValue (value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  return typeof value
}

/** A function, a promise of a module, or an ES module namespace with a default function. */
function isPluginLike (plugin: unknown): boolean {
  if (typeof plugin === 'function') return true
  if (typeof plugin !== 'object' || plugin === null) return false
  return isThenable(plugin) || typeof (plugin as { default?: unknown }).default === 'function'
}

/** `instance.register(plugin, options?)`: validates, then queues the plugin with avvio. */
export function registerPlugin (instance: RuntimeInstance, plugin: unknown, options: unknown): void {
  if (!isPluginLike(plugin)) throw new errorCodes.AVV_ERR_PLUGIN_NOT_VALID(describeValue(plugin))
  const queued = typeof options === 'function' ? deferOptions(options as OptionsFactory) : options
  instance._avvioRegister(plugin, queued)
  if (typeof plugin === 'object' && isThenable(plugin)) {
    const server = serverOf(instance)
    if (server.profile.name === 'fastify') keepNameAtRegistration(server.avvio)
  }
}
