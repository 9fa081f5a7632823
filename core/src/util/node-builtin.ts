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
  const host = (globalThis as { process?: { getBuiltinModule?: BuiltinGetter } }).process
  const get = host?.getBuiltinModule
  const loaded = typeof get === 'function' ? get.call(host, id) : undefined
  if (loaded === undefined || loaded === null) throw new errorCodes.ENC_ERR_NODE_MODULE_UNAVAILABLE(what, id)
  return loaded as Module
}
