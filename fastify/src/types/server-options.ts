import type * as http from 'node:http'
import type * as http2 from 'node:http2'
import type * as https from 'node:https'
import type { EnclaveOptions } from '@enclave/core'
import type { errorCodes } from '../lib/error-codes.js'
import type { Socket } from 'node:net'
import type { Ajv, AjvOptions, AjvPlugin, ConnectionError, FastifyServerFactory, FindMyWayConfig, FindMyWayConstraintStrategy, FindMyWayVersion } from '@enclave/core/internal'
import type { FastifyInstance } from './instance.js'
import type { FastifyBaseLogger, FastifyChildLoggerFactory, FastifyLoggerOptions, LogController, PinoLoggerOptions } from './logger.js'
import type { FastifyReply } from './reply.js'
import type { FastifyRequest } from './request.js'
import type { RouteGenericInterface } from './route.js'
import type { FastifyError, FastifySchema, FastifySchemaControllerOptions, SchemaErrorFormatter } from './schema.js'
import type { FastifyTypeProvider, FastifyTypeProviderDefault } from './type-provider.js'
import type { ContextConfigDefault, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerBase, RawServerDefault } from './utils.js'

export type { ConnectionError, FastifyServerFactory, FastifyServerFactoryHandler } from '@enclave/core/internal'

/**
 * Fastify 5's `routerOptions`: find-my-way's settings in one group (which win over the same names
 * given at the top level), the raw handlers typed by the server.
 */
export type FastifyRouterOptions<RawServer extends RawServerBase = RawServerDefault> =
  Omit<FindMyWayConfig<FindMyWayVersion<RawServer>>, 'defaultRoute' | 'onBadUrl' | 'onMaxParamLength' | 'querystringParser'> & {
    compile?: boolean
    defaultRoute?: (req: RawRequestDefaultExpression<RawServer>, res: RawReplyDefaultExpression<RawServer>) => void
    onBadUrl?: (path: string, req: RawRequestDefaultExpression<RawServer>, res: RawReplyDefaultExpression<RawServer>) => void
    onMaxParamLength?: (path: string, req: RawRequestDefaultExpression<RawServer>, res: RawReplyDefaultExpression<RawServer>) => void
    querystringParser?: (str: string) => { [key: string]: unknown }
  }

/**
 * The factory's options as Fastify 5.12 types them, over Enclave's options (run at Fastify 5's
 * values by `@enclave/fastify`): `logger` is `true` or pino's options, a ready logger goes in
 * `loggerInstance` (typed by the `Logger` parameter), router settings may go in `routerOptions`.
 */
export type FastifyServerOptions<
  RawServer extends RawServerBase = RawServerDefault,
  Logger extends FastifyBaseLogger = FastifyBaseLogger
> = Omit<EnclaveOptions, FastifyTypedOptions> & {
  logger?: boolean | (FastifyLoggerOptions<RawServer> & PinoLoggerOptions)
  loggerInstance?: Logger
  /** @deprecated in Fastify 5.12: give `logController` instead. */
  disableRequestLogging?: boolean | ((req: FastifyRequest) => boolean)
  logController?: LogController
  forceCloseConnections?: boolean | 'idle'
  /** Milliseconds a handler may take before the request is aborted with FST_ERR_HANDLER_TIMEOUT (0: none). */
  handlerTimeout?: number
  /** When false, a second `setErrorHandler` in the same context throws FST_ERR_ERROR_HANDLER_ALREADY_SET. */
  allowErrorHandlerOverride?: boolean
  routerOptions?: FastifyRouterOptions<RawServer>
  constraints?: { [name: string]: FindMyWayConstraintStrategy<FindMyWayVersion<RawServer>, unknown> }
  childLoggerFactory?: FastifyChildLoggerFactory
  /** Which proxies to trust (Fastify 5's types take no hop count; the number form still works at run time). */
  trustProxy?: boolean | string | string[] | ((address: string, hop: number) => boolean)
  /** Options of the default validator compiler: Ajv's options, Ajv plugins (each returns the Ajv instance). */
  ajv?: { customOptions?: AjvOptions, plugins?: Array<AjvPlugin | [AjvPlugin, unknown]>, onCreate?: (ajvInstance: Ajv) => void }
  serverFactory?: FastifyServerFactory<RawServer>
  /** `this` is the root instance. */
  rewriteUrl?: (this: FastifyInstance<RawServer, RawRequestDefaultExpression<RawServer>, RawReplyDefaultExpression<RawServer>, Logger, FastifyTypeProviderDefault>, req: RawRequestDefaultExpression<RawServer>) => string
  schemaErrorFormatter?: SchemaErrorFormatter
  clientErrorHandler?: (error: ConnectionError, socket: Socket) => void
  frameworkErrors?: <RequestGeneric extends RouteGenericInterface = RouteGenericInterface, TypeProvider extends FastifyTypeProvider = FastifyTypeProviderDefault, SchemaCompiler extends FastifySchema = FastifySchema>(
    error: FastifyError,
    req: FastifyRequest<RequestGeneric, RawServer, RawRequestDefaultExpression<RawServer>, SchemaCompiler, TypeProvider>,
    res: FastifyReply<RequestGeneric, RawServer, RawRequestDefaultExpression<RawServer>, RawReplyDefaultExpression<RawServer>, ContextConfigDefault, SchemaCompiler, TypeProvider>
  ) => void
  schemaController?: FastifySchemaControllerOptions
}
/** Factory options Fastify's types give Fastify's request, reply, instance and error types (declared above). */
type FastifyTypedOptions = 'constraints' | 'logger' | 'loggerInstance' | 'trustProxy' | 'ajv' | 'disableRequestLogging' | 'forceCloseConnections' | 'childLoggerFactory' | 'serverFactory' | 'rewriteUrl' | 'schemaErrorFormatter' | 'clientErrorHandler' | 'frameworkErrors' | 'schemaController'

export type FastifyHttpOptions<Server extends http.Server, Logger extends FastifyBaseLogger = FastifyBaseLogger> =
  FastifyServerOptions<Server, Logger> & { http?: http.ServerOptions | null }
export type FastifyHttpsOptions<Server extends https.Server, Logger extends FastifyBaseLogger = FastifyBaseLogger> =
  FastifyServerOptions<Server, Logger> & { https: https.ServerOptions | null }
export type FastifyHttp2Options<Server extends http2.Http2Server, Logger extends FastifyBaseLogger = FastifyBaseLogger> =
  FastifyServerOptions<Server, Logger> & { http2: true, http2SessionTimeout?: number }
export type FastifyHttp2SecureOptions<Server extends http2.Http2SecureServer, Logger extends FastifyBaseLogger = FastifyBaseLogger> =
  FastifyServerOptions<Server, Logger> & { http2: true, https: http2.SecureServerOptions, http2SessionTimeout?: number }

/** `fastify.errorCodes`: each error constructor by its `FST_ERR_*` code (the codes Fastify 5 has). */
export type FastifyErrorCodes = typeof errorCodes
