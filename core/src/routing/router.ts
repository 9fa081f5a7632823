/** The router: find-my-way set up from the server options, routing each request, and answering what no route matches. */
import type { IncomingMessage, ServerResponse } from 'node:http'
import Router from 'find-my-way'
import { parse as parseQuerystring } from 'fast-querystring'
import { errorCodes } from '../errors/codes.js'
import { warnings } from '../errors/warnings.js'
import { dispatchRoute } from '../lifecycle/handle-request.js'
import { compileRequestLogging, createRequestLogger, requestLogOff } from '../logging/request-logger.js'
import { defaultErrorHandler } from '../reply/error-handler.js'
import { defaultSchemaErrorFormatter } from '../schema/error-formatter.js'
import type { EnclaveError } from '../errors/create-error.js'
import type { ResolvedOptions } from '../options.js'
import type { RuntimeRequest } from '../request/request.js'
import type { EnclaveReply } from '../types/reply.js'
import { RouteContext } from './route-context.js'
import { RouteOptionsSource } from '../request/route-options-view.js'
import { prettyMetaOf } from './print-routes.js'
import { parserMethods } from '../util/parser-methods.js'
import { unroutableTarget } from './unroutable-target.js'
import { stopAtLongParameters } from './param-length-stop.js'
import type { ServerState } from '../instance/server-state.js'

type RouterConfig = Router.Config<Router.HTTPVersion.V1> & {
  /** Fastify's `useSemicolonDelimiter`, which find-my-way's types do not list. */
  useSemicolonDelimiter?: boolean
  /** What prettyPrint's `includeMeta` shows of a route (find-my-way's option its types do not list). */
  buildPrettyMeta?: (route: { store?: unknown }) => Record<string, unknown>
}

/** The `frameworkErrors` option: answers a URL the router cannot use, in place of Fastify's fixed payload. */
type FrameworkErrorHandler = (error: Error, request: RuntimeRequest, reply: EnclaveReply) => void

export type QuerystringParser = (query: string) => Record<string, unknown>

/** A strategy whose deriveConstraint takes `(request, context, done)` derives asynchronously. */
export function isAsyncStrategy (strategy: unknown): boolean {
  if (typeof strategy !== 'object' || strategy === null) return false
  const derive = (strategy as { deriveConstraint?: unknown }).deriveConstraint
  return typeof derive === 'function' && derive.length >= 3
}

// As Fastify 4.29's custom versioning strategy: a route's version constraint must be a string.
function checkVersionConstraint (value: unknown): void {
  if (typeof value !== 'string') throw new errorCodes.FST_ERR_VERSION_CONSTRAINT_NOT_STR()
}

/** The `constraints` option, plus Fastify 4's `versioning` option as the `version` strategy (Fastify 5 ignores it). */
function constraintStrategies (options: ResolvedOptions, api: 4 | 5): Record<string, unknown> | undefined {
  const versioning = options.versioning as { storage: () => unknown, deriveVersion: unknown } | undefined
  if (versioning === undefined || api === 5) return options.constraints as Record<string, unknown> | undefined
  warnings.FSTDEP009()
  const strategies: Record<string, unknown> = Object.assign({}, options.constraints)
  strategies.version = {
    name: 'version',
    mustMatchWhenDerived: true,
    storage: versioning.storage,
    deriveConstraint: versioning.deriveVersion,
    validate: checkVersionConstraint
  }
  return strategies
}

/** What createRouters sets itself from the server options; a routerOptions group's other keys go to find-my-way as given. */
const builtFromOptions = new Set(['ignoreTrailingSlash', 'ignoreDuplicateSlashes', 'caseSensitive', 'maxParamLength', 'allowUnsafeRegex', 'useSemicolonDelimiter', 'querystringParser', 'constraints', 'compile'])

/** The router callbacks Fastify 5 still reads at the top level (with FSTDEP022) when its group has none. */
const topLevelRouterCallbacks = ['buildPrettyMeta', 'defaultRoute', 'onBadUrl', 'onMaxParamLength'] as const

/**
 * Fastify 5's routerOptions group: `defaultRoute`, `onBadUrl`, `onMaxParamLength` and
 * `buildPrettyMeta` replace Fastify's own (raw `req`/`res`, past every hook), and any other
 * find-my-way option is passed on. The four given at the top level do the same, the group's winning.
 */
