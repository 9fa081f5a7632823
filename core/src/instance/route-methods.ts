/** The route methods of an instance: route() and its shortcuts, route lookup and printing, and constraint strategies. */
import type Router from 'find-my-way'
import { errorCodes } from '../errors/codes.js'
import { addRoute, addShortcutRoute, allMethods } from '../routing/route.js'
import { isAsyncStrategy } from '../routing/router.js'
import { printRoutes } from '../routing/print-routes.js'
import { contextOf, serverOf, type RuntimeInstance } from './context-state.js'
import type { ConstraintStrategy } from '../types/instance.js'
import type { MethodGroup } from './method-table.js'

/** find-my-way's own method type: the method name given is passed on as the router reads it. */
type RouterMethod = Router.HTTPMethod

/** What find-my-way's findRoute returns at run time (its typings miss `searchParams`). */
interface FoundRoute {
  handler: (...args: unknown[]) => unknown
  params: Record<string, string>
  searchParams: Record<string, string>
}

function findInRouter (instance: unknown, method: string, url: string | undefined, constraints: Record<string, unknown> | undefined): FoundRoute | null {
  const router = serverOf(instance as RuntimeInstance).router
  return router.find(method as RouterMethod, url ?? '', constraints as Parameters<typeof router.find>[2]) as FoundRoute | null
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
  // As Fastify 4.29, both look the URL up as a request's would be (`/users/42` finds `/users/:id`,
  // with its params and query). hasRoute upper-cases the method, findRoute takes it as given. An
  // array of methods (which Fastify's toUpperCase() throws on) needs each.
  hasRoute (options: { method: string | string[], url: string, constraints?: Record<string, unknown> }): boolean {
    const methods = Array.isArray(options.method) ? options.method : [options.method]
    return methods.every((method) => findInRouter(this, String(method ?? '').toUpperCase(), options.url, options.constraints) !== null)
  },
  findRoute (options: { method: string, url: string, constraints?: Record<string, unknown> }) {
    const found = findInRouter(this, String(options.method), options.url, options.constraints)
    if (found === null) return null
    // What Fastify 4.29 returns: the router's entry (its handler is the router's, not the route's).
    return { handler: found.handler, params: found.params, searchParams: found.searchParams }
  },
  printRoutes (options?: Record<string, unknown>): string {
    return printRoutes(serverOf(this).router, options)
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
