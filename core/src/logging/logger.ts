/** The logger: Enclave's logger interface, the `logger` option turned into a pino logger (or the one given), and Fastify's request/reply serializers. */
import type { pino, Logger as PinoLogger, LoggerOptions, LevelWithSilent } from 'pino'
import { errorCodes } from '../errors/codes.js'
import { loadPino } from './pino-module.js'

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
  child (bindings: Record<string, unknown>, options?: { level?: string, serializers?: Record<string, unknown> }): EnclaveLogger
}

export const requiredMethods = ['info', 'error', 'debug', 'fatal', 'warn', 'trace', 'child'] as const

function noop (): void {}

// Fastify's logger when logging is off: the level methods inherited, `child` its only own member and
// no `level`, so `JSON.stringify(request.log)` (a reply that sends the request) gives `{}` as there.
const disabledLevels = { fatal: noop, error: noop, warn: noop, info: noop, debug: noop, trace: noop }

/**
 * With logging off, every request shares this one logger: creating a child per request would
 * cost an allocation for nothing.
 */
export const disabledLogger = Object.create(disabledLevels) as EnclaveLogger
disabledLogger.child = function disabledChild () { return disabledLogger }

export function isLoggerInstance (value: object): value is EnclaveLogger {
  return typeof (value as EnclaveLogger).child === 'function' && typeof (value as EnclaveLogger).info === 'function'
}

interface SerializedRequest { method?: string, url?: string, host?: string, hostname?: string, ip?: string, headers?: Record<string, unknown>, socket?: { remotePort?: number } }

function versionOf (req: SerializedRequest): string | undefined {
  const version = req.headers?.['accept-version']
  return typeof version === 'string' ? version : undefined
}

function serializeReply (reply: { statusCode: number }) {
  return { statusCode: reply.statusCode }
}

// A type alias (not an interface) so it is assignable to pino's serializer map.
type RequestSerializers = {
  req: (req: SerializedRequest) => Record<string, unknown>
  res: typeof serializeReply
  err: typeof pino.stdSerializers.err
}

/**
 * Fastify 4.29's `req`/`res`/`err` serializers (`hostname` is the Host header, port included);
 * request-lines.ts writes what the first two make without calling them.
 */
export const requestSerializers: RequestSerializers = {
  req: function serializeRequest (req: SerializedRequest) {
    return { method: req.method, url: req.url, version: versionOf(req), hostname: req.hostname, remoteAddress: req.ip, remotePort: req.socket?.remotePort }
  },
  res: serializeReply,
  // pino's own error serializer; read only once a logger exists, so pino is loaded by then.
  get err () { return loadPino().stdSerializers.err }
}

/** Fastify 5's: the same fields, with `host` (request.host, port included) where 4.29 wrote `hostname`. */
export const fastify5RequestSerializers: RequestSerializers = {
  req: function serializeRequest (req: SerializedRequest) {
    return { method: req.method, url: req.url, version: versionOf(req), host: req.host, remoteAddress: req.ip, remotePort: req.socket?.remotePort }
  },
  res: serializeReply,
  get err () { return loadPino().stdSerializers.err }
}

export interface LoggerSetting {
  logger: EnclaveLogger
  enabled: boolean
}

/**
 * The pino destination named by Fastify's `stream` / `file` logger options, which pino itself
 * does not read from its options object.
 */
function destinationOf (options: Record<string, unknown>): pino.DestinationStream | undefined {
  const { stream, file } = options
  if (stream !== undefined && file !== undefined) throw new errorCodes.FST_ERR_LOG_INVALID_DESTINATION()
  if (typeof file === 'string') return loadPino().destination(file)
  if (stream !== undefined) {
    if (stream === null || typeof (stream as { write?: unknown }).write !== 'function') {
      throw new errorCodes.FST_ERR_INIT_OPTS_INVALID('logger.stream must be a writable stream (an object with write())')
    }
    return stream as pino.DestinationStream
  }
  return undefined
}

/** A logger instance given: it gets the request serializers through a child, as in Fastify. */
function fromInstance (given: EnclaveLogger, serializers: RequestSerializers): LoggerSetting {
  const withSerializers = given.child({}, { serializers: serializersNotIn(given, serializers) })
  return { logger: withSerializers ?? given, enabled: true }
}

/** Fastify 5 names the methods a logger instance lacks (4.29 named them all). */
function missingMethods (value: object): string {
  return requiredMethods.filter((name) => typeof (value as Record<string, unknown>)[name] !== 'function').join(',')
}

