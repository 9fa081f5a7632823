/**
 * Node's built-in modules that only a socket server needs (`node:http`, `node:https`, `node:http2`,
 * `node:tls`, `node:dns`), loaded when first needed rather than imported: a runtime that serves
 * through `app.fetch()` (Workers, Bun.serve, Deno.serve) never loads them.
 */
import { errorCodes } from '../errors/codes.js'

type BuiltinGetter = (id: string) => unknown

/**
 * The module, loaded synchronously (`app.server` is a getter) through `process.getBuiltinModule`,
 * which Node (20.16+), Bun and Deno have; `what` names the feature for the error where it is missing.
 */
export function nodeBuiltin<Module> (id: string, what: string): Module {
  const cached = loadedBuiltins.get(id)
  if (cached !== undefined) return cached as Module
  const host = (globalThis as { process?: { getBuiltinModule?: BuiltinGetter } }).process
  const get = host?.getBuiltinModule
  const loaded = typeof get === 'function' ? get.call(host, id) : undefined
  if (loaded === undefined || loaded === null) throw new errorCodes.ENC_ERR_NODE_MODULE_UNAVAILABLE(what, id)
  loadedBuiltins.set(id, loaded)
  return loaded as Module
}

/** Each module once: what was loaded is what every later server uses. */
const loadedBuiltins = new Map<string, unknown>()

/**
 * Loads the modules now, as the Fastify faces' entries do when they are imported: Fastify loads
 * `node:http` and the other server modules when it is itself loaded, so an instrumentation enabled
 * after the app loaded Fastify (OpenTelemetry's HTTP instrumentation patches `node:http` when it is
 * next loaded) finds them loaded already on a face, as it does with Fastify. A module the runtime
 * lacks is skipped here; the feature that needs it fails when used, as it does without this.
 */
export function preloadNodeBuiltins (ids: readonly string[]): void {
  for (const id of ids) {
    try {
      nodeBuiltin(id, id)
    } catch {}
  }
}
