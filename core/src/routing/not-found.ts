/** The not-found routes: the default 404 handler, setNotFoundHandler's one-per-prefix rule, and the routes built from them at ready(). */
import type { IncomingMessage } from 'node:http'
import { parserMethods } from '../util/parser-methods.js'
import { errorCodes } from '../errors/codes.js'
import { kReplyHeaders, kReplyRoute } from '../symbols.js'
import { RouteContext } from './route-context.js'
import { routeHooksOf } from './route.js'
import { runInNotFoundRoute } from '../lifecycle/handle-request.js'
import { keepHeadTwinAnswer } from '../reply/head-twin.js'
import { defaultSchemaErrorFormatter } from '../schema/error-formatter.js'
import type { ContextState } from '../instance/context-state.js'
import type { ServerState } from '../instance/server-state.js'
import type { EnclaveLogger } from '../logging/logger.js'
import type { AnyFunction } from '../types/internal.js'
import type { Reply } from '../reply/reply-state.js'
import type { RuntimeRequest } from '../request/request.js'
import { requestLogOff } from '../logging/request-logger.js'
import { addPluginTreeStep, refuseOnceBooted } from './plugin-tree-step.js'

/** What the not-found path reads of a request. */
interface NotFoundRequest {
  readonly raw: IncomingMessage
  readonly log: EnclaveLogger
}

/** What the not-found path uses of a reply. */
interface NotFoundReply {
  readonly log: EnclaveLogger
  [kReplyRoute]: RouteContext
  [kReplyHeaders]: Record<string, unknown>
  code (statusCode: number): NotFoundReply
  send (payload?: unknown): unknown
}

// Named as Fastify 4.29's (request.routeOptions.handler.name shows it).
function basic404 (request: NotFoundRequest, reply: NotFoundReply): void {
  const message = `Route ${String(request.raw.method)}:${String(request.raw.url)} not found`
  const server = reply[kReplyRoute].server
  if (server.logController !== null) server.logController.routeNotFound(request, reply)
  else if (!requestLogOff(server.options.disableRequestLogging, request)) request.log.info(message)
  // An object, as in Fastify 4.29 and 5: it goes through the preSerialization hooks and the reply
  // serializer. A content type set before reply.callNotFound() stays: the object is serialized for
  // a JSON type, refused (FST_ERR_REP_INVALID_PAYLOAD_TYPE, a 500 through the error handler) for any other.
  reply.code(404)
  reply.send({ message, error: 'Not Found', statusCode: 404 })
}

export function isDefaultNotFoundHandler (handler: AnyFunction): boolean {
  return handler === basic404
}

/**
 * setNotFoundHandler(): one handler per URL prefix, as in Fastify (URLs are all a not-found handler
 * can be scoped by); contexts without a prefix of their own share their parent's.
 */
export function setNotFoundHandler (context: ContextState, optionsOrHandler: unknown, maybeHandler: unknown): void {
  const given = typeof optionsOrHandler === 'function' ? optionsOrHandler : maybeHandler
  const options = (typeof optionsOrHandler === 'object' && optionsOrHandler !== null ? optionsOrHandler : {}) as Record<string, unknown>
  // As in Fastify 4.29, no handler means the default one (with the options' hooks), which a later
  // call may still replace.
  const handler = given === undefined || given === null ? basic404 : given
  if (typeof handler !== 'function') throw new errorCodes.FST_ERR_ERROR_HANDLER_NOT_FN()
  if (context.server.profile.api === 5 ? context.server.configurationClosed : context.server.booted) throw new errorCodes.FST_ERR_INSTANCE_ALREADY_LISTENING('Cannot call "setNotFoundHandler"!')
  // Fastify 5 sets the handler through avvio: once booted, avvio refuses it.
  if (context.server.booted) refuseOnceBooted(context)
  const owner = context.prefixOwner()
  const setter = owner.notFoundSetBy
  // Fastify 4.29 throws a plain Error here, without a code.
  if (setter !== null && setter.notFoundHandler?.handler !== basic404) {
    throw new Error(`Not found handler already set for Fastify instance with prefix: '${context.prefix || '/'}'`)
  }
  owner.notFoundSetBy = context
  context.notFoundHandler = { handler: handler as AnyFunction, options }
  // The root's default handler is set the same way when the server is made (enclave.ts).
  addPluginTreeStep(context)
}

function createNotFoundRoute (server: ServerState, context: ContextState, handler: AnyFunction, options: Record<string, unknown>): RouteContext {
  // setNotFoundHandler's options may carry hooks (preValidation, preHandler …), as in Fastify.
  const routeHooks = routeHooksOf(options, context.instance, false, false)
  // As Fastify 4.29: bodyLimit and logLevel are the context's, whatever the options say (a schema
  // is shown in routeOptions but never compiled nor applied: see compileRoute).
  const { bodyLimit: _bodyLimit, logLevel: _logLevel, ...kept } = options
  return new RouteContext({
    method: '*',
    url: context.prefix === '' ? '/*' : context.prefix + '/*',
    handler,
    instance: context.instance,
    context,
    server,
    options: { ...kept, handler },
    isNotFound: true,
    routeHooks,
    formatter: defaultSchemaErrorFormatter
  })
}

