/** The route context: everything one route needs per request, declared when it is added and compiled at ready(). */
import type { ContextState, RuntimeInstance } from '../instance/context-state.js'
import type { ServerState } from '../instance/server-state.js'
import type { HookEntry, RequestHookName } from '../lifecycle/hooks.js'
import type { HookChain } from '../lifecycle/run-hooks.js'
import type { ParserLookup } from '../request/body-parsers.js'
import type { RequestClass } from '../request/request.js'
import type { ReplyClass } from '../reply/reply.js'
import type { ErrorHandlerEntry } from '../reply/error-handler.js'
import type { PartValidator } from '../schema/validate.js'
import type { ResponseSerializers } from '../schema/select-serializer.js'
import type { SchemaErrorFormatter } from '../schema/error-formatter.js'
import type { EnclaveLogger } from '../logging/logger.js'
import type { AnyFunction } from '../types/internal.js'
import type { ChildLoggerFactory, DirectChild, RequestIdGenerator } from '../logging/request-logger.js'
import type { RequestLines } from '../logging/request-lines.js'
import type { ResponseInspector } from '../schema/response-inspection.js'
import type { RouteSchema } from '../types/route-types.js'
import { RouteOptionsSource } from '../request/route-options-view.js'

/**
 * A route's options as declared: what the user gave, as onRoute hooks left it. validateRouteOptions
 * checks handler, errorHandler, bodyLimit and schemaErrorFormatter before a RouteContext is made;
 * schema, config, constraints and logLevel are passed on unchecked, as Fastify passes them, and
 * typed as its docs describe them. Every other member is the user's (plugins read their own
 * options through onRoute hooks and `routeOptions`).
 */
export interface RouteOptions {
  [option: string]: unknown
  /** Absent on a not-found route, whose method and URL are its context's. */
  method?: string | string[]
  url?: string
  path?: string
  handler: AnyFunction
  errorHandler?: AnyFunction
  bodyLimit?: number
  schemaErrorFormatter?: SchemaErrorFormatter
  schema?: RouteSchema
  config?: Record<string, unknown>
  constraints?: RouteConstraints
  logLevel?: string
  exposeHeadRoute?: boolean
  prefixTrailingSlash?: 'slash' | 'no-slash' | 'both'
}

/** find-my-way constraints; `version` is the one Fastify's own option maps onto. */
export interface RouteConstraints {
  [name: string]: unknown
  version?: string
}

/**
 * Everything one route needs per request, as data. Declared fields are set when the route is
 * added; compiled fields (hook chains, validators, serializers, handlers) at ready(). Every field
 * is assigned in the constructor so all route contexts share one shape.
 */
export class RouteContext {
  readonly method: string
  readonly url: string
  readonly handler: AnyFunction
  readonly instance: RuntimeInstance
  readonly context: ContextState
  readonly server: ServerState
  readonly options: RouteOptions
  readonly config: Record<string, unknown>
  /** The route's own schema object, normalised in place at ready() (see normalizeRouteSchema). */
  schema: RouteSchema | undefined
  readonly attachValidation: boolean
  readonly bodyLimit: number
  /**
   * Fastify 5's handlerTimeout in effect (the route's own, else the server's; below 1: none). As in Fastify 5.12,
   * a not-found handler runs under the server's too. Always 0 on the Fastify v4 face (4.29 has no such option).
   */
  readonly handlerTimeout: number
  /** The route set bodyLimit itself: it then beats a parser's own limit (Fastify's precedence). */
  readonly routeSetBodyLimit: boolean
  readonly isNotFound: boolean
  readonly Request: RequestClass
  readonly Reply: ReplyClass
  /** What `request.routeOptions` copies at each read. */
  publicOptions: RouteOptionsSource
  logger: EnclaveLogger
  /** The request-id generator in effect for this route (setGenReqId), set at ready(). */
  genReqId: RequestIdGenerator
  /** A custom child-logger factory in effect for this route, or null (the route's logger's child()). */
  childLoggerFactory: ChildLoggerFactory | null = null
  /** The options (level, serializers) a custom child-logger factory receives. */
  loggerOptions: Record<string, unknown> = {}
  /** How request loggers are made without pino's child(), when that is provably the same logger (request-logger.ts). */
  directChild: DirectChild | null = null
  /** How this route's request lines are written without pino's generic path, when provably the same bytes (request-lines.ts). */
  requestLines: RequestLines | null = null
  /** Routes outside GET, HEAD and UNLOCK read a body when one is sent. */
  readonly parseBody: boolean
  readonly routeHooks: Partial<Record<RequestHookName, HookEntry[]>>

