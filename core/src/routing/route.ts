/** Route declaration: route() and the shortcut methods, checking route options, onRoute hooks, and adding the route to the router. */
import type * as Router from 'find-my-way'
import { errorCodes } from '../errors/codes.js'
import { warnings } from '../errors/warnings.js'
import { kContext } from '../symbols.js'
import { createRouteHookEntry, requestHookNames, type HookEntry, type RequestHookName } from '../lifecycle/hooks.js'
import { dispatchRoute } from '../lifecycle/handle-request.js'
import { RouteContext, type RouteOptions } from './route-context.js'
import { joinPaths, joinPrefix } from './prefix.js'
import { bodySchemaAllowed } from './http-methods.js'
import { addPluginTreeStep, addRouteStep, refuseOnceBooted } from './plugin-tree-step.js'
import { addsHeadTwin, headTaken, warnIfHeadTwinTaken, headTwinOptions, headTwinPath, replaceAutoHead } from './head-route.js'
import { assertSchemaErrorFormatter, defaultSchemaErrorFormatter } from '../schema/error-formatter.js'
import type { ContextState, RuntimeInstance } from '../instance/context-state.js'
import type { ServerState } from '../instance/server-state.js'

/**
 * What find-my-way calls for every route: the request pipeline, with the route context as its
 * store. find-my-way types each parameter as possibly undefined; it fills every one a path declares.
 */
const routeHandler = dispatchRoute as Router.Handler<Router.HTTPVersion.V1>

/**
 * The hooks a route declares in its own options, checked as Fastify checks them
 * (createRouteHookEntry): a list's async hooks, and a GET route's `onSend`, which Fastify makes a
 * list for the route's HEAD twin (`headTwinOnSend`). A not-found handler's (`listsChecked` false)
 * are not checked, as in Fastify.
 */
export function routeHooksOf (options: Record<string, unknown>, instance: object, headTwinOnSend: boolean, listsChecked = true): Partial<Record<RequestHookName, HookEntry[]>> {
  const hooks: Partial<Record<RequestHookName, HookEntry[]>> = {}
  for (const name of requestHookNames) {
    const value = options[name]
    if (value === undefined) continue
    hooks[name] = Array.isArray(value)
      ? value.map((fn) => createRouteHookEntry(name, fn, instance, listsChecked))
      : [createRouteHookEntry(name, value, instance, headTwinOnSend && name === 'onSend')]
  }
  return hooks
}

/**
 * A route may use only the server's methods (http-methods.ts: Fastify 4.29's or 5.12's, plus those
 * addHttpMethod added); requests with other methods still reach the not-found handler.
 */
function normaliseMethods (method: unknown, supported: ReadonlyMap<string, boolean>): Router.HTTPMethod[] {
  // An empty list is a route on no method, as in Fastify: onRoute hooks see it, nothing answers.
  const list = Array.isArray(method) ? method : [method]
  return list.map((entry) => {
    if (typeof entry !== 'string') throw new errorCodes.FST_ERR_ROUTE_METHOD_INVALID()
    const upper = entry.toUpperCase()
    if (!supported.has(upper)) throw new errorCodes.FST_ERR_ROUTE_METHOD_NOT_SUPPORTED(entry)
    return upper as Router.HTTPMethod
  })
}

/** The options the core reads, checked as Fastify checks them; the rest stays the user's. */
function validateRouteOptions (options: Record<string, unknown>, methods: string[], url: unknown): asserts options is RouteOptions {
  const label = methods.join(',')
  if (typeof options.handler !== 'function') throw new errorCodes.FST_ERR_ROUTE_MISSING_HANDLER(label, url)
  if (options.errorHandler !== undefined && typeof options.errorHandler !== 'function') {
    throw new errorCodes.FST_ERR_ROUTE_HANDLER_NOT_FN(label, url)
  }
  checkBodyLimit(options.bodyLimit)
  const formatter = options.schemaErrorFormatter
  // null is no formatter, as in Fastify (the context's applies).
  if (formatter !== undefined && formatter !== null) assertSchemaErrorFormatter(formatter)
}

/**
 * A route whose method has no body has no body to validate: refused when declared, with the URL as
 * written. Fastify 4.29 refuses GET and HEAD; Fastify 5.12 every method its table reads no body for
 * (TRACE, a method added without `hasBody`), and accepts GET once `addHttpMethod` gives it a body.
 */
