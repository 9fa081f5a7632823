import { METHODS } from 'node:http'
import { errorCodes } from '../errors/codes.js'
import { warnings } from '../errors/warnings.js'
import { kContext } from '../symbols.js'
import { createHookEntry, requestHookNames, type HookEntry, type RequestHookName } from '../lifecycle/hooks.js'
import { dispatchRoute } from '../lifecycle/handle-request.js'
import { RouteContext, type RouteServer } from './route-context.js'
import { defaultSchemaErrorFormatter } from '../schema/error-formatter.js'
import type { ContextState } from '../instance/context-state.js'
import type { AnyFunction } from '../types/internal.js'

const supportedMethods = new Set(METHODS)
/** What `all()` registers: Fastify v4's supported methods, WebDAV included. */
export const allMethods = [
  'DELETE', 'GET', 'HEAD', 'PATCH', 'POST', 'PUT', 'OPTIONS',
  'PROPFIND', 'PROPPATCH', 'MKCOL', 'COPY', 'MOVE', 'LOCK', 'UNLOCK', 'TRACE', 'SEARCH', 'REPORT', 'MKCALENDAR'
]

/** Glues two path pieces as Fastify does: one slash where both sides have one, nothing added. */
function joinPaths (left: string, right: string): string {
  return left.endsWith('/') && right.startsWith('/') ? left + right.slice(1) : left + right
}

/**
 * The paths a route answers on, from its context's prefix and `prefixTrailingSlash`, exactly as
 * Fastify 4 joins them: `foo` under `/prefix` is `/prefixfoo` and `*` is `/prefix*` (which also
 * answers `/prefix` itself); a `/` route under a prefix answers the prefix with and without the
 * trailing slash unless ignoreTrailingSlash makes that one route.
 */
export function joinPrefix (prefix: string, url: string, trailing: unknown, ignoreTrailingSlash: boolean): string[] {
  if (prefix === '' || url !== '/') return [joinPaths(prefix, url)]
  switch (trailing) {
    case 'slash': return [prefix + '/']
    case 'no-slash': return [prefix]
    default: return ignoreTrailingSlash ? [prefix] : [prefix, prefix + '/']
  }
}

/** Joins a child's `prefix` register option onto its parent's prefix, as Fastify 4 does. */
export function joinContextPrefix (parent: string, child: unknown): string {
  if (typeof child !== 'string' || child === '') return parent
  // A prefix without its leading slash is put after a slash of its own, even after one the parent ends with.
  return child.startsWith('/') ? joinPaths(parent, child) : parent + '/' + child
}

export function routeHooksOf (options: Record<string, any>, instance: object): Partial<Record<RequestHookName, HookEntry[]>> {
  const hooks: Partial<Record<RequestHookName, HookEntry[]>> = {}
  for (const name of requestHookNames) {
    const value = options[name]
    if (value === undefined) continue
    const list = Array.isArray(value) ? value : [value]
    hooks[name] = list.map((fn) => createHookEntry(name, fn, instance))
  }
  return hooks
}

function normaliseMethods (method: unknown): string[] {
  const list = Array.isArray(method) ? method : [method]
  if (list.length === 0) throw new errorCodes.FST_ERR_ROUTE_METHOD_INVALID()
  return list.map((entry) => {
    if (typeof entry !== 'string') throw new errorCodes.FST_ERR_ROUTE_METHOD_INVALID()
    const upper = entry.toUpperCase()
    if (!supportedMethods.has(upper)) throw new errorCodes.FST_ERR_ROUTE_METHOD_NOT_SUPPORTED(entry)
    return upper
  })
}

function validateRouteOptions (options: Record<string, any>, methods: string[], url: string): void {
  const label = methods.join(',')
  if (typeof options.handler !== 'function') throw new errorCodes.FST_ERR_ROUTE_MISSING_HANDLER(label, url)
  if (options.errorHandler !== undefined && typeof options.errorHandler !== 'function') {
    throw new errorCodes.FST_ERR_ROUTE_HANDLER_NOT_FN(label, url)
  }
  if (options.bodyLimit !== undefined && !(Number.isInteger(options.bodyLimit) && options.bodyLimit > 0)) {
    throw new errorCodes.FST_ERR_ROUTE_BODY_LIMIT_OPTION_NOT_INT(String(options.bodyLimit))
  }
  if (options.schemaErrorFormatter !== undefined && (typeof options.schemaErrorFormatter !== 'function' || options.schemaErrorFormatter.constructor?.name === 'AsyncFunction')) {
    throw new errorCodes.FST_ERR_SCHEMA_ERROR_FORMATTER_NOT_FN(typeof options.schemaErrorFormatter === 'function' ? 'async function' : typeof options.schemaErrorFormatter)
  }
}

/** `instance.route(options)`: validates, runs onRoute hooks, and adds the route to the router. */
export function addRoute (instance: any, input: unknown): void {
  if (typeof input !== 'object' || input === null) throw new errorCodes.FST_ERR_ROUTE_OPTIONS_NOT_OBJ('?', '?')
  declareRoute(instance, input as Record<string, any>, false)
}

/**
 * One route declaration. `autoHead` marks the HEAD twin Enclave adds for a GET route: it goes
 * through onRoute like any route (as in Fastify) and gives way to a HEAD route the user declares.
 */
