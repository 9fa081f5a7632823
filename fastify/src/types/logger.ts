import type { EnclaveLogger } from '@enclave/core'
import type { RawServerBase, RawServerDefault } from './utils.js'

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'
export type FastifyLogFn = (...args: unknown[]) => void

/** The logger on `app.log`, `request.log` and `reply.log`: a pino logger, or any object with its methods. */
export interface FastifyBaseLogger extends EnclaveLogger {
  child (bindings: Record<string, unknown>, options?: { level?: string, serializers?: Record<string, unknown> }): FastifyBaseLogger
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