function checkBodySchemaAllowed (methods: string[], schema: unknown, url: string, server: ServerState): void {
  if (typeof schema !== 'object' || schema === null || !(schema as { body?: unknown }).body) return
  for (const method of methods) {
    if (!bodySchemaAllowed(method, server)) throw new errorCodes.FST_ERR_ROUTE_BODY_VALIDATION_SCHEMA_NOT_SUPPORTED(method, url)
  }
}

/** Fastify 5's route `handlerTimeout`: a positive integer when given (Fastify 4.29 has no such option; its face ignores it). */
function checkHandlerTimeout (handlerTimeout: unknown, server: { readonly profile: { readonly name: string } }): void {
  if (handlerTimeout === undefined || server.profile.name === 'fastify') return
  if (!(typeof handlerTimeout === 'number' && Number.isInteger(handlerTimeout) && handlerTimeout > 0)) {
    throw new errorCodes.FST_ERR_ROUTE_HANDLER_TIMEOUT_OPTION_NOT_INT(String(handlerTimeout))
  }
}

/**
 * Fastify 5: a route's `logLevel` must be one of the logger's levels (checked when a logger is on,
 * before onRoute hooks); Fastify 4.29 takes any value.
 */
function checkLogLevel (logLevel: unknown, method: unknown, url: string, context: ContextState): void {
  if (logLevel === undefined || logLevel === null || logLevel === '' || !context.server.loggingEnabled) return
  const levels = (context.logger as { levels?: { values?: Record<string, number> } }).levels?.values
  if (levels === undefined || levels === null) return
  if (typeof logLevel !== 'string' || levels[logLevel] === undefined) {
    // The method as given, an array written as Node's util.format writes one.
    const shown = Array.isArray(method) ? `[ ${method.map((entry) => `'${String(entry)}'`).join(', ')} ]` : String(method)
    throw new errorCodes.FST_ERR_ROUTE_LOG_LEVEL_INVALID(shown, url, String(logLevel))
  }
}

function checkBodyLimit (bodyLimit: unknown): void {
  if (bodyLimit !== undefined && !(typeof bodyLimit === 'number' && Number.isInteger(bodyLimit) && bodyLimit > 0)) {
    throw new errorCodes.FST_ERR_ROUTE_BODY_LIMIT_OPTION_NOT_INT(String(bodyLimit))
  }
}

function versionAsConstraint (options: Record<string, unknown>): void {
  if (options.version) warnings.FSTDEP008()
  const constraints = options.constraints as RouteOptions['constraints']
  if (typeof options.version === 'string' && constraints?.version === undefined) {
    options.constraints = Object.assign({}, constraints, { version: options.version })
  }
}

/** Fastify's first handler check, `!handler`, with the method as Fastify's message shows it at that step. */
function refuseMissingHandler (options: Record<string, unknown>, method: unknown): void {
  if (options.handler) return
  throw new errorCodes.FST_ERR_ROUTE_MISSING_HANDLER(method, options.url || options.path || '')
}

/** `instance.route(options)`: validates, runs onRoute hooks, and adds the route to the router. */
export function addRoute (instance: RuntimeInstance, input: unknown): void {
  if (typeof input !== 'object' || input === null) throw new errorCodes.FST_ERR_ROUTE_OPTIONS_NOT_OBJ('?', '?')
  declareRoute(instance, input as Record<string, unknown>, false)
}

/**
 * One route declaration. `autoHead` marks the HEAD twin Enclave adds for a GET route: it goes
 * through onRoute like every route (as in Fastify) and gives way to a HEAD route the user declares.
 * `twinPath` is the one path such a twin is declared on (its GET route may answer on two).
 */
