import type { EnclaveLogger } from '@enclave/core'
import type { FastifyInstance } from './instance.js'
import type { FastifyTypeProvider, FastifyTypeProviderDefault } from './type-provider.js'
import type { RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerBase, RawServerDefault } from './utils.js'

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'
export type FastifyLogFn = (...args: unknown[]) => void

/** The logger on `app.log`, `request.log` and `reply.log`: a pino logger, or any object with its methods. */
export interface FastifyBaseLogger extends EnclaveLogger {
  silent (...args: unknown[]): void
  child (bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger
}
export type FastifyLoggerInstance = FastifyBaseLogger

export interface FastifyLoggerStreamDestination {
  write (msg: string): void
}

/** The `logger` factory option as an object: pino's options, which Enclave hands to pino. */
export interface FastifyLoggerOptions<_RawServer extends RawServerBase = RawServerDefault, _RawRequest = unknown, _RawReply = unknown> {
  serializers?: { req?: (req: any) => Record<string, unknown>, err?: (err: any) => Record<string, unknown>, res?: (res: any) => Record<string, unknown>, [name: string]: ((value: any) => unknown) | undefined }
  level?: string
  file?: string
  genReqId?: (req: any) => string
  stream?: FastifyLoggerStreamDestination
  transport?: unknown
  redact?: string[] | { paths: string[], censor?: unknown, remove?: boolean }
  [pinoOption: string]: unknown
}
export type PinoLoggerOptions = Record<string, unknown>

/** What `child()` binds into every line of the child logger. */
export type Bindings = Record<string, unknown>
/** The options `child()` takes (pino's child options). */
export interface ChildLoggerOptions {
  level?: string
  serializers?: Record<string, (value: any) => unknown>
  redact?: string[] | { paths: string[], censor?: string | ((value: any, path: string[]) => any), remove?: boolean }
  msgPrefix?: string
}

/** What the `res` serializer receives: the reply, its status code always there. */
export type ResSerializerReply<_RawServer extends RawServerBase, RawReply extends { statusCode: number }> = Partial<RawReply> & Pick<RawReply, 'statusCode'>

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
