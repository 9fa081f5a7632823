import type * as http from 'node:http'
import type * as http2 from 'node:http2'
import type * as https from 'node:https'
import type { EnclaveOptions, errorCodes } from '@enclave/core'
import type { Socket } from 'node:net'
import type { ConnectionError, FastifyServerFactory } from '@enclave/core/internal'
import type { FastifyInstance } from './instance.js'
import type { FastifyBaseLogger, FastifyLoggerOptions } from './logger.js'
import type { FastifyReply } from './reply.js'
import type { FastifyRequest } from './request.js'
import type { RouteGenericInterface } from './route.js'
import type { FastifyError, FastifySchema, FastifySchemaControllerOptions, SchemaErrorFormatter } from './schema.js'
import type { FastifyTypeProvider, FastifyTypeProviderDefault } from './type-provider.js'
import type { ContextConfigDefault, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerBase, RawServerDefault } from './utils.js'

export type { ConnectionError, FastifyServerFactory, FastifyServerFactoryHandler } from '@enclave/core/internal'

/**
 * The factory's options: Enclave's options, which are Fastify v4's (run at Fastify's values by
 * `@enclave/fastify4`), with the logger typed by the `Logger` parameter.
 */
export type FastifyServerOptions<
  RawServer extends RawServerBase = RawServerDefault,
  Logger extends FastifyBaseLogger = FastifyBaseLogger
> = Omit<EnclaveOptions, FastifyTypedOptions> & {
  logger?: boolean | FastifyLoggerOptions<RawServer> | Logger
  serverFactory?: FastifyServerFactory<RawServer>
  /** `this` is the root instance. */
  rewriteUrl?: (this: FastifyInstance<RawServer, RawRequestDefaultExpression<RawServer>, RawReplyDefaultExpression<RawServer>, Logger, FastifyTypeProviderDefault>, req: RawRequestDefaultExpression<RawServer>) => string
  schemaErrorFormatter?: SchemaErrorFormatter
  clientErrorHandler?: (error: ConnectionError, socket: Socket) => void
  frameworkErrors?: <RequestGeneric extends RouteGenericInterface = RouteGenericInterface, TypeProvider extends FastifyTypeProvider = FastifyTypeProviderDefault, SchemaCompiler extends FastifySchema = FastifySchema>(
    error: FastifyError,
    req: FastifyRequest<RequestGeneric, RawServer, RawRequestDefaultExpression<RawServer>, SchemaCompiler, TypeProvider>,
    res: FastifyReply<RawServer, RawRequestDefaultExpression<RawServer>, RawReplyDefaultExpression<RawServer>, RequestGeneric, ContextConfigDefault, SchemaCompiler, TypeProvider>
  ) => void
  schemaController?: FastifySchemaControllerOptions
}
/** Factory options Fastify's types give Fastify's request, reply, instance and error types (declared above). */
type FastifyTypedOptions = 'logger' | 'serverFactory' | 'rewriteUrl' | 'schemaErrorFormatter' | 'clientErrorHandler' | 'frameworkErrors' | 'schemaController'

export type FastifyHttpOptions<Server extends http.Server, Logger extends FastifyBaseLogger = FastifyBaseLogger> =
  FastifyServerOptions<Server, Logger> & { http?: http.ServerOptions | null }
export type FastifyHttpsOptions<Server extends https.Server, Logger extends FastifyBaseLogger = FastifyBaseLogger> =
  FastifyServerOptions<Server, Logger> & { https: https.ServerOptions | null }
export type FastifyHttp2Options<Server extends http2.Http2Server, Logger extends FastifyBaseLogger = FastifyBaseLogger> =
  FastifyServerOptions<Server, Logger> & { http2: true, http2SessionTimeout?: number }
export type FastifyHttp2SecureOptions<Server extends http2.Http2SecureServer, Logger extends FastifyBaseLogger = FastifyBaseLogger> =
  FastifyServerOptions<Server, Logger> & { http2: true, https: http2.SecureServerOptions, http2SessionTimeout?: number }

/** `fastify.errorCodes`: each error constructor by its `FST_ERR_*` code. */
export type FastifyErrorCodes = typeof errorCodes
