/** Compiling a route at ready(): its hook chains, parsers, validators, serializers, error handlers and request logging, as data the request path reads. */
import { inAddedOrder, type HookEntry, type RequestHookName } from '../lifecycle/hooks.js'
import { HookChain, type ChainEnd } from '../lifecycle/run-hooks.js'
import { compileChain } from '../lifecycle/compile-chain.js'
import { onRequestEnd, preParsingEnd, preValidationEnd, preHandlerEnd, onResponseEnd, onTimeoutEnd } from '../lifecycle/handle-request.js'
import { preSerializationEnd, onSendEnd } from '../reply/send.js'
import { onErrorEnd } from '../reply/error-handler.js'
import { defaultErrorHandler, type ErrorHandlerEntry } from '../reply/error-handler.js'
import { defaultSchemaErrorFormatter, fastifySchemaErrorFormatter, type SchemaErrorFormatter } from '../schema/error-formatter.js'
import { compileRouteValidation } from '../schema/compile-validation.js'
import { normalizeRouteSchema } from '../schema/normalize-schema.js'
import { compileRouteSerialization } from '../schema/compile-serialization.js'
import { compileResponseInspector } from '../schema/response-inspection.js'
import { contextLogger, serializersOf, compileRequestLogging } from '../logging/request-logger.js'
import { RouteOptionsSource } from '../request/route-options-view.js'
import { isDefaultNotFoundHandler } from './not-found.js'
import type { RouteContext } from './route-context.js'
import type { ContextState } from '../instance/context-state.js'
import type { ParserLookup } from '../request/body-parsers.js'

const defaultErrorHandlerEntry: ErrorHandlerEntry = { fn: defaultErrorHandler, instance: {} }

/**
 * A route's hooks run with the route's instance as `this` (the context that declared the route or
 * the not-found handler), wherever up the lineage they were added: Fastify binds them so, and
 * plugins such as @fastify/middie read the route context's own state through `this`.
 */
function boundToRoute (entry: HookEntry, route: RouteContext): HookEntry {
  if (entry.instance === route.instance) return entry
  return { fn: entry.fn, instance: route.instance, callbackStyle: entry.callbackStyle, sequence: entry.sequence }
}

/** A route's hooks of one name, in the order they run: its contexts' (as added), then its own; each bound to the route's instance. */
export function hooksOf (route: RouteContext, lineage: ContextState[], name: RequestHookName): HookEntry[] | null {
  const chain: HookEntry[] = inAddedOrder(lineage.map((ctx) => ctx.hooks[name]))
  const own = route.routeHooks[name]
  if (own !== undefined) chain.push(...own)
  for (let i = 0; i < chain.length; i++) chain[i] = boundToRoute(chain[i]!, route)
  return chain.length === 0 ? null : chain
}

function hookChain (route: RouteContext, lineage: ContextState[], name: RequestHookName, end: ChainEnd): HookChain | null {
  const hooks = hooksOf(route, lineage, name)
  if (hooks === null) return null
  const chain = new HookChain(hooks, end)
  chain.compiled = compileChain(chain)
  return chain
}

/**
 * The route's own errorHandler, then the handlers in effect in its context (nearest first), then the
 * default: for a route, those in effect when it was declared; for a not-found route, those in effect
 * at ready(), as Fastify takes them then (a handler the root sets after the plugin that set the
 * not-found handler loaded does reach it).
 */
function errorHandlerChain (route: RouteContext, context: ContextState): ErrorHandlerEntry[] {
  const chain: ErrorHandlerEntry[] = []
  if (typeof route.options.errorHandler === 'function') chain.push({ fn: route.options.errorHandler, instance: route.instance })
  for (const entry of route.loadedErrorHandlers ?? (route.isNotFound ? context.errorHandlersNow() : context.errorHandlers)) chain.push(entry)
  chain.push(defaultErrorHandlerEntry)
  return chain
}

const parserLookups = new WeakMap<ContextState, ParserLookup>()

function parsersOf (context: ContextState): ParserLookup {
  let lookup = parserLookups.get(context)
  if (lookup === undefined) {
    lookup = context.parsers.compile(context.server.options.exactContentTypeMatching === true)
    parserLookups.set(context, lookup)
  }
  return lookup
}

/** The context's parsers changed after its routes were made ready (Fastify 5's tick after ready()): they parse with the change. */
export function refreshRouteParsers (context: ContextState): void {
  const lookup = parserLookups.get(context)
  if (lookup !== undefined) lookup.refresh(context.parsers.compile(context.server.options.exactContentTypeMatching === true))
}

/**
 * Turns a declared route into data the request path reads: hook chains, parsers, validators,
 * serializers, error handlers. Runs once per route at ready().
 */
