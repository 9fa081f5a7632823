/** The route methods of an instance: route() and its shortcuts, route lookup and printing, and constraint strategies. */
import type Router from 'find-my-way'
import { errorCodes } from '../errors/codes.js'
import { addRoute, addShortcutRoute, allMethods } from '../routing/route.js'
import { isAsyncStrategy } from '../routing/router.js'
import { contextOf, serverOf, type RuntimeInstance } from './context-state.js'
import type { ConstraintStrategy } from '../types/instance.js'
import type { MethodGroup } from './method-table.js'

/** find-my-way's own method type: the method name given is passed on as the router reads it. */
type RouterMethod = Router.HTTPMethod

/** find-my-way's prettyPrint options (undefined prints with its defaults). */
type PrintOptions = Parameters<Router.Instance<Router.HTTPVersion.V1>['prettyPrint']>[0]

/** What find-my-way's findRoute returns at run time (its typings miss `searchParams`). */
interface FoundRoute {
  handler: (...args: unknown[]) => unknown
  params: Record<string, string>
  searchParams: Record<string, string>
}

function shortcut (method: string | string[]) {
  return function routeShortcut (this: RuntimeInstance, path: unknown, optionsOrHandler?: unknown, handler?: unknown): RuntimeInstance {
    addShortcutRoute(this, method, path, optionsOrHandler, handler)
    return this
  }
}

export const routeMethods = {
  route (options: unknown) {
    addRoute(this, options)
    return this
  },
  get: shortcut('GET'),
  head: shortcut('HEAD'),
  post: shortcut('POST'),
  put: shortcut('PUT'),
  delete: shortcut('DELETE'),
  options: shortcut('OPTIONS'),
  patch: shortcut('PATCH'),
  all: shortcut(allMethods),
  hasRoute (options: { method: string | string[], url: string, constraints?: Record<string, unknown> }): boolean {
    const methods = Array.isArray(options.method) ? options.method : [options.method]
    const router = serverOf(this).router
    return methods.every((method) => router.hasRoute(String(method).toUpperCase() as RouterMethod, options.url, options.constraints ?? {}))
  },
  findRoute (options: { method: string, url: string, constraints?: Record<string, unknown> }) {
    const found = serverOf(this).router.findRoute(options.method.toUpperCase() as RouterMethod, options.url, options.constraints ?? {}) as FoundRoute | null
    if (found === null) return null
    // What Fastify 4.29 returns: the router's entry (its handler is the router's, not the route's).
    return { handler: found.handler, params: found.params, searchParams: found.searchParams }
  },
  printRoutes (options?: Record<string, unknown>): string {
    return serverOf(this).router.prettyPrint(options as PrintOptions)
  },

  // One router per server, so a strategy added anywhere applies everywhere (as in Fastify).
  addConstraintStrategy (strategy: ConstraintStrategy) {
    const server = contextOf(this).server
    if (server.booted || server.started) throw new errorCodes.FST_ERR_INSTANCE_ALREADY_LISTENING('Cannot add constraint strategy!')
    server.router.addConstraintStrategy(strategy as Router.ConstraintStrategy<Router.HTTPVersion.V1>)
    if (isAsyncStrategy(strategy)) server.asyncConstraints = true
    return this
  },
  hasConstraintStrategy (name: string): boolean {
    return serverOf(this).router.hasConstraintStrategy(name)
  }
} satisfies MethodGroup
