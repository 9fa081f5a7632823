import type { AddressInfo } from 'node:net'
import type { EnclaveInstance, EnclaveInstanceCore, ListenOptions } from '@enclave/core'
import type { FindMyWayConstraintStrategy, FindMyWayVersion } from '@enclave/core/internal'
import type { AddContentTypeParser, ConstructorAction, FastifyBodyParser, ProtoAction, getDefaultJsonParser, removeAllContentTypeParsers, removeContentTypeParser } from './content-type-parser.js'
import type {
  onCloseAsyncHookHandler, onCloseHookHandler, onErrorAsyncHookHandler, onErrorHookHandler, onListenAsyncHookHandler, onListenHookHandler,
  onReadyAsyncHookHandler, onReadyHookHandler, onRegisterHookHandler, onRequestAbortAsyncHookHandler, onRequestAbortHookHandler,
  onRequestAsyncHookHandler, onRequestHookHandler, onResponseAsyncHookHandler, onResponseHookHandler, onRouteHookHandler,
  onSendAsyncHookHandler, onSendHookHandler, onTimeoutAsyncHookHandler, onTimeoutHookHandler, preCloseAsyncHookHandler, preCloseHookHandler,
  preHandlerAsyncHookHandler, preHandlerHookHandler, preParsingAsyncHookHandler, preParsingHookHandler,
  preSerializationAsyncHookHandler, preSerializationHookHandler, preValidationAsyncHookHandler, preValidationHookHandler
} from './hooks.js'
import type { InjectOptions, LightMyRequestCallback, LightMyRequestChain, LightMyRequestResponse } from './inject.js'
import type { FastifyPluginOptions, FastifyRegister } from './plugin.js'
import type { RouteGenericInterface, RouteHandlerMethod, RouteOptions, RouteShorthandMethod } from './route.js'
import type { FastifyError, FastifySchema, FastifySchemaCompiler, FastifySchemaControllerOptions, FastifySerializerCompiler, SchemaErrorFormatter } from './schema.js'
import type { FastifyBaseLogger, FastifyChildLoggerFactory } from './logger.js'
import type { FastifyReply } from './reply.js'
import type { FastifyRequest } from './request.js'
import type { FastifyTypeProvider, FastifyTypeProviderDefault, SafePromiseLike } from './type-provider.js'
import type { FastifyRouterOptions } from './server-options.js'
import type { ContextConfigDefault, HTTPMethods, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerBase, RawServerDefault } from './utils.js'

/**
 * Instance members Fastify 5.12 types its own way (they return Fastify's instance type, or a thenable,
 * where Enclave's return `this`), declared below over the same runtime object, and those Fastify 5
 * removed (`getDefaultRoute`/`setDefaultRoute`: `routerOptions.defaultRoute` replaces them).
 */
type RetypedInstanceMembers =
  | 'server' | 'log' | 'initialConfig' | 'register' | 'after' | 'ready' | 'close' | 'inject' | 'fetch' | 'findRoute' | 'onClose'
  | 'addSchema' | 'getSchema' | 'getSchemas' | 'setValidatorCompiler' | 'setSerializerCompiler' | 'setSchemaErrorFormatter'
  | 'setReplySerializer' | 'setGenReqId' | 'setChildLoggerFactory' | 'childLoggerFactory' | 'setSchemaController'
  | 'validatorCompiler' | 'serializerCompiler' | 'errorHandler' | 'addConstraintStrategy' | 'getDefaultRoute' | 'setDefaultRoute'
  | 'routing' | 'withTypeProvider' | 'addresses' | 'listeningOrigin' | 'getDecorator' | 'listen' | typeof Symbol.asyncDispose
  | 'addHttpMethod' | 'hasRoute' | 'printRoutes' | 'supportedMethods'
  // Enclave's own: not a member of Fastify 5.12's instance
  | 'printContexts'

/**
 * Fastify v5's instance, typed as Fastify 5.12 types it over the instance Enclave creates: its type
 * parameters (raw server, request and reply, logger, type provider) flow into every route, hook and
 * plugin declared on it. An interface, so `declare module 'fastify' { interface FastifyInstance { db: Db } }`
 * adds to it.
 */
export interface FastifyInstance<
  RawServer extends RawServerBase = RawServerDefault,
  RawRequest extends RawRequestDefaultExpression<RawServer> = RawRequestDefaultExpression<RawServer>,
  RawReply extends RawReplyDefaultExpression<RawServer> = RawReplyDefaultExpression<RawServer>,
  Logger extends FastifyBaseLogger = FastifyBaseLogger,
  TypeProvider extends FastifyTypeProvider = FastifyTypeProviderDefault