function declareRoute (instance: RuntimeInstance, input: Record<string, unknown>, autoHead: boolean, twinPath: string | null = null): void {
  const context = instance[kContext]
  const server = context.server
  // The HEAD twin starts from the options as given, before onRoute hooks rewrote them.
  const given: Record<string, unknown> = { ...input }
  const options: Record<string, unknown> = { ...input }
  // Fastify refuses a route without a handler before onRoute hooks see it: Fastify 5 before
  // anything else, Fastify 4.29 once the methods are checked (each naming the URL as written).
  if (server.profile.api === 5) refuseMissingHandler(options, options.method)
  // Fastify checks the method, then the body limit, before the URL and before onRoute hooks run.
  const methods = normaliseMethods(options.method, server.httpMethods)
  const url = options.url ?? options.path
  checkBodySchemaAllowed(methods, options.schema, typeof url === 'string' ? url : '', server)
  if (server.profile.api === 4) refuseMissingHandler(options, Array.isArray(options.method) ? methods : methods[0])
  checkBodyLimit(options.bodyLimit)
  checkHandlerTimeout(options.handlerTimeout, server)
  if (typeof url !== 'string') throw new errorCodes.FST_ERR_INVALID_URL(typeof url)
  if (server.profile.api === 5 ? server.configurationClosed : server.booted || server.started) throw new errorCodes.FST_ERR_INSTANCE_ALREADY_LISTENING('Cannot add route!')
  // As in Fastify, onRoute hooks see the complete URL in `url`/`path`, the URL as written in
  // `routePath` and the context's `prefix` (@fastify/swagger documents routes by `url`).
  const prefixedPaths = twinPath !== null
    ? [twinPath]
    // As in Fastify 4, a route declared with the method 'HEAD' alone (a string) is joined to its
    // prefix as written: a '/' route answers `prefix/` only, whatever prefixTrailingSlash says.
    : typeof options.method === 'string' && methods[0] === 'HEAD'
      ? [joinPaths(context.prefix, url)]
      : joinPrefix(context.prefix, url, options.prefixTrailingSlash, server.options.ignoreTrailingSlash, server.options.ignoreDuplicateSlashes)
  const fullUrl = prefixedPaths[0]!
  if (server.profile.api === 5) checkLogLevel(options.logLevel, given.method, fullUrl, context)
  options.url = fullUrl
  options.path = fullUrl
  // "The URL of the route without the prefix" (Fastify's Hooks docs): what follows the prefix in the
  // joined URL, so '' for a '/' route answering the bare prefix, 'x' for '/x' under '/api/'.
  options.routePath = fullUrl.slice(context.prefix.length)
  // Upper-cased, an array staying an array even of one method, as in Fastify.
  options.method = Array.isArray(given.method) ? methods : methods[0]
  options.prefix = context.prefix
  // As in Fastify, onRoute hooks see the level in effect: the route's own, else the one given to
  // register() around it, else '' (@fastify/swagger-ui reads it to hide its routes' logs).
  if (options.logLevel === undefined || options.logLevel === '') options.logLevel = context.logLevel ?? ''
  // As Fastify 4.29, onRoute hooks see attachValidation, false unless the route set it.
  if (options.attachValidation === undefined) options.attachValidation = false
  // Fastify 4's deprecated `version` route option is the `version` constraint; Fastify 5 removed
  // it (the option is ignored: only `constraints: { version }` constrains).
  if (server.profile.api === 4) versionAsConstraint(options)
  // onRoute hooks (root first) may rewrite the options; `this` is the declaring instance, as in Fastify.
  for (const ctx of context.lineage()) {
    for (const hook of ctx.hooks.onRoute) hook.fn.call(instance, options)
  }
  // Fastify 5 adds the route through avvio after its onRoute hooks: once booted, avvio refuses it.
  if (server.profile.api === 5 && server.booted) refuseOnceBooted(context)
  const finalMethods = normaliseMethods(options.method, server.httpMethods)
  validateRouteOptions(options, finalMethods, options.url)
  checkHandlerTimeout(options.handlerTimeout, server)
  const ownExposeHead = options.exposeHeadRoute
  options.exposeHeadRoute = typeof options.exposeHeadRoute === 'boolean' ? options.exposeHeadRoute : server.options.exposeHeadRoutes
  // A URL a hook rewrote is taken as complete, as Fastify registers it (a rewritten `path` is not
  // read: Fastify routes by `url`).
  const rewritten = options.url !== fullUrl ? options.url : null
  if (rewritten !== null && typeof rewritten !== 'string') throw new errorCodes.FST_ERR_INVALID_URL(typeof rewritten)
  const paths = rewritten === null ? prefixedPaths : [rewritten]
  const routeHooks = routeHooksOf(options, instance, options.exposeHeadRoute === true && finalMethods.includes('GET'))
  if (server.profile.api === 4) warnIfHeadTwinTaken(ownExposeHead, autoHead, server, paths, options.constraints)
  // Fastify 5 reports a route answering on two paths (a '/' route under a prefix) by its first, the
  // canonical URL, on both; Fastify 4.29 by the path that matched.
  const canonicalUrl = server.profile.api === 5 ? fullUrl : null
  const declared: RouteContext[] = []
  for (const method of finalMethods) {
    for (const path of paths) {
      if (autoHead && headTaken(server, path, options.constraints)) continue
      // The route's URL (routeOptions.url, config.url) is the one it was declared with: Fastify
      // takes it before the onRoute hooks, so a hook's rewrite changes where it answers, not its name.
      const route = registerRoute(server, context, instance, method, path, options, routeHooks, autoHead, canonicalUrl ?? (rewritten === null ? path : fullUrl))
      if (route !== null) declared.push(route)
    }
  }
  // Fastify declares a route answering on two paths (a '/' route under a prefix) once per path,
  // with the options object the onRoute hooks saw: it ends up naming the last path, which is what
  // a hook that kept the object reads (@fastify/swagger documents such a route as `/prefix/`).
  if (paths.length > 1) endOnLastPath(options, paths[paths.length - 1]!, context.prefix)
  addRouteStep(context, declared)
  for (let i = 1; i < paths.length; i++) addPluginTreeStep(context)
  if (!addsHeadTwin(options, finalMethods, autoHead, given.method, server.profile)) return
  if (rewritten !== null) {
    declareRoute(instance, headTwinOptions(given, url), true)
    return
  }
  // One HEAD twin per path, each through onRoute with its own url and routePath (a '/' route under a
  // prefix answers on two); as in Fastify, none where a HEAD route is already declared.
  for (const path of prefixedPaths) {
    if (headTaken(server, path, options.constraints)) continue
    declareRoute(instance, headTwinOptions({ ...given }, url), true, headTwinPath(context.prefix, path))
  }
}

