// Every type name Fastify v4.29 exports from `fastify` is exported by @enclave/fastify4, with
// Fastify's type-parameter lists (the full lists are spelled out below). Checked by tsc, never run.
import type {
  AddContentTypeParser,
  ConnectionError,
  ConstructorAction,
  ContextConfigDefault,
  DoneFuncWithErrOrRes,
  FastifyBaseLogger,
  FastifyBodyParser,
  FastifyContentTypeParser,
  FastifyContextConfig,
  FastifyError,
  FastifyErrorCodes,
  FastifyHttp2Options,
  FastifyHttp2SecureOptions,
  FastifyHttpOptions,
  FastifyHttpsOptions,
  FastifyInstance,
  FastifyListenOptions,
  FastifyLogFn,
  FastifyLoggerInstance,
  FastifyLoggerOptions,
  FastifyPlugin,
  FastifyPluginAsync,
  FastifyPluginCallback,
  FastifyPluginOptions,
  FastifyRegister,
  FastifyRegisterOptions,
  FastifyReply,
  FastifyReplyContext,
  FastifyRequest,
  FastifyRequestContext,
  FastifySchema,
  FastifySchemaCompiler,
  FastifyServerFactory,
  FastifyServerFactoryHandler,
  FastifyServerOptions,
  FastifyTypeProvider,
  FastifyTypeProviderDefault,
  getDefaultJsonParser,
  hasContentTypeParser,
  HookHandlerDoneFunction,
  HTTPMethods,
  InjectOptions,
  LightMyRequestCallback,
  LightMyRequestChain,
  LightMyRequestResponse,
  LogLevel,
  onCloseAsyncHookHandler,
  onCloseHookHandler,
  onErrorAsyncHookHandler,
  onErrorHookHandler,
  onListenAsyncHookHandler,
  onListenHookHandler,
  onReadyAsyncHookHandler,
  onReadyHookHandler,
  onRegisterHookHandler,
  onRequestAbortAsyncHookHandler,
  onRequestAbortHookHandler,
  onRequestAsyncHookHandler,
  onRequestHookHandler,
  onResponseAsyncHookHandler,
  onResponseHookHandler,
  onRouteHookHandler,
  onSendAsyncHookHandler,
  onSendHookHandler,
  onTimeoutAsyncHookHandler,
  onTimeoutHookHandler,
  preCloseAsyncHookHandler,
  preCloseHookHandler,
  preHandlerAsyncHookHandler,
  preHandlerHookHandler,
  preParsingAsyncHookHandler,
  preParsingHookHandler,
  preSerializationAsyncHookHandler,
  preSerializationHookHandler,
  preValidationAsyncHookHandler,
  preValidationHookHandler,
  PrintRoutesOptions,
  ProtoAction,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerBase,
  RawServerDefault,
  RegisterOptions,
  RequestBodyDefault,
  RequestGenericInterface,
  RequestHeadersDefault,
  RequestParamsDefault,
  RequestPayload,
  RequestQuerystringDefault,
  RouteGenericInterface,
  RouteHandler,
  RouteHandlerMethod,
  RouteOptions,
  RouteShorthandMethod,
  RouteShorthandOptions,
  RouteShorthandOptionsWithHandler,
  ValidationResult
} from 'fastify'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import fastify, { errorCodes } from 'fastify'
import { assertType, type Equal } from './expect.js'

type Generic = { Body: { n: number }, Querystring: { q: string }, Params: { id: string }, Headers: { 'x-a': string }, Reply: { ok: boolean } }
interface Schema extends FastifySchema { body: { type: 'object' } }

