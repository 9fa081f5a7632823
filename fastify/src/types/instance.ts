import type { AddressInfo } from 'node:net'
import type { EnclaveInstance, EnclaveInstanceCore, EnclaveRequest, EnclaveReply, ListenOptions } from '@enclave/core'
import type { AddContentTypeParser, FastifyBodyParser, getDefaultJsonParser, removeAllContentTypeParsers, removeContentTypeParser } from './content-type-parser.js'
import type { FastifyContextConfig } from './context.js'
import type {
  onCloseAsyncHookHandler, onCloseHookHandler, onErrorAsyncHookHandler, onErrorHookHandler, onListenAsyncHookHandler, onListenHookHandler,
  onReadyAsyncHookHandler, onReadyHookHandler, onRegisterHookHandler, onRequestAbortAsyncHookHandler, onRequestAbortHookHandler,
  onRequestAsyncHookHandler, onRequestHookHandler, onResponseAsyncHookHandler, onResponseHookHandler, onRouteHookHandler,
  onSendAsyncHookHandler, onSendHookHandler, onTimeoutAsyncHookHandler, onTimeoutHookHandler, preCloseAsyncHookHandler, preCloseHookHandler,
  preHandlerAsyncHookHandler, preHandlerHookHandler, preParsingAsyncHookHandler, preParsingHookHandler,
  preSerializationAsyncHookHandler, preSerializationHookHandler, preValidationAsyncHookHandler, preValidationHookHandler
} from './hooks.js'
import type { FastifyPluginOptions } from './plugin.js'
import type { RouteGenericInterface, RouteHandlerMethod, RouteOptions, RouteShorthandMethod } from './route.js'
import type { FastifyError, FastifySchema } from './schema.js'
import type { FastifyBaseLogger } from './logger.js'
import type { FastifyReply } from './reply.js'
import type { FastifyRequest } from './request.js'
import type { FastifyTypeProvider, FastifyTypeProviderDefault } from './type-provider.js'
import type { ContextConfigDefault, HTTPMethods, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerBase, RawServerDefault } from './utils.js'

/**
 * What `declare module 'fastify' { interface FastifyRequest { … } }` (an app's or a plugin's) added
 * to the request: the members Enclave's request does not have, plus the Fastify-typed ones
 * (`server`, `routeOptions` …) that carry other augmentations.
 */
type AddedToRequest = Omit<FastifyRequest, Exclude<keyof EnclaveRequest, 'server' | 'routeOptions' | 'routeConfig'>>
type AddedToReply = Omit<FastifyReply, Exclude<keyof EnclaveReply, 'server' | 'request' | 'routeOptions'>>

/**
 * Fastify v4's instance: Enclave's instance under Fastify's name and type parameters (the raw
 * server, request and reply types, the logger and the type provider are accepted and do not change
 * what Enclave infers). An interface, so `declare module 'fastify' { interface FastifyInstance { db: Db } }`
 * adds to it. The request and reply of every route and hook declared on it carry what was added to
 * `FastifyRequest` and `FastifyReply`, through the same carrier `decorateRequest()` uses.
 */
export interface FastifyInstance<
  RawServer extends RawServerBase = RawServerDefault,
  RawRequest extends RawRequestDefaultExpression<RawServer> = RawRequestDefaultExpression<RawServer>,
  RawReply extends RawReplyDefaultExpression<RawServer> = RawReplyDefaultExpression<RawServer>,
  Logger extends FastifyBaseLogger = FastifyBaseLogger,
  TypeProvider extends FastifyTypeProvider = FastifyTypeProviderDefault
