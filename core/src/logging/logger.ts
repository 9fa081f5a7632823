import { pino, type Logger as PinoLogger, type LoggerOptions, type LevelWithSilent } from 'pino'
import { errorCodes } from '../errors/codes.js'

/** The subset of pino's API Enclave and plugins rely on. */
export interface EnclaveLogger {
  level: string
  fatal (...args: unknown[]): void
  error (...args: unknown[]): void
  warn (...args: unknown[]): void
  info (...args: unknown[]): void
  debug (...args: unknown[]): void
  trace (...args: unknown[]): void
  silent? (...args: unknown[]): void
  child (bindings: Record<string, unknown>, options?: { level?: string }): EnclaveLogger
}

const requiredMethods = ['info', 'error', 'debug', 'fatal', 'warn', 'trace', 'child'] as const

function noop (): void {}

/**
 * With logging off, every request shares this one logger: creating a child per request would
 * cost an allocation for nothing.
 */
export const disabledLogger: EnclaveLogger = {
  level: 'silent',
  fatal: noop,
  error: noop,
  warn: noop,
  info: noop,
  debug: noop,
  trace: noop,
  silent: noop,
  child: function disabledChild () { return disabledLogger }
}

function isLoggerInstance (value: object): value is EnclaveLogger {
  return typeof (value as EnclaveLogger).child === 'function' && typeof (value as EnclaveLogger).info === 'function'
}

const requestSerializers = {
  req: function serializeRequest (req: { method?: string, url?: string, hostname?: string, ip?: string, socket?: { remotePort?: number } }) {
    return {
      method: req.method,
      url: req.url,
      hostname: req.hostname,
      remoteAddress: req.ip,
      remotePort: req.socket?.remotePort
    }
  },
  res: function serializeReply (reply: { statusCode: number }) {
    return { statusCode: reply.statusCode }
  }
}

export interface LoggerSetting {
  logger: EnclaveLogger
  enabled: boolean
}

/** `logger` option: false | true | pino options | an existing pino-compatible instance. */
export function createLogger (option: unknown): LoggerSetting {
  if (option === undefined || option === false || option === null) {
    return { logger: disabledLogger, enabled: false }
  }
  if (option === true) {
    return { logger: pino({ serializers: requestSerializers }) as unknown as EnclaveLogger, enabled: true }
  }
  if (typeof option === 'object') {
    if (isLoggerInstance(option)) {
      return { logger: option, enabled: true }
    }
    const looksLikeLogger = requiredMethods.some((name) => typeof (option as Record<string, unknown>)[name] === 'function')
    if (looksLikeLogger) {
      throw new errorCodes.FST_ERR_LOG_INVALID_LOGGER(requiredMethods.join(','))
    }
    const options = option as LoggerOptions
    const serializers = { ...requestSerializers, ...(options.serializers ?? {}) }
    return { logger: pino({ ...options, serializers }) as unknown as EnclaveLogger, enabled: true }
  }
  throw new errorCodes.FST_ERR_INIT_OPTS_INVALID(`logger must be a boolean, pino options or a logger instance, got ${typeof option}`)
}

export function childLogger (parent: EnclaveLogger, level: string | undefined, bindings: Record<string, unknown>): EnclaveLogger {
  if (parent === disabledLogger) return disabledLogger
  return level === undefined ? parent.child(bindings) : parent.child(bindings, { level: level as LevelWithSilent })
}

export type { PinoLogger }