// Fastify v4's full parameter lists are accepted.
export type Instance = FastifyInstance<Server, IncomingMessage, ServerResponse, FastifyBaseLogger, FastifyTypeProviderDefault>
export type Request = FastifyRequest<Generic, Server, IncomingMessage, Schema, FastifyTypeProviderDefault, ContextConfigDefault, FastifyBaseLogger>
export type Reply = FastifyReply<Server, IncomingMessage, ServerResponse, Generic, ContextConfigDefault, Schema, FastifyTypeProviderDefault>
export type Options = RouteShorthandOptions<Server, IncomingMessage, ServerResponse, Generic, ContextConfigDefault, Schema, FastifyTypeProviderDefault, FastifyBaseLogger>
export type Route = RouteOptions<Server, IncomingMessage, ServerResponse, Generic, ContextConfigDefault, Schema, FastifyTypeProviderDefault, FastifyBaseLogger>
export type Handler = RouteHandlerMethod<Server, IncomingMessage, ServerResponse, Generic, ContextConfigDefault, Schema, FastifyTypeProviderDefault, FastifyBaseLogger>
export type Handler2 = RouteHandler<Generic, Server, IncomingMessage, ServerResponse, ContextConfigDefault, Schema, FastifyTypeProviderDefault, FastifyBaseLogger>
export type Shorthand = RouteShorthandMethod<Server, IncomingMessage, ServerResponse, FastifyTypeProviderDefault, FastifyBaseLogger>
export type WithHandler = RouteShorthandOptionsWithHandler<Server, IncomingMessage, ServerResponse, Generic>
export type PluginCb = FastifyPluginCallback<{ a: string }, Server, FastifyTypeProviderDefault, FastifyBaseLogger>
export type PluginAsync = FastifyPluginAsync<{ a: string }, Server, FastifyTypeProviderDefault, FastifyBaseLogger>
export type Plugin = FastifyPlugin<{ a: string }>
export type ServerOptions = FastifyServerOptions<Server, FastifyBaseLogger>
export type HttpOptions = FastifyHttpOptions<Server, FastifyBaseLogger>
export type SchemaCompiler = FastifySchemaCompiler<{ type: 'string' }>
export type BodyParser = FastifyBodyParser<string, Server, IncomingMessage, Generic, Schema, FastifyTypeProviderDefault>
export type ContentTypeParser = FastifyContentTypeParser<Server, IncomingMessage, Generic, Schema, FastifyTypeProviderDefault>
export type Register = FastifyRegister<Instance, Server, FastifyTypeProviderDefault, FastifyBaseLogger>
export type RegisterOpts = FastifyRegisterOptions<{ a: string }>
export type Factory = FastifyServerFactory<Server>
export type FactoryHandler = FastifyServerFactoryHandler<Server, IncomingMessage, ServerResponse>
export type LoggerOptions = FastifyLoggerOptions<Server>
export type RequestContext = FastifyRequestContext<{ a: 1 }>
export type OnRequest = onRequestHookHandler<Server, IncomingMessage, ServerResponse, Generic, ContextConfigDefault, Schema, FastifyTypeProviderDefault, FastifyBaseLogger>
export type OnSend = onSendHookHandler<string, Server, IncomingMessage, ServerResponse, Generic, ContextConfigDefault, Schema, FastifyTypeProviderDefault, FastifyBaseLogger>
export type PreSerialization = preSerializationAsyncHookHandler<{ a: 1 }, Server, IncomingMessage, ServerResponse, Generic>
export type OnError = onErrorHookHandler<Server, IncomingMessage, ServerResponse, Generic, ContextConfigDefault, FastifyError, Schema, FastifyTypeProviderDefault, FastifyBaseLogger>
export type OnRegister = onRegisterHookHandler<Server, IncomingMessage, ServerResponse, FastifyBaseLogger, FastifyTypeProviderDefault, { a: string }>
export type OnClose = onCloseAsyncHookHandler<Server, IncomingMessage, ServerResponse, FastifyBaseLogger, FastifyTypeProviderDefault>
export type Raw = [RawServerBase, RawServerDefault, RawRequestDefaultExpression<Server>, RawReplyDefaultExpression<Server>]
export type Defaults = [RequestBodyDefault, RequestQuerystringDefault, RequestParamsDefault, RequestHeadersDefault]
export type Misc = [HTTPMethods, LogLevel, FastifyLogFn, FastifyLoggerInstance, ProtoAction, ConstructorAction, PrintRoutesOptions,
  FastifyListenOptions, InjectOptions, LightMyRequestResponse, LightMyRequestCallback, LightMyRequestChain, RegisterOptions,
  RequestGenericInterface, RouteGenericInterface, FastifyPluginOptions, FastifyContextConfig, FastifyReplyContext, DoneFuncWithErrOrRes,
  HookHandlerDoneFunction, RequestPayload, FastifyTypeProvider, FastifyErrorCodes, hasContentTypeParser, getDefaultJsonParser,
  AddContentTypeParser, ConnectionError, ValidationResult, FastifyHttpsOptions<import('node:https').Server>,
  FastifyHttp2Options<import('node:http2').Http2Server>, FastifyHttp2SecureOptions<import('node:http2').Http2SecureServer>,
  onRequestAsyncHookHandler, preParsingHookHandler, preParsingAsyncHookHandler, preValidationHookHandler, preValidationAsyncHookHandler,
  preHandlerHookHandler, preHandlerAsyncHookHandler, preSerializationHookHandler, onSendAsyncHookHandler, onResponseHookHandler,
  onResponseAsyncHookHandler, onErrorAsyncHookHandler, onTimeoutHookHandler, onTimeoutAsyncHookHandler, onRequestAbortHookHandler,
  onRequestAbortAsyncHookHandler, onRouteHookHandler, onReadyHookHandler, onReadyAsyncHookHandler, onListenHookHandler,
  onListenAsyncHookHandler, preCloseHookHandler, preCloseAsyncHookHandler, onCloseHookHandler]

// The parameters carry their meaning: parts from the generic, the reply from `Reply`.
declare const request: Request
assertType<Equal<typeof request.body, { n: number }>>()
assertType<Equal<typeof request.query, { q: string }>>()
assertType<Equal<typeof request.params, { id: string }>>()
declare const reply: Reply
reply.send({ ok: true })
// @ts-expect-error the reply's payload is the generic's Reply
reply.send({ ok: 'yes' })

// The factory takes Fastify's type arguments and returns the instance they describe.
const app = fastify<Server, IncomingMessage, ServerResponse, FastifyBaseLogger>({ logger: false })
assertType<Equal<typeof app, Instance & PromiseLike<Instance>>>()
const codes: FastifyErrorCodes = errorCodes

// Hook handler types fit addHook and route options.
const onRequest: OnRequest = function (req, _reply, done) { this.log.info(req.id); done() }
const onClose: OnClose = async function (instance) { instance.log.info('closing') }
app.addHook('onRequest', onRequest as onRequestHookHandler)
app.addHook('onClose', onClose)
const preHandler: preHandlerAsyncHookHandler = async (req) => { req.log.info('pre') }
// Route options type hooks by their callback form (so an inline hook's parameters are typed); an async one fits it.
// eslint-disable-next-line @typescript-eslint/no-misused-promises
app.get('/', { preHandler }, async () => 'ok')

export { codes }