/**
 * Sets `server.invokeNotFound` (reply.callNotFound): the not-found route of the prefix the calling
 * route was declared under, as in Fastify, whatever the URL: a root route `*` (the preflight route
 * of @fastify/cors) or `/public/*` answering for `/api/x` hands it to the root's handler, not to
 * the one set under `/api`.
 */
export function installNotFound (server: ServerState): void {
  server.invokeNotFound = function invokeNotFound (request: RuntimeRequest, reply: Reply): void {
    const route = notFoundRouteDeclaredFor(server, reply[kReplyRoute].context)
    if (reply[kReplyRoute].isNotFound) {
      // callNotFound inside a not-found handler would loop: answer a plain 404 (as Fastify does).
      reply.log.warn('Trying to send a NotFound error inside a 404 handler. Sending basic 404 response.')
      reply.code(404).send('404 Not Found')
      return
    }
    keepHeadTwinAnswer(reply)
    const from = reply[kReplyRoute]
    runInNotFoundRoute(request, reply, callNotFoundRoute(from, route))
  }
}

/**
 * What reply.callNotFound() runs in: the not-found route, except for onSend, onTimeout and
 * onRequestAbort, where Fastify 4.29 keeps the chains of the route the request matched (the
 * not-found options' own do not run). Built once per pair, on its first use, so the request path
 * only looks it up.
 */
function callNotFoundRoute (from: RouteContext, notFound: RouteContext): RouteContext {
  if (from.onSend === notFound.onSend && from.onTimeout === notFound.onTimeout && from.onRequestAbort === notFound.onRequestAbort) return notFound
  let routes = from.callNotFoundRoutes
  if (routes === null) {
    routes = new Map()
    from.callNotFoundRoutes = routes
  }
  let route = routes.get(notFound)
  if (route === undefined) {
    route = new RouteContext({
      method: notFound.method,
      url: notFound.url,
      handler: notFound.handler,
      instance: notFound.instance,
      context: notFound.context,
      server: notFound.server,
      options: notFound.options,
      isNotFound: true,
      routeHooks: notFound.routeHooks,
      formatter: notFound.schemaErrorFormatter
    })
    // Every compiled field of the not-found route, on an object of the same shape as every route.
    Object.assign(route, notFound)
    route.onSend = from.onSend
    route.onTimeout = from.onTimeout
    route.onRequestAbort = from.onRequestAbort
    route.callNotFoundRoutes = null
    routes.set(notFound, route)
  }
  return route
}

/** The not-found route of a prefix owner, run in the context that set its handler (its hooks apply). */
function notFoundRouteOf (server: ServerState, owner: ContextState): RouteContext | null {
  const setter = owner.notFoundSetBy
  if (setter === null || setter.notFoundHandler === null) return null
  return createNotFoundRoute(server, setter, setter.notFoundHandler.handler, setter.notFoundHandler.options)
}

function claimPrefix (server: ServerState, prefix: string, route: RouteContext): void {
  // A prefix written with a trailing slash ('/p/') claims '/p/*', as in Fastify 4.29, not '/p//*'.
  for (const path of [prefix, prefix.endsWith('/') ? prefix + '*' : prefix + '/*']) {
    // Every method Node parses, as in Fastify 4.29: a PURGE under a prefix reaches that prefix's handler.
    for (const method of parserMethods) {
      if (!server.notFoundRouter.hasRoute(method as 'GET', path)) server.notFoundRouter.on(method as 'GET', path, function notFoundStore () {}, route)
    }
  }
}

// The not-found route of each prefix owner that set a handler (the root's is server.rootNotFound).
const prefixNotFoundRoutes = new WeakMap<ContextState, RouteContext>()

/** The not-found route of the nearest prefix, from `context` up, whose contexts set a handler. */
function notFoundRouteDeclaredFor (server: ServerState, context: ContextState): RouteContext {
  for (let ctx: ContextState | null = context; ctx !== null; ctx = ctx.parent) {
    const route = prefixNotFoundRoutes.get(ctx)
    if (route !== undefined) return route
  }
  return server.rootNotFound!
}

function collectPrefixRoutes (server: ServerState, context: ContextState, into: RouteContext[]): void {
  for (const child of context.children) {
    const route = child.prefix === context.prefix ? null : notFoundRouteOf(server, child)
    if (route !== null) {
      claimPrefix(server, child.prefix, route)
      prefixNotFoundRoutes.set(child, route)
      into.push(route)
    }
    collectPrefixRoutes(server, child, into)
  }
}

/** Not-found routes, one per prefix whose contexts set a handler: the root's answers what no prefix claims. */
export function arrangeNotFoundRoutes (server: ServerState): RouteContext[] {
  const root = server.root
  server.rootNotFound = notFoundRouteOf(server, root) ?? createNotFoundRoute(server, root, basic404, {})
  const routes = [server.rootNotFound]
  collectPrefixRoutes(server, root, routes)
  return routes
}
