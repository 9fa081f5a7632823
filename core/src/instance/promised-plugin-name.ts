/**
 * The name a promise of a plugin (`register(import('./routes.js'))`) goes by on the v4 face.
 * Fastify 4.29's avvio names a plugin once, when it is registered: a promise keeps the name it had
 * then (`options.name`, else its own, `[object Promise]` for a native one) in `printPlugins()` and in
 * a plugin timeout's message. The avvio every entry loads with renames the plugin after the function
 * the promise resolves to, as Fastify 5 shows; the v4 face restores 4.29's name when the plugin loads.
 */
import type { PluginLoader } from './server-state.js'

const kNameAtRegistration = Symbol('enclave.nameAtRegistration')

/** avvio's record of one plugin: its name is what its tree and its timeout error show. */
interface LoaderPlugin {
  name: string
  [kNameAtRegistration]?: string
}

/** The fields of avvio's loader read here: the plugin register() just queued, and the one loading now. */
interface LoaderQueues {
  _lastUsed?: LoaderPlugin | null
  _current?: LoaderPlugin[]
}

/** Called right after avvio queued a promise of a plugin: its name then is the one to keep. */
export function keepNameAtRegistration (loader: PluginLoader): void {
  const queued = (loader as unknown as LoaderQueues)._lastUsed
  if (queued !== null && queued !== undefined) queued[kNameAtRegistration] = queued.name
}

/** Called as the plugin loads (avvio's override, before the plugin runs and its timer starts). */
export function restoreNameAtRegistration (loader: PluginLoader): void {
  const loading = (loader as unknown as LoaderQueues)._current?.[0]
  if (loading !== undefined && loading[kNameAtRegistration] !== undefined) loading.name = loading[kNameAtRegistration]
}