/**
 * The `loggerInstance` option (Fastify 5's; enclave() has it too): the logger to use as it is. As
 * in Fastify 5, `logger` then may not be on as well, and on the Fastify 5 face `logger` takes
 * options only.
 */
export function createLoggerFrom (logger: unknown, loggerInstance: unknown, api: 4 | 5): LoggerSetting {
  if (loggerInstance !== undefined && loggerInstance !== null) {
    if (logger !== undefined && logger !== null && logger !== false) throw new errorCodes.FST_ERR_LOG_LOGGER_AND_LOGGER_INSTANCE_PROVIDED()
    // As Fastify 5: not an object, or an object with none of a logger's methods (a configuration object).
    if (typeof loggerInstance !== 'object' || !requiredMethods.some((name) => typeof (loggerInstance as Record<string, unknown>)[name] === 'function')) {
      throw new errorCodes.FST_ERR_LOG_INVALID_LOGGER_INSTANCE()
    }
    const missing = missingMethods(loggerInstance)
    if (missing !== '') throw new errorCodes.FST_ERR_LOG_INVALID_LOGGER(missing)
    return fromInstance(loggerInstance as EnclaveLogger, serializersFor(api))
  }
  if (api === 5 && typeof logger === 'object' && logger !== null && requiredMethods.some((name) => typeof (logger as Record<string, unknown>)[name] === 'function')) {
    const missing = missingMethods(logger)
    if (missing !== '') throw new errorCodes.FST_ERR_LOG_INVALID_LOGGER(missing)
    throw new errorCodes.FST_ERR_LOG_INVALID_LOGGER_CONFIG()
  }
  return createLogger(logger, serializersFor(api))
}

function serializersFor (api: 4 | 5): RequestSerializers {
  return api === 5 ? fastify5RequestSerializers : requestSerializers
}

/**
 * `logger` option: false | true | pino options (plus Fastify's `stream` and `file`) | an existing
 * pino-compatible instance (Fastify 4's form), which gets the request serializers through a child.
 */
export function createLogger (option: unknown, defaultSerializers: RequestSerializers = requestSerializers): LoggerSetting {
  if (option === undefined || option === false || option === null) {
    return { logger: disabledLogger, enabled: false }
  }
  if (option === true) {
    return { logger: loadPino()({ serializers: defaultSerializers }), enabled: true }
  }
  if (typeof option === 'object') {
    if (isLoggerInstance(option)) return fromInstance(option, defaultSerializers)
    const looksLikeLogger = requiredMethods.some((name) => typeof (option as Record<string, unknown>)[name] === 'function')
    if (looksLikeLogger) {
      throw new errorCodes.FST_ERR_LOG_INVALID_LOGGER(requiredMethods.join(','))
    }
    const { stream: _stream, file: _file, ...options } = option as LoggerOptions & { stream?: unknown, file?: unknown }
    const destination = destinationOf(option as Record<string, unknown>)
    const serializers = { ...defaultSerializers, ...(options.serializers ?? {}) }
    const settings = { level: 'info', ...options, serializers }
    const createPino = loadPino()
    const logger = destination === undefined ? createPino(settings) : createPino(settings, destination)
    return { logger, enabled: true }
  }
  throw new errorCodes.FST_ERR_INIT_OPTS_INVALID(`logger must be a boolean, pino options or a logger instance, got ${typeof option}`)
}

/**
 * The request serializers a given logger instance lacks: the serializers it was built with win, as
 * in Fastify 4.29 (a pino logger with its own `req` serializer keeps it).
 */
function serializersNotIn (given: EnclaveLogger, serializers: RequestSerializers): Partial<RequestSerializers> {
  const own = (given as unknown as Record<symbol, unknown>)[loadPino().symbols.serializersSym]
  if (typeof own !== 'object' || own === null) return serializers
  const missing: Partial<RequestSerializers> = {}
  for (const key of Object.keys(serializers) as Array<keyof RequestSerializers>) {
    if (!(key in own)) (missing as Record<string, unknown>)[key] = serializers[key]
  }
  return missing
}

export function childLogger (parent: EnclaveLogger, level: string | undefined, bindings: Record<string, unknown>): EnclaveLogger {
  if (parent === disabledLogger) return disabledLogger
  return level === undefined ? parent.child(bindings) : parent.child(bindings, { level: level as LevelWithSilent })
}

export type { PinoLogger }
