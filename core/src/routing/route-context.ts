import type { ContextState } from '../instance/context-state.js'
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
import type { ChildLoggerFactory } from '../logging/request-logger.js'

/** What the request path needs from the server, read through `route.server`. */
export interface RouteServer extends ServerState {
  trustProxy: ((address: string, hop: number) => boolean) | null
  invokeNotFound: (request: any, reply: any) => void
  querystringParser: (query: string) => unknown
  closePromise?: Promise<void>
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
  readonly instance: any
  readonly context: ContextState
  readonly server: RouteServer
  readonly options: Record<string, any>
  readonly config: Record<string, unknown>
  /** The route's own schema object, normalised in place at ready() (see normalizeRouteSchema). */
  schema: Record<string, any> | undefined
  readonly attachValidation: boolean
  readonly bodyLimit: number
  /** The route set bodyLimit itself: it then beats a parser's own limit (Fastify's precedence). */
  readonly routeSetBodyLimit: boolean
  readonly isNotFound: boolean
  readonly Request: RequestClass
  readonly Reply: ReplyClass
  publicOptions: Record<string, unknown>
  logger: EnclaveLogger
  /** The request-id generator in effect for this route (setGenReqId), set at ready(). */
  genReqId: (raw: any) => string
  /** A custom child-logger factory in effect for this route, or null (the route's logger's child()). */
  childLoggerFactory: ChildLoggerFactory | null = null
  /** The options (level, serializers) a custom child-logger factory receives. */
  loggerOptions: Record<string, unknown> = {}
  /** Routes outside GET/HEAD read a body when one is sent. */
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
  responseInspector: ((reply: any, payload: unknown) => void) | null = null
  errorHandlers: ErrorHandlerEntry[] = []
  schemaErrorFormatter: SchemaErrorFormatter
  replySerializer: AnyFunction | null = null
  parsers: ParserLookup | null = null
  /** 'finish' must be observed (onResponse hooks or request logging). */
  watchFinish = false
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

  constructor (init: {
    method: string
    url: string
    handler: AnyFunction
    instance: any
    context: ContextState
    server: RouteServer
    options: Record<string, any>
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
    this.config = { ...(init.options.config ?? {}), url: init.url, method: init.method }
    this.schema = init.options.schema
    this.attachValidation = init.options.attachValidation === true
    this.bodyLimit = init.options.bodyLimit ?? init.server.options.bodyLimit
    this.routeSetBodyLimit = init.options.bodyLimit !== undefined
    this.isNotFound = init.isNotFound
    this.Request = init.context.Request
    this.Reply = init.context.Reply
    this.logger = init.context.logger
    this.genReqId = init.server.genReqId
    this.parseBody = init.method !== 'GET' && init.method !== 'HEAD'
    this.routeHooks = init.routeHooks
    this.schemaErrorFormatter = init.formatter
    this.publicOptions = {}
  }
}