function endOnLastPath (options: Record<string, unknown>, path: string, prefix: string): void {
  options.url = path
  options.path = path
  options.routePath = path.slice(prefix.length)
}

function registerRoute (
  server: ServerState, context: ContextState, instance: RuntimeInstance, method: Router.HTTPMethod, path: string,
  options: RouteOptions, routeHooks: Partial<Record<RequestHookName, HookEntry[]>>, autoHead: boolean, url: string
): RouteContext | null {
  const route = new RouteContext({
    method,
    url,
    handler: options.handler,
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
  // Fastify 4 lets a HEAD route take the place of a GET route's automatic one; Fastify 5 refuses it
  // as a duplicate (a HEAD route goes before its GET route, or the GET route sets exposeHeadRoute: false).
  if (method === 'HEAD' && !autoHead && server.profile.api === 4) replaceAutoHead(server, path, constraints)
  try {
    server.router.on(method, path, routerOptions, routeHandler, route)
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    if (!/already declared|already exists/i.test(message)) throw error
    // An automatic HEAD route gives way to a HEAD route already there (a wildcard one included, which
    // the lookup before it does not find), as in Fastify.
    if (autoHead) return null
    throw new errorCodes.FST_ERR_DUPLICATED_ROUTE(method, path)
  }
  context.routes.push(route)
  server.routes.push(route)
  return route
}

/** Shortcut methods: `get(path, [options], handler)` and `get(path, { handler, ... })`. */
export function addShortcutRoute (instance: RuntimeInstance, method: string | string[], path: unknown, optionsOrHandler: unknown, maybeHandler: unknown): void {
  let options: Record<string, unknown>
  let handler: unknown
  if (typeof optionsOrHandler === 'function' && maybeHandler === undefined) {
    options = {}
    handler = optionsOrHandler
  } else if (typeof maybeHandler === 'function') {
    // As in Fastify 4.29: beside a handler, the options must be a plain object (not an array or a function).
    if (Object.prototype.toString.call(optionsOrHandler) !== '[object Object]') throw new errorCodes.FST_ERR_ROUTE_OPTIONS_NOT_OBJ(String(method), String(path))
    options = { ...(optionsOrHandler as Record<string, unknown>) }
    if (options.handler !== undefined) throw new errorCodes.FST_ERR_ROUTE_DUPLICATED_HANDLER(String(method), String(path))
    handler = maybeHandler
  } else {
    // Without a handler function, whatever else was given is read for its `handler`: a string, a
    // number or null has none, so the route is refused for its missing handler, as in Fastify.
    options = typeof optionsOrHandler === 'object' && optionsOrHandler !== null ? { ...(optionsOrHandler as Record<string, unknown>) } : {}
    if (maybeHandler !== undefined && maybeHandler !== null) handler = maybeHandler
  }
  // Fastify 4.29's key order, which onRoute hooks see: the options, method, url, path, then a handler given apart.
  options.method = method
  options.url = path
  options.path = path
  if (handler !== undefined) options.handler = handler
  addRoute(instance, options)
}