> extends Omit<EnclaveInstanceCore, RetypedInstanceMembers> {
  /** Marks plugins typed for this instance, so an `enclave()` app can register them too (see core's register). */
  readonly '~face'?: 'fastify'
  server: RawServer
  log: Logger
  /** The factory options that can be read back (Fastify's list). */
  initialConfig: FastifyInitialConfig
  /** This instance typed with type provider `Provider`: routes declared on it type their request and reply from their schemas through it. */
  withTypeProvider<Provider extends FastifyTypeProvider> (): FastifyInstance<RawServer, RawRequest, RawReply, Logger, Provider>
  /** Awaiting what `register()`, `after()` and `ready()` return waits for the plugins loaded so far (it resolves to `undefined`). */
  register: FastifyRegister<FastifyInstance<RawServer, RawRequest, RawReply, Logger, TypeProvider> & SafePromiseLike<undefined>>
  after (): FastifyInstance<RawServer, RawRequest, RawReply, Logger, TypeProvider> & SafePromiseLike<undefined>
  after (afterListener: (err: Error | null) => void): FastifyInstance<RawServer, RawRequest, RawReply, Logger, TypeProvider>
  ready (): FastifyInstance<RawServer, RawRequest, RawReply, Logger, TypeProvider> & SafePromiseLike<undefined>
  ready (readyListener: (err: Error | null) => void | Promise<void>): FastifyInstance<RawServer, RawRequest, RawReply, Logger, TypeProvider>
  close (): Promise<undefined>
  close (closeListener: () => void): undefined
  [Symbol.asyncDispose] (): Promise<undefined>
  /** @deprecated Fastify's types do not have it: use `addHook('onClose', …)`. */
  onClose (hook: (instance: FastifyInstance<RawServer, RawRequest, RawReply, Logger, TypeProvider>, done: () => void) => unknown): FastifyInstance<RawServer, RawRequest, RawReply, Logger, TypeProvider>
  listen (opts: FastifyListenOptions, callback: (err: Error | null, address: string) => void): void
  listen (opts?: FastifyListenOptions): Promise<string>
  listen (callback: (err: Error | null, address: string) => void): void
  inject (opts: InjectOptions | string, cb: LightMyRequestCallback): void
  inject (opts: InjectOptions | string): Promise<LightMyRequestResponse>
  inject (): LightMyRequestChain
  /**
   * Enclave's one addition to Fastify's instance (docs/migrating-from-fastify.md): the app as a Web
   * fetch handler, bound, `export default { fetch: app.fetch }`. See Enclave's docs/runtimes.md.
   */
  readonly fetch: (request: Request, ...platformArgs: unknown[]) => Promise<Response>
  /** The route a method and url lead to (typed without `null`, as Fastify 5.12 types it; `null` at run time when none). */
  findRoute (opts: { method: HTTPMethods, url: string, constraints?: Record<string, unknown> }): Omit<FindMyWayFindResult<RawServer>, 'store'>
  hasRoute (opts: { method: HTTPMethods, url: string, constraints?: Record<string, unknown> }): boolean
  /** The methods routes may be declared with (`addHttpMethod` adds to them). */
  supportedMethods: string[]
  /** Lets routes use a method Fastify does not know (`hasBody`: requests of it carry a body). */
  addHttpMethod (method: string, methodOptions?: { hasBody?: boolean, overrideExisting?: boolean }): FastifyInstance<RawServer, RawRequest, RawReply, Logger, TypeProvider>
  printRoutes (opts?: PrintRoutesOptions): string
  /** `http://host:port` once listening. */
  readonly listeningOrigin: string
  /** Each address listened on (a pipe or socket path is a string). */
  addresses (): Array<AddressInfo | string>
  /** Any schema object with an `$id` (Fastify types the argument as `unknown`; a missing `$id` throws FST_ERR_SCH_MISSING_ID). */
  addSchema (schema: unknown): FastifyInstance<RawServer, RawRequest, RawReply, Logger, TypeProvider>
  getSchema (schemaId: string): unknown
  getSchemas (): Record<string, unknown>
  getDecorator<T> (name: string | symbol): T
  /** The compilers in effect in this context (`undefined` until one is set or built at ready()). */
  validatorCompiler: FastifySchemaCompiler<any> | undefined
  serializerCompiler: FastifySerializerCompiler<any> | undefined
  setValidatorCompiler<T = FastifySchema> (schemaCompiler: FastifySchemaCompiler<T>): FastifyInstance<RawServer, RawRequest, RawReply, Logger, TypeProvider>
  setSerializerCompiler<T = FastifySchema> (schemaCompiler: FastifySerializerCompiler<T>): FastifyInstance<RawServer, RawRequest, RawReply, Logger, TypeProvider>
  setSchemaController (schemaControllerOpts: FastifySchemaControllerOptions): FastifyInstance<RawServer, RawRequest, RawReply, Logger>
  setSchemaErrorFormatter (errorFormatter: SchemaErrorFormatter): FastifyInstance<RawServer, RawRequest, RawReply, Logger, TypeProvider>
  setReplySerializer (replySerializer: (payload: unknown, statusCode: number) => string): FastifyInstance<RawServer, RawRequest, RawReply, Logger, TypeProvider>
  setGenReqId (fn: (req: RawRequestDefaultExpression<RawServer>) => string): FastifyInstance<RawServer, RawRequest, RawReply, Logger, TypeProvider>
  childLoggerFactory: FastifyChildLoggerFactory<RawServer, RawRequest, RawReply, Logger, TypeProvider>
  setChildLoggerFactory (factory: FastifyChildLoggerFactory<RawServer, RawRequest, RawReply, Logger, TypeProvider>): FastifyInstance<RawServer, RawRequest, RawReply, Logger, TypeProvider>
  /** The error handler in effect here, so a plugin can delegate to it. */
  errorHandler: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => void
  addConstraintStrategy (strategy: FindMyWayConstraintStrategy<FindMyWayVersion<RawServer>, unknown>): void
  routing (req: RawRequest, res: RawReply): void

  decorate: FastifyDecorationMethod<FastifyInstance<RawServer, RawRequest, RawReply, Logger, TypeProvider>>
  decorateRequest: FastifyDecorationMethod<FastifyRequest, FastifyInstance<RawServer, RawRequest, RawReply, Logger, TypeProvider>>
  decorateReply: FastifyDecorationMethod<FastifyReply, FastifyInstance<RawServer, RawRequest, RawReply, Logger, TypeProvider>>
  setErrorHandler<TError = unknown, RouteGeneric extends RouteGenericInterface = RouteGenericInterface, SchemaCompiler extends FastifySchema = FastifySchema, HandlerTypeProvider extends FastifyTypeProvider = TypeProvider> (
    handler: (
      this: FastifyInstance<RawServer, RawRequest, RawReply, Logger, TypeProvider>,
      error: TError,
      request: FastifyRequest<RouteGeneric, RawServer, RawRequest, SchemaCompiler, HandlerTypeProvider>,
      reply: FastifyReply<RouteGeneric, RawServer, RawRequest, RawReply, ContextConfigDefault, SchemaCompiler, HandlerTypeProvider>
    ) => any
  ): FastifyInstance<RawServer, RawRequest, RawReply, Logger, TypeProvider>
  setNotFoundHandler<RouteGeneric extends RouteGenericInterface = RouteGenericInterface, ContextConfig = ContextConfigDefault, HandlerTypeProvider extends FastifyTypeProvider = TypeProvider, SchemaCompiler extends FastifySchema = FastifySchema> (
    handler: RouteHandlerMethod<RawServer, RawRequest, RawReply, RouteGeneric, ContextConfig, SchemaCompiler, HandlerTypeProvider, Logger>
  ): FastifyInstance<RawServer, RawRequest, RawReply, Logger, TypeProvider>
  setNotFoundHandler<RouteGeneric extends RouteGenericInterface = RouteGenericInterface, ContextConfig = ContextConfigDefault, HandlerTypeProvider extends FastifyTypeProvider = TypeProvider, SchemaCompiler extends FastifySchema = FastifySchema> (
    opts: {
      preValidation?: preValidationHookHandler<RawServer, RawRequest, RawReply, RouteGeneric, ContextConfig, SchemaCompiler, HandlerTypeProvider> | Array<preValidationHookHandler<RawServer, RawRequest, RawReply, RouteGeneric, ContextConfig, SchemaCompiler, HandlerTypeProvider>>
      preHandler?: preHandlerHookHandler<RawServer, RawRequest, RawReply, RouteGeneric, ContextConfig, SchemaCompiler, HandlerTypeProvider> | Array<preHandlerHookHandler<RawServer, RawRequest, RawReply, RouteGeneric, ContextConfig, SchemaCompiler, HandlerTypeProvider>>
    },
    handler: RouteHandlerMethod<RawServer, RawRequest, RawReply, RouteGeneric, ContextConfig, SchemaCompiler, HandlerTypeProvider, Logger>
  ): FastifyInstance<RawServer, RawRequest, RawReply, Logger, TypeProvider>
  addContentTypeParser: AddContentTypeParser<RawServer, RawRequest, RouteGenericInterface, FastifySchema, TypeProvider>
  removeContentTypeParser: removeContentTypeParser
  removeAllContentTypeParsers: removeAllContentTypeParsers
  getDefaultJsonParser: getDefaultJsonParser
  defaultTextParser: FastifyBodyParser<string>

  // Fastify's route methods: type arguments `<RouteGeneric, ContextConfig, SchemaCompiler>`; the schema and
  // the path (which types `request.params` when nothing else does) are inferred from the call.
  route<RouteGeneric extends RouteGenericInterface = RouteGenericInterface, ContextConfig = ContextConfigDefault, const SchemaCompiler extends FastifySchema = FastifySchema> (opts: RouteOptions<RawServer, RawRequest, RawReply, RouteGeneric, ContextConfig, SchemaCompiler, TypeProvider, Logger>): FastifyInstance<RawServer, RawRequest, RawReply, Logger, TypeProvider>
  // Properties of Fastify's augmentable RouteShorthandMethod interface, as Fastify declares them, so a plugin that
  // adds an overload to it (@fastify/websocket's `{ websocket: true }`) reaches every shorthand.
  get: RouteShorthandMethod<RawServer, RawRequest, RawReply, TypeProvider, Logger>
  head: RouteShorthandMethod<RawServer, RawRequest, RawReply, TypeProvider, Logger>
  post: RouteShorthandMethod<RawServer, RawRequest, RawReply, TypeProvider, Logger>
  put: RouteShorthandMethod<RawServer, RawRequest, RawReply, TypeProvider, Logger>
  delete: RouteShorthandMethod<RawServer, RawRequest, RawReply, TypeProvider, Logger>
  options: RouteShorthandMethod<RawServer, RawRequest, RawReply, TypeProvider, Logger>
  patch: RouteShorthandMethod<RawServer, RawRequest, RawReply, TypeProvider, Logger>
  all: RouteShorthandMethod<RawServer, RawRequest, RawReply, TypeProvider, Logger>
  // The WebDAV and QUERY methods, which Fastify 5 knows without `addHttpMethod`.
  propfind: RouteShorthandMethod<RawServer, RawRequest, RawReply, TypeProvider, Logger>
  proppatch: RouteShorthandMethod<RawServer, RawRequest, RawReply, TypeProvider, Logger>
  mkcalendar: RouteShorthandMethod<RawServer, RawRequest, RawReply, TypeProvider, Logger>
  mkcol: RouteShorthandMethod<RawServer, RawRequest, RawReply, TypeProvider, Logger>
  copy: RouteShorthandMethod<RawServer, RawRequest, RawReply, TypeProvider, Logger>
  move: RouteShorthandMethod<RawServer, RawRequest, RawReply, TypeProvider, Logger>
  lock: RouteShorthandMethod<RawServer, RawRequest, RawReply, TypeProvider, Logger>
  unlock: RouteShorthandMethod<RawServer, RawRequest, RawReply, TypeProvider, Logger>
  trace: RouteShorthandMethod<RawServer, RawRequest, RawReply, TypeProvider, Logger>
  report: RouteShorthandMethod<RawServer, RawRequest, RawReply, TypeProvider, Logger>
  search: RouteShorthandMethod<RawServer, RawRequest, RawReply, TypeProvider, Logger>
  query: RouteShorthandMethod<RawServer, RawRequest, RawReply, TypeProvider, Logger>

  // Fastify's hook types: the handler's request and reply are FastifyRequest and FastifyReply, `this` the
  // instance; an async function's style is checked apart from a callback's (an async hook takes no `done`).
  addHook<
    RouteGeneric extends RouteGenericInterface = RouteGenericInterface,
    ContextConfig = ContextConfigDefault,
    SchemaCompiler extends FastifySchema = FastifySchema,
    Logger extends FastifyBaseLogger = FastifyBaseLogger,
    Fn extends onRequestHookHandler<RawServer, RawRequest, RawReply, RouteGeneric, ContextConfig, SchemaCompiler, TypeProvider, Logger> | onRequestAsyncHookHandler<RawServer, RawRequest, RawReply, RouteGeneric, ContextConfig, SchemaCompiler, TypeProvider, Logger> = onRequestHookHandler<RawServer, RawRequest, RawReply, RouteGeneric, ContextConfig, SchemaCompiler, TypeProvider, Logger>
  > (name: 'onRequest', hook: HookStyle<Fn, onRequestAsyncHookHandler<RawServer, RawRequest, RawReply, RouteGeneric, ContextConfig, SchemaCompiler, TypeProvider, Logger>, onRequestHookHandler<RawServer, RawRequest, RawReply, RouteGeneric, ContextConfig, SchemaCompiler, TypeProvider, Logger>>): FastifyInstance<RawServer, RawRequest, RawReply, Logger, TypeProvider>
  addHook<
    RouteGeneric extends RouteGenericInterface = RouteGenericInterface,
    ContextConfig = ContextConfigDefault,
    SchemaCompiler extends FastifySchema = FastifySchema,
    Logger extends FastifyBaseLogger = FastifyBaseLogger,
    Fn extends preParsingHookHandler<RawServer, RawRequest, RawReply, RouteGeneric, ContextConfig, SchemaCompiler, TypeProvider, Logger> | preParsingAsyncHookHandler<RawServer, RawRequest, RawReply, RouteGeneric, ContextConfig, SchemaCompiler, TypeProvider, Logger> = preParsingHookHandler<RawServer, RawRequest, RawReply, RouteGeneric, ContextConfig, SchemaCompiler, TypeProvider, Logger>
  > (name: 'preParsing', hook: HookStyle<Fn, preParsingAsyncHookHandler<RawServer, RawRequest, RawReply, RouteGeneric, ContextConfig, SchemaCompiler, TypeProvider, Logger>, preParsingHookHandler<RawServer, RawRequest, RawReply, RouteGeneric, ContextConfig, SchemaCompiler, TypeProvider, Logger>>): FastifyInstance<RawServer, RawRequest, RawReply, Logger, TypeProvider>
  addHook<
    RouteGeneric extends RouteGenericInterface = RouteGenericInterface,
    ContextConfig = ContextConfigDefault,
    SchemaCompiler extends FastifySchema = FastifySchema,
    Logger extends FastifyBaseLogger = FastifyBaseLogger,
    Fn extends preValidationHookHandler<RawServer, RawRequest, RawReply, RouteGeneric, ContextConfig, SchemaCompiler, TypeProvider, Logger> | preValidationAsyncHookHandler<RawServer, RawRequest, RawReply, RouteGeneric, ContextConfig, SchemaCompiler, TypeProvider, Logger> = preValidationHookHandler<RawServer, RawRequest, RawReply, RouteGeneric, ContextConfig, SchemaCompiler, TypeProvider, Logger>
  > (name: 'preValidation', hook: HookStyle<Fn, preValidationAsyncHookHandler<RawServer, RawRequest, RawReply, RouteGeneric, ContextConfig, SchemaCompiler, TypeProvider, Logger>, preValidationHookHandler<RawServer, RawRequest, RawReply, RouteGeneric, ContextConfig, SchemaCompiler, TypeProvider, Logger>>): FastifyInstance<RawServer, RawRequest, RawReply, Logger, TypeProvider>
  addHook<
    RouteGeneric extends RouteGenericInterface = RouteGenericInterface,
    ContextConfig = ContextConfigDefault,
    SchemaCompiler extends FastifySchema = FastifySchema,
    Logger extends FastifyBaseLogger = FastifyBaseLogger,
    Fn extends preHandlerHookHandler<RawServer, RawRequest, RawReply, RouteGeneric, ContextConfig, SchemaCompiler, TypeProvider, Logger> | preHandlerAsyncHookHandler<RawServer, RawRequest, RawReply, RouteGeneric, ContextConfig, SchemaCompiler, TypeProvider, Logger> = preHandlerHookHandler<RawServer, RawRequest, RawReply, RouteGeneric, ContextConfig, SchemaCompiler, TypeProvider, Logger>
  > (name: 'preHandler', hook: HookStyle<Fn, preHandlerAsyncHookHandler<RawServer, RawRequest, RawReply, RouteGeneric, ContextConfig, SchemaCompiler, TypeProvider, Logger>, preHandlerHookHandler<RawServer, RawRequest, RawReply, RouteGeneric, ContextConfig, SchemaCompiler, TypeProvider, Logger>>): FastifyInstance<RawServer, RawRequest, RawReply, Logger, TypeProvider>
  addHook<
    Payload = unknown,
    RouteGeneric extends RouteGenericInterface = RouteGenericInterface,
    ContextConfig = ContextConfigDefault,
    SchemaCompiler extends FastifySchema = FastifySchema,
    Logger extends FastifyBaseLogger = FastifyBaseLogger,
    Fn extends preSerializationHookHandler<Payload, RawServer, RawRequest, RawReply, RouteGeneric, ContextConfig, SchemaCompiler, TypeProvider, Logger> | preSerializationAsyncHookHandler<Payload, RawServer, RawRequest, RawReply, RouteGeneric, ContextConfig, SchemaCompiler, TypeProvider, Logger> = preSerializationHookHandler<Payload, RawServer, RawRequest, RawReply, RouteGeneric, ContextConfig, SchemaCompiler, TypeProvider, Logger>
  > (name: 'preSerialization', hook: HookStyle<Fn, preSerializationAsyncHookHandler<Payload, RawServer, RawRequest, RawReply, RouteGeneric, ContextConfig, SchemaCompiler, TypeProvider, Logger>, preSerializationHookHandler<Payload, RawServer, RawRequest, RawReply, RouteGeneric, ContextConfig, SchemaCompiler, TypeProvider, Logger>>): FastifyInstance<RawServer, RawRequest, RawReply, Logger, TypeProvider>
  addHook<
    Payload = unknown,
    RouteGeneric extends RouteGenericInterface = RouteGenericInterface,
    ContextConfig = ContextConfigDefault,
    SchemaCompiler extends FastifySchema = FastifySchema,
    Logger extends FastifyBaseLogger = FastifyBaseLogger,
    Fn extends onSendHookHandler<Payload, RawServer, RawRequest, RawReply, RouteGeneric, ContextConfig, SchemaCompiler, TypeProvider, Logger> | onSendAsyncHookHandler<Payload, RawServer, RawRequest, RawReply, RouteGeneric, ContextConfig, SchemaCompiler, TypeProvider, Logger> = onSendHookHandler<Payload, RawServer, RawRequest, RawReply, RouteGeneric, ContextConfig, SchemaCompiler, TypeProvider, Logger>
  > (name: 'onSend', hook: HookStyle<Fn, onSendAsyncHookHandler<Payload, RawServer, RawRequest, RawReply, RouteGeneric, ContextConfig, SchemaCompiler, TypeProvider, Logger>, onSendHookHandler<Payload, RawServer, RawRequest, RawReply, RouteGeneric, ContextConfig, SchemaCompiler, TypeProvider, Logger>>): FastifyInstance<RawServer, RawRequest, RawReply, Logger, TypeProvider>
  addHook<
    RouteGeneric extends RouteGenericInterface = RouteGenericInterface,
    ContextConfig = ContextConfigDefault,
    SchemaCompiler extends FastifySchema = FastifySchema,
    Logger extends FastifyBaseLogger = FastifyBaseLogger,
    Fn extends onResponseHookHandler<RawServer, RawRequest, RawReply, RouteGeneric, ContextConfig, SchemaCompiler, TypeProvider, Logger> | onResponseAsyncHookHandler<RawServer, RawRequest, RawReply, RouteGeneric, ContextConfig, SchemaCompiler, TypeProvider, Logger> = onResponseHookHandler<RawServer, RawRequest, RawReply, RouteGeneric, ContextConfig, SchemaCompiler, TypeProvider, Logger>
  > (name: 'onResponse', hook: HookStyle<Fn, onResponseAsyncHookHandler<RawServer, RawRequest, RawReply, RouteGeneric, ContextConfig, SchemaCompiler, TypeProvider, Logger>, onResponseHookHandler<RawServer, RawRequest, RawReply, RouteGeneric, ContextConfig, SchemaCompiler, TypeProvider, Logger>>): FastifyInstance<RawServer, RawRequest, RawReply, Logger, TypeProvider>
  addHook<
    RouteGeneric extends RouteGenericInterface = RouteGenericInterface,
    ContextConfig = ContextConfigDefault,
    SchemaCompiler extends FastifySchema = FastifySchema,
    Logger extends FastifyBaseLogger = FastifyBaseLogger,
    Fn extends onTimeoutHookHandler<RawServer, RawRequest, RawReply, RouteGeneric, ContextConfig, SchemaCompiler, TypeProvider, Logger> | onTimeoutAsyncHookHandler<RawServer, RawRequest, RawReply, RouteGeneric, ContextConfig, SchemaCompiler, TypeProvider, Logger> = onTimeoutHookHandler<RawServer, RawRequest, RawReply, RouteGeneric, ContextConfig, SchemaCompiler, TypeProvider, Logger>
  > (name: 'onTimeout', hook: HookStyle<Fn, onTimeoutAsyncHookHandler<RawServer, RawRequest, RawReply, RouteGeneric, ContextConfig, SchemaCompiler, TypeProvider, Logger>, onTimeoutHookHandler<RawServer, RawRequest, RawReply, RouteGeneric, ContextConfig, SchemaCompiler, TypeProvider, Logger>>): FastifyInstance<RawServer, RawRequest, RawReply, Logger, TypeProvider>
  addHook<
    RouteGeneric extends RouteGenericInterface = RouteGenericInterface,
    ContextConfig = ContextConfigDefault,
    SchemaCompiler extends FastifySchema = FastifySchema,
    Logger extends FastifyBaseLogger = FastifyBaseLogger,
    Fn extends onErrorHookHandler<RawServer, RawRequest, RawReply, RouteGeneric, ContextConfig, FastifyError, SchemaCompiler, TypeProvider, Logger> | onErrorAsyncHookHandler<RawServer, RawRequest, RawReply, RouteGeneric, ContextConfig, FastifyError, SchemaCompiler, TypeProvider, Logger> = onErrorHookHandler<RawServer, RawRequest, RawReply, RouteGeneric, ContextConfig, FastifyError, SchemaCompiler, TypeProvider, Logger>
  > (name: 'onError', hook: HookStyle<Fn, onErrorAsyncHookHandler<RawServer, RawRequest, RawReply, RouteGeneric, ContextConfig, FastifyError, SchemaCompiler, TypeProvider, Logger>, onErrorHookHandler<RawServer, RawRequest, RawReply, RouteGeneric, ContextConfig, FastifyError, SchemaCompiler, TypeProvider, Logger>>): FastifyInstance<RawServer, RawRequest, RawReply, Logger, TypeProvider>
  addHook<
    RouteGeneric extends RouteGenericInterface = RouteGenericInterface,
    ContextConfig = ContextConfigDefault,
    SchemaCompiler extends FastifySchema = FastifySchema,
    Logger extends FastifyBaseLogger = FastifyBaseLogger,
    Fn extends onRequestAbortHookHandler<RawServer, RawRequest, RawReply, RouteGeneric, ContextConfig, SchemaCompiler, TypeProvider, Logger> | onRequestAbortAsyncHookHandler<RawServer, RawRequest, RawReply, RouteGeneric, ContextConfig, SchemaCompiler, TypeProvider, Logger> = onRequestAbortHookHandler<RawServer, RawRequest, RawReply, RouteGeneric, ContextConfig, SchemaCompiler, TypeProvider, Logger>
  > (name: 'onRequestAbort', hook: HookStyle<Fn, onRequestAbortAsyncHookHandler<RawServer, RawRequest, RawReply, RouteGeneric, ContextConfig, SchemaCompiler, TypeProvider, Logger>, onRequestAbortHookHandler<RawServer, RawRequest, RawReply, RouteGeneric, ContextConfig, SchemaCompiler, TypeProvider, Logger>>): FastifyInstance<RawServer, RawRequest, RawReply, Logger, TypeProvider>
  addHook<
    RouteGeneric extends RouteGenericInterface = RouteGenericInterface,
    ContextConfig = ContextConfigDefault,
    SchemaCompiler extends FastifySchema = FastifySchema,
    Logger extends FastifyBaseLogger = FastifyBaseLogger
  > (name: 'onRoute', hook: onRouteHookHandler<RawServer, RawRequest, RawReply, RouteGeneric, ContextConfig, SchemaCompiler, TypeProvider, Logger>): FastifyInstance<RawServer, RawRequest, RawReply, Logger, TypeProvider>
  addHook<Options extends FastifyPluginOptions = FastifyPluginOptions> (name: 'onRegister', hook: onRegisterHookHandler<RawServer, RawRequest, RawReply, Logger, TypeProvider, Options>): FastifyInstance<RawServer, RawRequest, RawReply, Logger, TypeProvider>
  addHook<Fn extends onReadyHookHandler<RawServer, RawRequest, RawReply, Logger, TypeProvider> | onReadyAsyncHookHandler<RawServer, RawRequest, RawReply, Logger, TypeProvider> = onReadyHookHandler<RawServer, RawRequest, RawReply, Logger, TypeProvider>> (name: 'onReady', hook: HookStyle<Fn, onReadyAsyncHookHandler<RawServer, RawRequest, RawReply, Logger, TypeProvider>, onReadyHookHandler>): FastifyInstance<RawServer, RawRequest, RawReply, Logger, TypeProvider>
  addHook<Fn extends onListenHookHandler<RawServer, RawRequest, RawReply, Logger, TypeProvider> | onListenAsyncHookHandler<RawServer, RawRequest, RawReply, Logger, TypeProvider> = onListenHookHandler<RawServer, RawRequest, RawReply, Logger, TypeProvider>> (name: 'onListen', hook: HookStyle<Fn, onListenAsyncHookHandler<RawServer, RawRequest, RawReply, Logger, TypeProvider>, onListenHookHandler>): FastifyInstance<RawServer, RawRequest, RawReply, Logger, TypeProvider>
  addHook<Fn extends preCloseHookHandler<RawServer, RawRequest, RawReply, Logger, TypeProvider> | preCloseAsyncHookHandler<RawServer, RawRequest, RawReply, Logger, TypeProvider> = preCloseHookHandler<RawServer, RawRequest, RawReply, Logger, TypeProvider>> (name: 'preClose', hook: HookStyle<Fn, preCloseAsyncHookHandler<RawServer, RawRequest, RawReply, Logger, TypeProvider>, preCloseHookHandler>): FastifyInstance<RawServer, RawRequest, RawReply, Logger, TypeProvider>
  /** An object with `[Symbol.asyncDispose]` or `[Symbol.dispose]` (a database client …) is disposed of on close. */
  addHook (name: 'onClose', hook: AsyncDisposable | Disposable): FastifyInstance<RawServer, RawRequest, RawReply, Logger, TypeProvider>
  addHook<Fn extends onCloseHookHandler<RawServer, RawRequest, RawReply, Logger, TypeProvider> | onCloseAsyncHookHandler<RawServer, RawRequest, RawReply, Logger, TypeProvider> = onCloseHookHandler<RawServer, RawRequest, RawReply, Logger, TypeProvider>> (name: 'onClose', hook: HookStyle<Fn, onCloseAsyncHookHandler<RawServer, RawRequest, RawReply, Logger, TypeProvider>, onCloseHookHandler>): FastifyInstance<RawServer, RawRequest, RawReply, Logger, TypeProvider>
}