function applyRouterGroup (config: RouterConfig, options: ResolvedOptions): void {
  for (const name of topLevelRouterCallbacks) {
    const value = (options as unknown as Record<string, unknown>)[name]
    if (value !== undefined) (config as Record<string, unknown>)[name] = value
  }
  const group = options.routerOptions
  if (group === null || typeof group !== 'object') return
  for (const [name, value] of Object.entries(group)) {
    // A callback the group names as undefined is find-my-way's own, as Fastify 5 hands the group on.
    if (builtFromOptions.has(name) || (value === undefined && !isRouterCallback(name))) continue
    (config as Record<string, unknown>)[name] = value
  }
}

function isRouterCallback (name: string): boolean {
  return (topLevelRouterCallbacks as readonly string[]).includes(name)
}

/** `routerOptions.compile` (Fastify 5): find-my-way builds its lookup functions at ready() rather than on first use. */
export function compileRoutersIfAsked (server: ServerState): void {
  const group = server.options.routerOptions as { compile?: unknown } | null | undefined
  if (server.profile.api !== 5 || group === null || typeof group !== 'object' || group.compile !== true) return
  for (const router of [server.router, server.notFoundRouter]) (router as unknown as { compile: () => void }).compile()
}

/**
 * find-my-way's default, which Fastify 4.29 and 5.12 both keep: an empty query string (`/a?`) is a
 * plain `{}`, as is the query of a URL without one, so its inherited members (`constructor`,
 * `toString`) are seen by a querystring schema as they are there; any other query string is
 * fast-querystring's object without a prototype.
 */
function parseQueryAsFastify (query: string): Record<string, unknown> {
  return query.length === 0 ? {} : parseQuerystring(query)
}

export function createRouters (options: ResolvedOptions, server: () => ServerState, api: 4 | 5): Pick<ServerState, 'router' | 'notFoundRouter'> & { asyncConstraints: boolean } {
  const querystringParser = (options.querystringParser ?? parseQueryAsFastify) as QuerystringParser
  const constraints = constraintStrategies(options, api)
  const shared: RouterConfig = {
    ignoreTrailingSlash: options.ignoreTrailingSlash,
    ignoreDuplicateSlashes: options.ignoreDuplicateSlashes,
    caseSensitive: options.caseSensitive,
    maxParamLength: options.maxParamLength,
    allowUnsafeRegex: options.allowUnsafeRegex,
    useSemicolonDelimiter: options.useSemicolonDelimiter,
    querystringParser,
    // Checked by the options (each strategy has Fastify's required members); find-my-way checks the rest.
    constraints: constraints as RouterConfig['constraints']
  }
  const config: RouterConfig = {
    ...shared,
    // printRoutes({ includeMeta }): the route metadata Fastify 4.29 shows, not the route context itself.
    buildPrettyMeta: prettyMetaOf,
    defaultRoute: function routeNotFound (req: IncomingMessage, res: ServerResponse) {
      // find-my-way reaches here without reading the path when no route has the method; Fastify 5
      // still refuses a target it cannot route, as for a method that has routes.
      if (api === 5) {
        const path = unroutableTarget(req.url, options.useSemicolonDelimiter === true)
        if (path !== null) {
          config.onBadUrl!(path, req, res)
          return
        }
      }
      const state = server()
      if (state.defaultRoute !== null) state.defaultRoute(req, res)
      else answerNotFound(state, req, res)
    },
    onBadUrl: function badUrl (path: string, req: IncomingMessage, res: ServerResponse) { answerUnusableUrl(server(), req, res, new errorCodes.FST_ERR_BAD_URL(path)) },
    onMaxParamLength: function paramTooLong (path: string, req: IncomingMessage, res: ServerResponse) {
      // Fastify 4: the route does not match, a 404. Fastify v5 (paramTooLongStatus 414) refuses the URL.
      if (options.paramTooLongStatus === 414) answerUnusableUrl(server(), req, res, new errorCodes.FST_ERR_MAX_PARAM_LENGTH(path))
      else answerNotFound(server(), req, res)
    }
  }
  if (api === 5) {
    applyRouterGroup(config, options)
    if (config.onBadUrl === undefined) config.onBadUrl = function badUrlNotFound (_path: string, req: IncomingMessage, res: ServerResponse) { answerBadUrlNotFound(req, res, server()) }
  }
  const router = Router(config)
  if (api === 4 && options.paramTooLongStatus === 404) stopAtLongParameters(router)
  // Fastify's router of not-found handlers takes none of the path-matching options: `/api` (with
  // ignoreTrailingSlash), `//api/x` (ignoreDuplicateSlashes) and `/API/x` (caseSensitive: false) are
  // answered by the root's handler, not by the one set under the prefix `/api/`.
  const notFoundRouter = Router({ ...shared, ignoreTrailingSlash: false, ignoreDuplicateSlashes: false, caseSensitive: true })
  const asyncConstraints = constraints !== undefined && Object.values(constraints).some(isAsyncStrategy)
  return { router, notFoundRouter, asyncConstraints }
}

