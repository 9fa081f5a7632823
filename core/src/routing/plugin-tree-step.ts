/**
 * The empty avvio steps that keep `printPlugins()` reading as Fastify's. Fastify adds each route and
 * each not-found handler to its router in an avvio `after` step, which the plugin tree lists as
 * `bound _after` under the plugin that declared it; Enclave adds them at once, and queues one
 * step in the same place so the tree shows the same entries in the same order.
 */
import type { ContextState } from '../instance/context-state.js'

/** Queues one pass-through `after` step on the context's instance (an error goes on unchanged). */
export function addPluginTreeStep (context: ContextState): void {
  context.instance.after(passError)
}

function passError (error: unknown, done: (error?: unknown) => void): void {
  done(error)
}
