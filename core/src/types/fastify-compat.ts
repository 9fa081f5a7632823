/**
 * Fastify's type names for Enclave's types, so a TypeScript Fastify app compiles after changing
 * its import. Instance, request and reply are the same interfaces under a second name, so
 * `declare module '@enclave/core' { interface FastifyRequest { user: User } }` augments Enclave's
 * request as it augmented Fastify's. Type parameters Fastify has and Enclave does not need (raw
 * server, logger, type provider …) are accepted and ignored.
 */
import type { Server } from 'node:http'
import type { EnclaveLogger } from '../logging/logger.js'
import type { ApplicationHooks, EnclaveHandledError, HookDone, RequestHooks } from './hooks.js'
import type { EnclaveInstance, ListenOptions, RouteShorthand } from './instance.js'
import type { EnclaveOptions } from './options.js'
import type { EnclavePluginAsync, EnclavePluginCallback, EnclavePluginOptions, EnclaveRegisterOptions } from './plugin.js'
import type { RouteHandler } from './route.js'
import type { RouteGeneric, RouteSchema } from './route-types.js'
import type { SerializerCompiler, ValidatorCompiler } from './schema.js'

export type { EnclaveInstance as FastifyInstance } from './instance.js'
export type { EnclaveRequest as FastifyRequest } from './request.js'
export type { EnclaveReply as FastifyReply } from './reply.js'

export type FastifyPluginAsync<O = EnclavePluginOptions, _RawServer = Server, _TypeProvider = unknown, _Logger = unknown> = EnclavePluginAsync<O, EnclaveInstance>
export type FastifyPluginCallback<O = EnclavePluginOptions, _RawServer = Server, _TypeProvider = unknown, _Logger = unknown> = EnclavePluginCallback<O, EnclaveInstance>
export type FastifyPluginOptions = EnclavePluginOptions
export type FastifyRegisterOptions<O> = EnclaveRegisterOptions<O>
export type FastifyServerOptions<_RawServer = Server, _Logger = unknown> = EnclaveOptions
export type FastifyHttpOptions<_RawServer = Server, _Logger = unknown> = EnclaveOptions
export type FastifyListenOptions = ListenOptions
export type FastifySchema = RouteSchema
export type RouteGenericInterface = RouteGeneric
export type FastifyError = EnclaveHandledError
export type FastifyBaseLogger = EnclaveLogger
export type FastifyLoggerInstance = EnclaveLogger
export type FastifySchemaCompiler<_T = unknown> = ValidatorCompiler
export type FastifySerializerCompiler<_T = unknown> = SerializerCompiler
export type RawServerDefault = Server
export type RouteShorthandMethod = RouteShorthand
export type HookHandlerDoneFunction = HookDone

/** Fastify's handler type puts the raw server first and the route generic fourth. */
export type RouteHandlerMethod<_RawServer = Server, _RawRequest = unknown, _RawReply = unknown, G extends RouteGeneric = RouteGeneric> = RouteHandler<G>

export type onRequestHookHandler = RequestHooks['onRequest']
export type onRequestAsyncHookHandler = RequestHooks['onRequest']
export type preParsingHookHandler = RequestHooks['preParsing']
export type preParsingAsyncHookHandler = RequestHooks['preParsing']
export type preValidationHookHandler = RequestHooks['preValidation']
export type preValidationAsyncHookHandler = RequestHooks['preValidation']
export type preHandlerHookHandler = RequestHooks['preHandler']
export type preHandlerAsyncHookHandler = RequestHooks['preHandler']
export type preSerializationHookHandler = RequestHooks['preSerialization']
export type preSerializationAsyncHookHandler = RequestHooks['preSerialization']
export type onSendHookHandler = RequestHooks['onSend']
export type onSendAsyncHookHandler = RequestHooks['onSend']
export type onResponseHookHandler = RequestHooks['onResponse']
export type onResponseAsyncHookHandler = RequestHooks['onResponse']
export type onErrorHookHandler = RequestHooks['onError']
export type onErrorAsyncHookHandler = RequestHooks['onError']
export type onTimeoutHookHandler = RequestHooks['onTimeout']
export type onTimeoutAsyncHookHandler = RequestHooks['onTimeout']
export type onRequestAbortHookHandler = RequestHooks['onRequestAbort']
export type onRequestAbortAsyncHookHandler = RequestHooks['onRequestAbort']
export type onRouteHookHandler = ApplicationHooks['onRoute']
export type onRegisterHookHandler = ApplicationHooks['onRegister']
export type onReadyHookHandler = ApplicationHooks['onReady']
export type onReadyAsyncHookHandler = ApplicationHooks['onReady']
export type onListenHookHandler = ApplicationHooks['onListen']
export type onListenAsyncHookHandler = ApplicationHooks['onListen']
export type preCloseHookHandler = ApplicationHooks['preClose']
export type preCloseAsyncHookHandler = ApplicationHooks['preClose']
export type onCloseHookHandler = ApplicationHooks['onClose']
export type onCloseAsyncHookHandler = ApplicationHooks['onClose']
