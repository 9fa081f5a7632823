/**
 * Fastify 5.12's public type names, with Fastify's type parameters, resolving to Enclave's types
 * (declared under ./types/, one concept per file). Enclave's own names are exported as well, so
 * `import type { InferSchema } from 'fastify'` works when `fastify` is this package. Names that
 * both export (`RouteOptions`, `RouteHandler` …) are Fastify's here.
 */
export type * from '@enclave/core'
export type {
  ContextConfigDefault, HTTPMethods, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerBase, RawServerDefault,
  ReplyDefault, RequestBodyDefault, RequestHeadersDefault, RequestParamsDefault, RequestQuerystringDefault
} from './types/utils.js'
export type { EnclaveTypeProvider, FastifyTypeProvider, FastifyTypeProviderDefault, SafePromiseLike } from './types/type-provider.js'
export type {
  FastifyBaseLogger, FastifyLogFn, FastifyLoggerInstance, FastifyLoggerOptions, FastifyLoggerStreamDestination, LogLevel, PinoLoggerOptions
} from './types/logger.js'
export type { FastifyContextConfig, FastifyReplyContext, FastifyRequestContext, FastifyRouteConfig } from './types/context.js'
export type {
  FastifyError, FastifyRouteSchemaDef, FastifySchema, FastifySchemaCompiler, FastifySchemaValidationError, FastifySerializerCompiler,
  FastifyValidationResult, SchemaErrorDataVar, SchemaErrorFormatter, ValidationResult
} from './types/schema.js'
export type { FastifyRequest, FastifyRequestType, RequestGenericInterface, RequestRouteOptions, ResolveFastifyRequestType } from './types/request.js'
export type { FastifyReply, FastifyReplyType, ReplyGenericInterface } from './types/reply.js'
export type { FastifyInstance, FastifyListenOptions, PrintRoutesOptions } from './types/instance.js'
export type {
  RouteGenericInterface, RouteHandler, RouteHandlerMethod, RouteOptions, RouteShorthandMethod, RouteShorthandOptions, RouteShorthandOptionsWithHandler
} from './types/route.js'
export type {
  FastifyPlugin, FastifyPluginAsync, FastifyPluginCallback, FastifyPluginOptions, FastifyRegister, FastifyRegisterOptions, RegisterOptions
} from './types/plugin.js'
export type {
  AddContentTypeParser, ConstructorAction, FastifyBodyParser, FastifyContentTypeParser, ProtoAction,
  getDefaultJsonParser, hasContentTypeParser, removeAllContentTypeParsers, removeContentTypeParser
} from './types/content-type-parser.js'
export type {
  ConnectionError, FastifyErrorCodes, FastifyRouterOptions, FastifyHttp2Options, FastifyHttp2SecureOptions, FastifyHttpOptions, FastifyHttpsOptions,
  FastifyServerFactory, FastifyServerFactoryHandler, FastifyServerOptions
} from './types/server-options.js'
export type { InjectOptions, LightMyRequestCallback, LightMyRequestChain, LightMyRequestResponse } from './types/inject.js'
export type {
  DoneFuncWithErrOrRes, HookHandlerDoneFunction, RequestPayload,
  onCloseAsyncHookHandler, onCloseHookHandler, onErrorAsyncHookHandler, onErrorHookHandler, onListenAsyncHookHandler, onListenHookHandler,
  onReadyAsyncHookHandler, onReadyHookHandler, onRegisterHookHandler, onRequestAbortAsyncHookHandler, onRequestAbortHookHandler,
  onRequestAsyncHookHandler, onRequestHookHandler, onResponseAsyncHookHandler, onResponseHookHandler, onRouteHookHandler,
  onSendAsyncHookHandler, onSendHookHandler, onTimeoutAsyncHookHandler, onTimeoutHookHandler, preCloseAsyncHookHandler, preCloseHookHandler,
  preHandlerAsyncHookHandler, preHandlerHookHandler, preParsingAsyncHookHandler, preParsingHookHandler,
  preSerializationAsyncHookHandler, preSerializationHookHandler, preValidationAsyncHookHandler, preValidationHookHandler
} from './types/hooks.js'
// Names Fastify declares in its `types/*` modules only (`fastify/types/logger` …, which re-export this index).
export type { Bindings, ChildLoggerOptions, FastifyChildLoggerFactory, LogController, LogControllerOptions, ResSerializerReply } from './types/logger.js'
export type { DefaultRoute, RouteConstraint, RouteConstraintType } from './types/route.js'
export type { FindMyWayFindResult } from './types/instance.js'
export type { FastifySchemaControllerOptions } from './types/schema.js'
export type { ResolveReplyTypeWithRouteGeneric } from './types/reply.js'
export type { ValidationFunction } from './types/request.js'
export type { CallSerializerTypeProvider, CallValidatorTypeProvider, ResolveFastifyReplyReturnType, ResolveFastifyReplyType, SendArgs } from './types/type-provider.js'
export type { Autocomplete, CodeToReplyKey, HttpHeader, HttpKeys, RecordKeysToLowercase, ReplyKeysToCodes, StatusCodeReply } from './types/utils.js'
export type {
  ApplicationHook, ApplicationHookAsyncLookup, ApplicationHookLookup, HookAsyncLookup, HookLookup, LifecycleHook, LifecycleHookAsyncLookup, LifecycleHookLookup
} from './types/hooks.js'