/**
 * Routes one request. With an async constraint strategy find-my-way needs a completion callback
 * (the one closure per request, and only on that path); a strategy that fails is a framework
 * error, `FST_ERR_ASYNC_CONSTRAINT` (frameworkErrors answers it when given), as in Fastify 4.
 */
export function routeRequest (server: ServerState, req: IncomingMessage, res: ServerResponse): void {
  if (server.asyncConstraints === true) {
    routeAfterAsyncConstraints(server, req, res)
    return
  }
  server.router.lookup(req, res)
}

// Apart from routeRequest: variables a closure captures make JavaScriptCore and V8 allocate a scope
// each time the function that declares them is entered, whether or not the closure is made.
function routeAfterAsyncConstraints (server: ServerState, req: IncomingMessage, res: ServerResponse): void {
  server.router.lookup(req, res, function afterAsyncConstraints (error: Error | null) {
    if (error === null || res.headersSent === true) return
    answerUnusableUrl(server, req, res, new errorCodes.FST_ERR_ASYNC_CONSTRAINT())
  })
}

/**
 * Fastify 4.29's line for a request refused for its HTTP version (505): Fastify refuses it once
 * routed, so the line carries the request id (one is used up) and the logger of the route that
 * matched, or of the not-found route.
 */
export function logRefusedHttpVersion (server: ServerState, req: IncomingMessage): void {
  if (!server.loggingEnabled) return
  const url: string = req.url ?? '/'
  let route = server.router.find(req.method as Router.HTTPMethod, url)?.store as RouteContext | null | undefined
  if (route === undefined || route === null) {
    const path = url.split('?')[0]!
    route = (server.notFoundRouter.find(req.method as Router.HTTPMethod, path)?.store as RouteContext | undefined) ?? server.rootNotFound!
  }
  createRequestLogger(route, route.genReqId(req), req).info({ res: { statusCode: 505 } }, 'request aborted - invalid HTTP version')
}

/**
 * No route matched: run the not-found route of the closest prefix that set one, with its
 * context's hooks, so a 404 behaves like every other request.
 */
export function answerNotFound (server: ServerState, req: IncomingMessage, res: ServerResponse): void {
  const url: string = req.url ?? '/'
  const path = url.split('?')[0]!
  let route = server.rootNotFound!
  // Any method name is looked up: an unknown one finds nothing and gets the root's handler.
  const found = server.notFoundRouter.find(req.method as Router.HTTPMethod, path)
  const store = found?.store as RouteContext | undefined
  if (store !== undefined) route = store
  // Fastify's not-found router is a find-my-way of its own, made without the `querystringParser`
  // option: a request no route matches has its query read by the default parser.
  const mark = url.indexOf('?')
  const query = mark === -1 ? {} : parseQueryAsFastify(url.slice(mark + 1))
  // As Fastify 4.29, whose not-found routes are `<prefix>/*`: the rest of the path is params['*'].
  dispatchRoute(req, res, store !== undefined ? found!.params as Record<string, string> : server.rootNotFoundParams(path), route, query)
}

/**
 * A request the router cannot route (a bad URL, a parameter too long, a failing async constraint):
 * the `frameworkErrors` option answers it when given; otherwise the answer is Fastify's fixed
 * payload, written past every hook and error handler, as Fastify does.
 */
function answerUnusableUrl (server: ServerState, req: IncomingMessage, res: ServerResponse, error: EnclaveError): void {
  if (typeof server.options.frameworkErrors === 'function') {
    dispatchFrameworkError(req, res, server, error)
    return
  }
  // Fastify's fixed payloads: a 500 (the async constraint) carries no code.
  const body = error.statusCode === 500
    ? JSON.stringify({ error: 'Internal Server Error', message: error.message, statusCode: 500 })
    : JSON.stringify({ error: 'Bad Request', code: error.code, message: error.message, statusCode: error.statusCode })
  // Fastify writes these two names capitalised (a raw socket sees them so).
  res.writeHead(error.statusCode!, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) })
  res.end(body)
}

const frameworkErrorRoutes = new WeakMap<ServerState, RouteContext>()

function answerNothing (): void {}

