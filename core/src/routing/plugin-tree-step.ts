/**
 * The empty avvio steps that keep `printPlugins()` reading as Fastify's. Fastify adds each route and
 * each not-found handler to its router in an avvio `after` step, which the plugin tree lists as
 * `bound _after` under the plugin that declared it; Enclave adds them at once, and queues one
 * step in the same place so the tree shows the same entries in the same order.
 */
import type { ContextState } from '../instance/context-state.js'
import type { RouteContext } from './route-context.js'

/** Queues one pass-through `after` step on the context's instance (an error goes on unchanged). */
export function addPluginTreeStep (context: ContextState): void {
  context.instance.after(passError)
}

function passError (error: unknown, done: (error?: unknown) => void): void {
  done(error)
}

/**
 * The step of a route declaration: where Fastify builds the route, taking the error handlers in
 * effect in its context at that point of the loading, and queueing its schemas' compilation (so the
 * first schema that fails ready() is the first one in that order, not in declaration order).
 */
export function addRouteStep (context: ContextState, routes: RouteContext[]): void {
  context.instance.after(function routeLoaded (error: unknown, done: (error?: unknown) => void) {
    const handlers = context.errorHandlers.slice()
    const order = context.server.routesLoaded++
    for (const route of routes) {
      route.loadedErrorHandlers = handlers
      route.loadOrder = order
    }
    done(error)
  })
}

/**
 * What Fastify 5 does through avvio's after() (a route, setNotFoundHandler) fails as avvio does once
 * the plugins have booted (AVV_ERR_ROOT_PLG_BOOTED): asking avvio gives its own error. Called only
 * once booted.
 */
export function refuseOnceBooted (context: ContextState): void {
  context.instance.after(passError)
}
