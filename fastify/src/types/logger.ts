import type { EnclaveLogger } from '@enclave/core'
import type { Bindings, ChildLoggerOptions, FastifyLogFn, FastifyLoggerStreamDestination, PinoOwnLoggerOptions, ResSerializerReply } from '@enclave/core/internal'
import type { FastifyInstance } from './instance.js'
import type { FastifyReply } from './reply.js'
import type { FastifyRequest } from './request.js'
import type { RouteGenericInterface } from './route.js'
import type { FastifyError } from './schema.js'
import type { FastifyTypeProvider, FastifyTypeProviderDefault } from './type-provider.js'
import type { RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerBase, RawServerDefault } from './utils.js'

/** The logger on `app.log`, `request.log` and `reply.log`: a pino logger, or any object with its methods. */
export interface FastifyBaseLogger extends EnclaveLogger {
  fatal: FastifyLogFn
  error: FastifyLogFn
  warn: FastifyLogFn
  info: FastifyLogFn
  debug: FastifyLogFn
  trace: FastifyLogFn
  silent: FastifyLogFn
  child (bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger
}
export type FastifyLoggerInstance = FastifyBaseLogger
export type {
  Bindings, ChildLoggerOptions, FastifyLogFn, FastifyLoggerStreamDestination, LogLevel, ResSerializerReply
} from '@enclave/core/internal'
/** pino's options, which Enclave hands to pino. */
export type PinoLoggerOptions = PinoOwnLoggerOptions

/**
 * The `logger` factory option as an object, with pino's `PinoLoggerOptions`: how the request, reply
 * and error are serialized, the level, a file or stream to write to.
 */
export interface FastifyLoggerOptions<
  RawServer extends RawServerBase = RawServerDefault,
  RawRequest extends FastifyRequest<RouteGenericInterface, RawServer> = FastifyRequest<RouteGenericInterface, RawServer>,
  RawReply extends FastifyReply<RouteGenericInterface, RawServer> = FastifyReply<RouteGenericInterface, RawServer>
> {
  // The request and reply as the serializers receive them (a reply without its methods, as pino's `res`).
  serializers?: {
    req?: (req: RawRequest) => { method?: string, url?: string, version?: string, host?: string, remoteAddress?: string, remotePort?: number, [key: string]: unknown }
    err?: (err: FastifyError) => { type: string, message: string, stack: string, [key: string]: unknown }
    res?: (res: ResSerializerReply<RawServer, RawReply>) => { statusCode?: string | number, [key: string]: unknown }
  }
  level?: string
  file?: string
  genReqId?: (req: RawRequest) => string
  stream?: FastifyLoggerStreamDestination
}

export interface LogControllerOptions {
  disableRequestLogging?: boolean | ((req: FastifyRequest) => boolean)
  requestIdLogLabel?: string
}
/**
 * Fastify 5.12's `logController` option: what decides and writes the request logs (an instance of
 * Fastify's `LogController` class, or an object with its methods).
 */
export interface LogController {
  disableRequestLogging: boolean | ((req: FastifyRequest) => boolean)
  requestIdLogLabel: string
  isLogDisabled (request: FastifyRequest): boolean
  incomingRequest (request: FastifyRequest, reply: FastifyReply, metadata?: Record<string, unknown>): void
  requestCompleted (error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply, metadata?: Record<string, unknown>): void
  defaultErrorLog (error: Error, request: FastifyRequest, reply: FastifyReply, metadata?: Record<string, unknown>): void
  streamError (error: Error, request: FastifyRequest, reply: FastifyReply, metadata?: Record<string, unknown>): void
  routeNotFound (request: FastifyRequest, reply: FastifyReply, metadata?: Record<string, unknown>): void
  writeHeadError (error: Error, request: FastifyRequest, reply: FastifyReply, metadata?: Record<string, unknown>): void
  serializerError (error: Error, request: FastifyRequest, reply: FastifyReply, metadata: { statusCode: number }): void
  serviceUnavailable (logger: FastifyBaseLogger, server: FastifyInstance): void
}

/** `setChildLoggerFactory`'s function: makes each request's logger from the instance's. */
export interface FastifyChildLoggerFactory<
  RawServer extends RawServerBase = RawServerDefault,
  RawRequest extends RawRequestDefaultExpression<RawServer> = RawRequestDefaultExpression<RawServer>,
  RawReply extends RawReplyDefaultExpression<RawServer> = RawReplyDefaultExpression<RawServer>,
  Logger extends FastifyBaseLogger = FastifyBaseLogger,
  TypeProvider extends FastifyTypeProvider = FastifyTypeProviderDefault
> {
  (this: FastifyInstance<RawServer, RawRequest, RawReply, Logger, TypeProvider>, logger: Logger, bindings: Bindings, childLoggerOpts: ChildLoggerOptions, rawReq: RawRequest): Logger
}