/**
 * What a frameworkErrors handler's request and reply belong to, as in Fastify 4: no route at all —
 * no hooks and no error handler but the default run, and `routeOptions` is `{ bodyLimit, logLevel }`.
 * Built on the first framework error, from the root context.
 */
function frameworkErrorRoute (server: ServerState): RouteContext {
  let route = frameworkErrorRoutes.get(server)
  if (route !== undefined) return route
  const root = server.root
  route = new RouteContext({
    method: '',
    url: '',
    handler: answerNothing,
    instance: root.instance,
    context: root,
    server,
    options: { handler: answerNothing },
    isNotFound: true,
    routeHooks: {},
    formatter: defaultSchemaErrorFormatter
  })
  route.errorHandlers = [{ fn: defaultErrorHandler, instance: root.instance }]
  compileRequestLogging(route, undefined, null)
  route.publicOptions = new RouteOptionsSource({
    method: undefined,
    url: undefined,
    bodyLimit: server.options.bodyLimit,
    attachValidation: undefined,
    logLevel: root.logLevel ?? '',
    exposeHeadRoute: undefined,
    prefixTrailingSlash: undefined,
    handler: undefined,
    version: undefined,
    config: {},
    schema: undefined
  })
  route.compiled = true
  frameworkErrorRoutes.set(server, route)
  return route
}

/** A request (no params, no query) and reply of `route` for an answer no route gives: no request hook runs. */
function frameworkReply (req: IncomingMessage, res: ServerResponse, server: ServerState, route: RouteContext): EnclaveReply {
  const id = route.genReqId(req)
  const log = createRequestLogger(route, id, req)
  const request = new route.Request(id, null as unknown as Record<string, string>, req, null, log, route)
  const reply = new route.Reply(res, request, log, route) as EnclaveReply
  logIncoming(server, request, reply)
  return reply
}

/** The "incoming request" line of a request no route dispatches: the log controller's when one is set. */
function logIncoming (server: ServerState, request: RuntimeRequest, reply: EnclaveReply): void {
  if (server.logController !== null) server.logController.incomingRequest(request, reply)
  else if (server.loggingEnabled && !requestLogOff(server.options.disableRequestLogging, request)) request.log.info({ req: request }, 'incoming request')
}

/**
 * Fastify 5 with `routerOptions.onBadUrl` given as undefined: find-my-way hands a path that does not
 * decode to the not-found router's last resort, which Fastify treats as its own bug. The request
 * belongs to the root's not-found route with no params or query; no request hook runs and nothing
 * waits for the response to finish (no onResponse, no "request completed" line), but the 404 error is
 * sent through that route's onError hooks, error handler, preSerialization and onSend hooks. The two
 * warnings are Fastify's, written whatever disableRequestLogging says.
 */
function answerBadUrlNotFound (req: IncomingMessage, res: ServerResponse, server: ServerState): void {
  const reply = frameworkReply(req, res, server, server.rootNotFound!)
  reply.log.warn('the default handler for 404 did not catch this, this is likely a fastify bug, please report it')
  reply.log.warn(notFoundTreeOf(server))
  reply.code(404).send(new errorCodes.FST_ERR_NOT_FOUND())
}

/**
 * The not-found routes as Fastify 5's own router prints them: the root's `/` and `/*` for every
 * method, then each prefix's (the router here leaves the root's out: what no prefix claims is the root's).
 */
function notFoundTreeOf (server: ServerState): string {
  const tree = Router()
  for (const path of ['/', '/*']) {
    for (const method of parserMethods) tree.on(method as 'GET', path, answerNothing)
  }
  for (const route of (server.notFoundRouter as unknown as { routes: Array<{ method: string, path: string }> }).routes) {
    if (!tree.hasRoute(route.method as 'GET', route.path)) tree.on(route.method as 'GET', route.path, answerNothing)
  }
  return tree.prettyPrint()
}

/**
 * The `frameworkErrors` option (Fastify's) answers these errors itself when given, with a request
 * whose `params` and `query` are null, as in Fastify 4.
 */
function dispatchFrameworkError (req: IncomingMessage, res: ServerResponse, server: ServerState, error: Error): void {
  const reply = frameworkReply(req, res, server, frameworkErrorRoute(server))
  const request = reply.request as unknown as RuntimeRequest
  const custom = server.options.frameworkErrors as FrameworkErrorHandler
  try {
    custom(error, request, reply)
  } catch (thrown) {
    // Fastify 4 lets this escape (an uncaught exception); answered through the default handler instead.
    reply.send(thrown instanceof Error ? thrown : error)
  }
}