> extends EnclaveInstanceCore {
  // `raw` follows the server type, as Fastify's generics give it (HTTP/2's compatibility objects).
  readonly '~decorations'?: {
    readonly request: AddedToRequest & { raw: RawRequest }
    readonly reply: AddedToReply & { raw: RawReply }
    readonly routeConfig?: FastifyContextConfig
  }
  /** Marks plugins typed for this instance, so an `enclave()` app can register them too (see core's register). */
  readonly '~face'?: 'fastify'
  readonly log: Logger
  /** The route a method and url lead to (typed without `null`, as Fastify 4.29 types it; `null` at run time when none). */
  findRoute (opts: { method: string, url: string, constraints?: Record<string, unknown> }): Omit<FindMyWayFindResult<RawServer>, 'store'>
  /** `http://host:port` once listening. */
  readonly listeningOrigin: string
  addresses (): AddressInfo[]
  /** Any schema object with an `$id` (Fastify types the argument as `unknown`; a missing `$id` throws FST_ERR_SCH_MISSING_ID). */
  addSchema (schema: unknown): this

  decorate: FastifyDecorationMethod<FastifyInstance<RawServer, RawRequest, RawReply, Logger, TypeProvider>>
  decorateRequest: FastifyDecorationMethod<FastifyRequest, FastifyInstance<RawServer, RawRequest, RawReply, Logger, TypeProvider>>
  decorateReply: FastifyDecorationMethod<FastifyReply, FastifyInstance<RawServer, RawRequest, RawReply, Logger, TypeProvider>>
  setErrorHandler<TError extends Error = FastifyError, RouteGeneric extends RouteGenericInterface = RouteGenericInterface, SchemaCompiler extends FastifySchema = FastifySchema, HandlerTypeProvider extends FastifyTypeProvider = TypeProvider> (
    handler: (
      this: FastifyInstance<RawServer, RawRequest, RawReply, Logger, TypeProvider>,
      error: TError,
      request: FastifyRequest<RouteGeneric, RawServer, RawRequest, SchemaCompiler, HandlerTypeProvider>,
      reply: FastifyReply<RawServer, RawRequest, RawReply, RouteGeneric, ContextConfigDefault, SchemaCompiler, HandlerTypeProvider>
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
  route<RouteGeneric extends RouteGenericInterface = RouteGenericInterface, ContextConfig = ContextConfigDefault, const SchemaCompiler extends FastifySchema = FastifySchema, const Path extends string = string> (opts: RouteOptions<RawServer, RawRequest, RawReply, RouteGeneric, ContextConfig, SchemaCompiler, TypeProvider, Logger, Path>): FastifyInstance<RawServer, RawRequest, RawReply, Logger, TypeProvider>
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
  addHook<Fn extends onCloseHookHandler<RawServer, RawRequest, RawReply, Logger, TypeProvider> | onCloseAsyncHookHandler<RawServer, RawRequest, RawReply, Logger, TypeProvider> = onCloseHookHandler<RawServer, RawRequest, RawReply, Logger, TypeProvider>> (name: 'onClose', hook: HookStyle<Fn, onCloseAsyncHookHandler<RawServer, RawRequest, RawReply, Logger, TypeProvider>, onCloseHookHandler>): FastifyInstance<RawServer, RawRequest, RawReply, Logger, TypeProvider>
}

/** `Async` when the hook given is an async function, else `Callback` (each checked on its own). */
/** A decoration's value: the value, or a getter (and setter) whose `this` is the decorated object. */
type DecorationValue<This, T> = T | { getter: (this: This) => T, setter?: (this: This, value: T) => void }

/**
 * Fastify's `decorate`, `decorateRequest` and `decorateReply`: the type argument is the decoration's
 * type, checked against what the types already declare under that name; a function value gets the
 * decorated object as `this`.
 */
export interface FastifyDecorationMethod<This, Return = This> {
  <T extends (Name extends keyof This ? This[Name] : unknown), Name extends string | symbol = string | symbol> (
    property: Name,
    value: DecorationValue<This, T extends (...args: any[]) => any ? (this: This, ...args: Parameters<T>) => ReturnType<T> : T>,
    dependencies?: string[]
  ): Return
  (property: string | symbol): Return
  (property: string | symbol, value: null): Return
  (property: string | symbol, value: null | undefined, dependencies: string[]): Return
}

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

/** A route find-my-way finds: the route's options, the params the url carries, and the router's store. */
export type FindMyWayFindResult<_RawServer extends RawServerBase = RawServerDefault> = NonNullable<ReturnType<EnclaveInstance['findRoute']>> & { store: unknown }