function declareRoute (instance: any, input: Record<string, any>, autoHead: boolean): void {
  const context: ContextState = instance[kContext]
  const server = context.server as RouteServer
  // The HEAD twin starts from the options as given, before onRoute hooks rewrote them.
  const given: Record<string, any> = { ...input }
  const options: Record<string, any> = { ...input }
  const url = options.url ?? options.path
  if (typeof url !== 'string') throw new errorCodes.FST_ERR_INVALID_URL(typeof url)
  const methods = normaliseMethods(options.method)
  if (server.booted || server.started) throw new errorCodes.FST_ERR_INSTANCE_ALREADY_LISTENING('Cannot add route!')
  // As in Fastify, onRoute hooks see the complete URL in `url`/`path`, the URL as written in
  // `routePath` and the context's `prefix` (@fastify/swagger documents routes by `url`).
  const prefixedPaths = joinPrefix(context.prefix, url, options.prefixTrailingSlash, server.options.ignoreTrailingSlash)
  const fullUrl = prefixedPaths[0]!
  options.url = fullUrl
  options.path = fullUrl
  options.routePath = url
  options.method = methods.length === 1 ? methods[0] : methods
  options.prefix = context.prefix
  // As in Fastify, onRoute hooks see the level in effect: the route's own, else the one given to
  // register() around it, else '' (@fastify/swagger-ui reads it to hide its routes' logs).
  if (options.logLevel === undefined || options.logLevel === '') options.logLevel = context.logLevel ?? ''
  // Fastify 4's deprecated `version` route option is the `version` constraint.
  if (options.version) warnings.FSTDEP008()
  if (typeof options.version === 'string' && options.constraints?.version === undefined) {
    options.constraints = Object.assign({}, options.constraints, { version: options.version })
  }
  // onRoute hooks (root first) may rewrite the options; `this` is the declaring instance, as in Fastify.
  for (const ctx of context.lineage()) {
    for (const hook of ctx.hooks.onRoute) hook.fn.call(instance, options)
  }
  const finalMethods = normaliseMethods(options.method)
  validateRouteOptions(options, finalMethods, options.url)
  const exposeHead = typeof options.exposeHeadRoute === 'boolean' ? options.exposeHeadRoute : server.options.exposeHeadRoutes
  options.exposeHeadRoute = exposeHead
  // A URL a hook rewrote is taken as complete, as Fastify registers it.
  const rewritten = options.url !== fullUrl ? options.url : options.path !== fullUrl ? options.path : null
  if (rewritten !== null && typeof rewritten !== 'string') throw new errorCodes.FST_ERR_INVALID_URL(typeof rewritten)
  const paths = rewritten === null ? prefixedPaths : [rewritten as string]
  const routeHooks = routeHooksOf(options, instance)
  for (const method of finalMethods) {
    for (const path of paths) {
      if (autoHead && server.router.findRoute('HEAD' as any, path, options.constraints ?? {}) !== null) continue
      registerRoute(server, context, instance, method, path, options, routeHooks, autoHead)
    }
  }
  if (exposeHead && !autoHead && finalMethods.includes('GET') && !finalMethods.includes('HEAD')) {
    given.method = 'HEAD'
    given.url = url
    given.path = url
    declareRoute(instance, given, true)
  }
}

export function registerRoute (
  server: RouteServer, context: ContextState, instance: any, method: string, path: string,
  options: Record<string, any>, routeHooks: Partial<Record<RequestHookName, HookEntry[]>>, autoHead = false
): RouteContext {
  const route = new RouteContext({
    method,
    url: path,
    handler: options.handler as AnyFunction,
    instance,
    context,
    server,
    options,
    isNotFound: false,
    routeHooks,
    formatter: defaultSchemaErrorFormatter
  })
  route.isAutoHead = autoHead
  const constraints = options.constraints ?? {}
  const routerOptions = options.constraints === undefined ? {} : { constraints: options.constraints }
  if (method === 'HEAD' && !autoHead) replaceAutoHead(server, path, constraints)
  try {
    server.router.on(method as any, path, routerOptions, dispatchRoute as any, route)
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    if (/already declared|already exists/i.test(message)) throw new errorCodes.FST_ERR_DUPLICATED_ROUTE(method, path)
    throw error
  }
  context.routes.push(route)
  server.routes.push(route)
  return route
}

/** A HEAD route the user declares takes the place of the one added for a GET route. */
function replaceAutoHead (server: RouteServer, path: string, constraints: Record<string, unknown>): void {
  const existing = server.router.findRoute('HEAD' as any, path, constraints) as { store?: RouteContext } | null
  const auto = existing?.store
  if (auto === undefined || !auto.isAutoHead) return
  server.router.off('HEAD' as any, path, constraints)
  removeFrom(server.routes, auto)
  removeFrom(auto.context.routes, auto)
}

function removeFrom (list: RouteContext[], route: RouteContext): void {
  const index = list.indexOf(route)
  if (index !== -1) list.splice(index, 1)
}

/** Shortcut methods: `get(path, [options], handler)` and `get(path, { handler, ... })`. */
export function addShortcutRoute (instance: any, method: string | string[], path: unknown, optionsOrHandler: unknown, maybeHandler: unknown): void {
  let options: Record<string, any>
  if (typeof optionsOrHandler === 'function') {
    options = { handler: optionsOrHandler }
  } else if (typeof optionsOrHandler === 'object' && optionsOrHandler !== null) {
    options = { ...(optionsOrHandler as Record<string, any>) }
    if (maybeHandler !== undefined) {
      if (options.handler !== undefined) throw new errorCodes.FST_ERR_ROUTE_DUPLICATED_HANDLER(String(method), String(path))
      options.handler = maybeHandler
    }
  } else if (optionsOrHandler === undefined) {
    options = {}
  } else {
    throw new errorCodes.FST_ERR_ROUTE_OPTIONS_NOT_OBJ(String(method), String(path))
  }
  options.method = method
  options.url = path
  addRoute(instance, options)
}