/** A decoration's value: the value, or a getter (and setter) whose `this` is the decorated object. */
type GetterSetter<This, T> = T | { getter: (this: This) => T, setter?: (this: This, value: T) => void }

/**
 * Fastify's `decorate`, `decorateRequest` and `decorateReply`: the type argument is the decoration's
 * type, checked against what the types already declare under that name; a function value gets the
 * decorated object as `this`.
 */
export interface FastifyDecorationMethod<This, Return = This> {
  <T extends (Name extends keyof This ? This[Name] : unknown), Name extends string | symbol = string | symbol> (
    property: Name,
    value: GetterSetter<This, T extends (...args: any[]) => any ? (this: This, ...args: Parameters<T>) => ReturnType<T> : T>,
    dependencies?: string[]
  ): Return
  (property: string | symbol): Return
  (property: string | symbol, value: null | undefined, dependencies: string[]): Return
}

/** `Async` when the hook given is an async function, else `Callback` (each checked on its own). */
type HookStyle<Fn, Async, Callback> = Fn extends unknown ? (Fn extends (...args: any[]) => Promise<unknown> ? Async : Callback) : Fn

export interface FastifyListenOptions extends ListenOptions {
  readableAll?: boolean
  writableAll?: boolean
  listenTextResolver?: (address: string) => string
}