  onRequest: HookChain | null = null
  preParsing: HookChain | null = null
  preValidation: HookChain | null = null
  preHandler: HookChain | null = null
  preSerialization: HookChain | null = null
  onSend: HookChain | null = null
  onResponse: HookChain | null = null
  onError: HookChain | null = null
  onTimeout: HookChain | null = null
  onRequestAbort: HookEntry[] | null = null
  validators: PartValidator[] | null = null
  responseSerializers: ResponseSerializers | null = null
  responseInspector: ResponseInspector | null = null
  errorHandlers: ErrorHandlerEntry[] = []
  /**
   * Its context's error handlers when avvio reached the route's declaration (its step in the plugin
   * tree), as Fastify takes them: one set later in that context (by a wrapped plugin loaded after the
   * declaration) does not reach it. null until then.
   */
  loadedErrorHandlers: ErrorHandlerEntry[] | null = null
  /** When avvio reached the route's declaration, among the server's routes: the order Fastify compiles them in at ready(). */
  loadOrder = Number.POSITIVE_INFINITY
  schemaErrorFormatter: SchemaErrorFormatter
  replySerializer: AnyFunction | null = null
  parsers: ParserLookup | null = null
  /** 'finish' must be observed (onResponse hooks or request logging). */
  watchFinish = false
  /** Anything follows this route's requests outside the pipeline (watchFinish, onRequestAbort, onTimeout, handlerTimeout); the request log implies watchFinish. */
  watchesRequest = false
  compiled = false
  /** The HEAD route added for a GET route (exposeHeadRoutes); a declared HEAD route replaces it. */
  isAutoHead = false
  /** validationPayload: 'spec' (validation errors sent without `code`, `validation` always an array). */
  specValidationPayload = false
  /** validatorFailure: 'conceal'. */
  concealValidatorFailure = false
  /** validateHeadersOnCopy. */
  headersOnCopy = false
  /** rejectUnlistedBodyMediaType. */
  rejectUnlistedBodyType = false
  /** The routes reply.callNotFound() from this route runs in, one per not-found route, built on first use (see not-found.ts). */
  callNotFoundRoutes: Map<RouteContext, RouteContext> | null = null

  constructor (init: {
    method: string
    url: string
    handler: AnyFunction
    instance: RuntimeInstance
    context: ContextState
    server: ServerState
    options: RouteOptions
    isNotFound: boolean
    routeHooks: Partial<Record<RequestHookName, HookEntry[]>>
    formatter: SchemaErrorFormatter
  }) {
    this.method = init.method
    this.url = init.url
    this.handler = init.handler
    this.instance = init.instance
    this.context = init.context
    this.server = init.server
    this.options = init.options
    // As Fastify 4.29: the methods as declared (upper-cased; an array stays one); a not-found route's
    // is setNotFoundHandler's `config` option itself, or an empty object.
    const declared = init.options.method
    this.config = init.isNotFound ? init.options.config ?? {} : { ...(init.options.config ?? {}), url: init.url, method: Array.isArray(declared) ? declared.map((method) => String(method).toUpperCase()) : init.method }
    this.schema = init.options.schema
    this.attachValidation = init.options.attachValidation === true
    this.bodyLimit = init.options.bodyLimit ?? init.server.options.bodyLimit
    this.routeSetBodyLimit = init.options.bodyLimit !== undefined
    const ownTimeout = init.server.profile.name === 'fastify' ? undefined : init.options.handlerTimeout as number | undefined
    // Fastify 5's precedence: a route value that sets no timeout falls back to the server's.
    this.handlerTimeout = ownTimeout !== undefined && ownTimeout !== 0 ? ownTimeout : init.server.options.handlerTimeout
    this.isNotFound = init.isNotFound
    this.Request = init.context.Request
    this.Reply = init.context.Reply
    this.logger = init.context.logger
    this.genReqId = init.server.genReqId
    // The server's method table says (Fastify 4.29 reads no body for GET, HEAD and UNLOCK; Fastify 5
    // for its bodiless methods and those added without hasBody); a not-found route asks per request.
    this.parseBody = init.server.httpMethods.get(init.method) ?? (init.method !== 'GET' && init.method !== 'HEAD' && init.method !== 'UNLOCK')
    this.routeHooks = init.routeHooks
    this.schemaErrorFormatter = init.formatter
    // Replaced by the full view at ready(); a route is not served before.
    this.publicOptions = new RouteOptionsSource({
      method: init.method,
      url: init.url,
      bodyLimit: this.bodyLimit,
      attachValidation: this.attachValidation,
      logLevel: '',
      exposeHeadRoute: undefined,
      prefixTrailingSlash: undefined,
      handler: init.handler,
      version: undefined,
      config: this.config,
      schema: this.schema
    })
  }
}
