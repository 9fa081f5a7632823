/** The route methods of an instance: route() and its shortcuts, route lookup and printing, and constraint strategies. */
import type * as Router from 'find-my-way'
import { errorCodes } from '../errors/codes.js'
import { addRoute, addShortcutRoute } from '../routing/route.js'
import { addHttpMethod, type AddHttpMethodOptions } from '../routing/http-methods.js'
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

/** Fastify 5's shorthands for the methods it added to its defaults (the v5 face only: Fastify 4.29 has neither). */
export const fastify5RouteShortcuts = {
  trace: shortcut('TRACE'),
  query: shortcut('QUERY')
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
  // Every method the server supports when all() is called (those addHttpMethod added before included).
  all (path: unknown, optionsOrHandler?: unknown, handler?: unknown) {
    addShortcutRoute(this, Array.from(serverOf(this).httpMethods.keys()), path, optionsOrHandler, handler)
    return this
  },
  // Server-wide, like the router: a method added in a plugin is usable everywhere. As in Fastify 5.12,
  // its shorthand (`app.mkcol()`) goes on this instance (the contexts made from it inherit it), unless
  // the name is taken.
  addHttpMethod (method: string, options?: AddHttpMethodOptions) {
    addHttpMethod(serverOf(this).httpMethods, method, options)
    const name = method.toLowerCase()
    if (!(name in this)) (this as unknown as Record<string, unknown>)[name] = shortcut(method)
    return this
  },
  get supportedMethods (): string[] {
    return Array.from(serverOf(this).httpMethods.keys())
  },
  // As Fastify 4.29, both look the URL up as a request's would be (`/users/42` finds `/users/:id`,
  // with its params and query). hasRoute upper-cases the method, findRoute takes it as given (Fastify 5 upper-cases it too). An
  // array of methods (which Fastify's toUpperCase() throws on) needs each. Fastify 5's hasRoute
  // asks the router for the route as declared (`/users/:id`), as find-my-way's hasRoute does.
  hasRoute (options: { method: string | string[], url: string, constraints?: Record<string, unknown> }): boolean {
    const server = serverOf(this)
    if (server.profile.api === 5) return server.router.hasRoute(String(options.method).toUpperCase() as RouterMethod, options.url, (options.constraints ?? {}) as Parameters<typeof server.router.hasRoute>[2])
    const methods = Array.isArray(options.method) ? options.method : [options.method]
    return methods.every((method) => findInRouter(this, String(method ?? '').toUpperCase(), options.url, options.constraints) !== null)
  },
  findRoute (options: { method: string, url: string, constraints?: Record<string, unknown> }) {
    const method = serverOf(this).profile.api === 5 ? String(options.method).toUpperCase() : String(options.method)
    const found = findInRouter(this, method, options.url, options.constraints)
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