export interface PrintRoutesOptions {
  method?: HTTPMethods
  includeMeta?: boolean | Array<string | symbol>
  commonPrefix?: boolean
  includeHooks?: boolean
}

export type { FindMyWayVersion }

/** A route find-my-way finds: the route's options, the params the url carries (typed as find-my-way types them), and the router's store. */
export type FindMyWayFindResult<_RawServer extends RawServerBase = RawServerDefault> =
  Omit<NonNullable<ReturnType<EnclaveInstance['findRoute']>>, 'params'> & { params: { [k: string]: string | undefined }, store: unknown }

/** `app.initialConfig`: the factory options that can be read back, frozen (Fastify 5.12's list). */
export type FastifyInitialConfig = Readonly<{
  connectionTimeout?: number
  keepAliveTimeout?: number
  forceCloseConnections?: boolean
  bodyLimit?: number
  caseSensitive?: boolean
  allowUnsafeRegex?: boolean
  http2?: boolean
  https?: boolean | Readonly<{ allowHTTP1: boolean }>
  ignoreTrailingSlash?: boolean
  ignoreDuplicateSlashes?: boolean
  disableRequestLogging?: boolean | ((req: FastifyRequest) => boolean)
  maxParamLength?: number
  onProtoPoisoning?: ProtoAction
  onConstructorPoisoning?: ConstructorAction
  pluginTimeout?: number
  requestIdHeader?: string | false
  requestIdLogLabel?: string
  http2SessionTimeout?: number
  useSemicolonDelimiter?: boolean
  routerOptions?: FastifyRouterOptions
}>