export function compileRoute (route: RouteContext): void {
  if (route.compiled) return
  const context = route.context
  const lineage = context.lineage()
  route.onRequest = hookChain(route, lineage, 'onRequest', onRequestEnd)
  route.preParsing = hookChain(route, lineage, 'preParsing', preParsingEnd)
  route.preValidation = hookChain(route, lineage, 'preValidation', preValidationEnd)
  route.preHandler = hookChain(route, lineage, 'preHandler', preHandlerEnd)
  route.preSerialization = hookChain(route, lineage, 'preSerialization', preSerializationEnd)
  route.onSend = hookChain(route, lineage, 'onSend', onSendEnd)
  route.onResponse = hookChain(route, lineage, 'onResponse', onResponseEnd)
  route.onError = hookChain(route, lineage, 'onError', onErrorEnd)
  route.onTimeout = hookChain(route, lineage, 'onTimeout', onTimeoutEnd)
  route.onRequestAbort = hooksOf(route, lineage, 'onRequestAbort')
  route.errorHandlers = errorHandlerChain(route, context)
  route.parsers = parsersOf(context)
  // Fastify 4.29 never passes a not-found handler's replies through setReplySerializer's function.
  route.replySerializer = route.isNotFound ? null : context.inherited('replySerializer')
  const serverOptions = route.server.options
  route.specValidationPayload = serverOptions.validationPayload === 'spec'
  route.concealValidatorFailure = serverOptions.validatorFailure === 'conceal'
  route.headersOnCopy = serverOptions.validateHeadersOnCopy
  route.rejectUnlistedBodyType = serverOptions.rejectUnlistedBodyMediaType
  route.schemaErrorFormatter = (route.options.schemaErrorFormatter ?? context.inherited('schemaErrorFormatter') ??
    serverOptions.schemaErrorFormatter ?? (route.specValidationPayload ? defaultSchemaErrorFormatter : fastifySchemaErrorFormatter)) as SchemaErrorFormatter
  // Fastify 4.29 shows a not-found route's schema in routeOptions, but never compiles nor applies it.
  if (!route.isNotFound) {
    if (route.schema !== undefined && route.schema !== null) route.schema = normalizeRouteSchema(route.schema, serverOptions.jsonShorthand !== false, route.url, route.server.profile.api)
    route.validators = compileRouteValidation(route)
    route.responseSerializers = compileRouteSerialization(route)
    route.responseInspector = compileResponseInspector(route)
  }
  // '' is Fastify's "no level of its own" (what onRoute hooks see at the root).
  const logLevel = route.options.logLevel === '' ? undefined : route.options.logLevel as string | undefined
  const logSerializers = serializersOf(route.options.logSerializers, `${route.method} ${route.url}`)
  route.logger = contextLogger(context.logger, logLevel, logSerializers)
  compileRequestLogging(route, logLevel, logSerializers)
  // As Fastify 4.29 and 5.12: a response is timed and watched when a logger is set (request logging
  // off or not), the route has onResponse hooks, or a handlerTimeout; otherwise elapsedTime is 0.
  route.watchFinish = route.onResponse !== null || route.server.loggingEnabled || route.handlerTimeout > 0
  route.watchesRequest = route.watchFinish || route.onRequestAbort !== null || route.onTimeout !== null || route.handlerTimeout > 0
  const notFound = route.isNotFound
  route.publicOptions = new RouteOptionsSource({
    method: route.config.method as string | string[] | undefined,
    url: route.config.url as string | undefined,
    bodyLimit: route.bodyLimit,
    handlerTimeout: route.handlerTimeout,
    attachValidation: notFound ? undefined : route.attachValidation,
    logLevel: logLevel ?? context.logLevel ?? '',
    exposeHeadRoute: notFound ? undefined : route.options.exposeHeadRoute ?? route.server.options.exposeHeadRoutes,
    prefixTrailingSlash: notFound ? undefined : route.options.prefixTrailingSlash ?? 'both',
    // As Fastify 4.29: the handler bound to its instance, one function per route (Fastify's default
    // not-found handler excepted).
    handler: isDefaultNotFoundHandler(route.handler) ? route.handler : route.handler.bind(route.instance),
    version: undefined,
    config: route.config,
    schema: route.schema
  })
  route.compiled = true
}

/**
 * After a failed start, a route that was added to the router but never built (its plugin failed, or
 * it comes after the failure) throws to whoever dispatched it, as Fastify's unbuilt route does
 * (inject() rejects), rather than running half a lifecycle. Its request-id generator is the first
 * thing a request calls, so no check is added to every request.
 */
export function refuseUnloadedRoute (route: RouteContext): void {
  const label = `${route.method}:${route.url}`
  route.genReqId = function unloadedRoute (): never {
    throw new TypeError(`Route ${label} was not built: the server failed to start`)
  }
}
