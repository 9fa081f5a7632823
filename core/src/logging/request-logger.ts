/** How each request gets its id and its logger: the id generators, the child-logger factory, and their setup per route at ready(). */
import type { IncomingMessage } from 'node:http'
import { disabledLogger, isLoggerInstance, requiredMethods, type EnclaveLogger } from './logger.js'
import { errorCodes } from '../errors/codes.js'
import { jsonString } from './json-string.js'
import { loadPino } from './pino-module.js'
import { settleRequestLines, writeIncomingRequest, writeRequestCompleted, pinoNoop, type RequestLines } from './request-lines.js'
import type { RuntimeRequest } from '../request/request.js'
import type { Reply } from '../reply/reply-state.js'
import type { ContextState } from '../instance/context-state.js'
import type { RouteContext } from '../routing/route-context.js'
import type { RuntimeInstance } from '../instance/context-state.js'

/** `genReqId(rawRequest)`: Fastify's request-id generator. */
export type RequestIdGenerator = (raw: IncomingMessage) => string

/** `childLoggerFactory(logger, bindings, options, rawRequest)`, called with the instance as `this`. */
export type ChildLoggerFactory = (this: RuntimeInstance, logger: EnclaveLogger, bindings: Record<string, unknown>, options: Record<string, unknown>, raw: IncomingMessage) => EnclaveLogger

/** Fastify's default factory, exposed as `instance.childLoggerFactory` when none was set. */
export function defaultChildLoggerFactory (logger: EnclaveLogger, bindings: Record<string, unknown>, options: Record<string, unknown>): EnclaveLogger {
  return logger.child(bindings, options)
}

const maxRequestId = 2147483647

/**
 * Fastify's default request ids: `req-1`, `req-2` … in base 36, wrapping at 2^31 - 1 so the
 * counter stays a small integer. One counter per server.
 */
export function createDefaultIdGenerator (): RequestIdGenerator {
  let next = 0
  // `next` in base 36 is its higher digits, which change every 36th request, then its last digit:
  // converting only the higher digits then (Number#toString(36) is a runtime call) makes the id
  // one string concatenation on the other requests. Same ids as `'req-' + next.toString(36)`.
  let prefix = 'req-'
  return function defaultGenReqId (): string {
    next = (next + 1) & maxRequestId
    const digit = next % 36
    if (next < 36) prefix = 'req-'
    else if (digit === 0) prefix = 'req-' + ((next - digit) / 36).toString(36)
    return prefix + base36Digits[digit]!
  }
}

const base36Digits: readonly string[] = Array.from({ length: 36 }, (_, digit) => digit.toString(36))

/** A request-id header, when sent, wins over the generator (`requestIdHeader: false` turns that off). */
export function withRequestIdHeader (header: string | false, generate: RequestIdGenerator): RequestIdGenerator {
  if (header === false) return generate
  const name = header.toLowerCase()
  return function requestIdFromHeader (raw: IncomingMessage): string {
    const given = raw.headers[name]
    // A repeated header arrives as an array, used as it is (Fastify does not join it either).
    return given !== undefined && given !== '' ? given as string : generate(raw)
  }
}

/**
 * `disableRequestLogging`: `true` silences the per-request lines; a function (Fastify 5's form, on
 * enclave() and the Fastify 5 face) decides for each line from the request.
 */
export function requestLogOff (setting: boolean | ((request: never) => unknown), request: unknown): boolean {
  return typeof setting === 'function' ? Boolean((setting as (request: unknown) => unknown)(request)) : setting === true
}

export function assertFunction (value: unknown, what: string): void {
  if (typeof value !== 'function') throw new errorCodes.FST_ERR_INIT_OPTS_INVALID(`${what} expects a function, got ${typeof value}`)
}

/** `logSerializers` of a route or a register() call, checked where it is given. */
export function serializersOf (value: unknown, where: string): Record<string, unknown> | null {
  if (value === undefined || value === null) return null
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new errorCodes.FST_ERR_INIT_OPTS_INVALID(`logSerializers of ${where} must be an object of functions`)
  }
  return value as Record<string, unknown>
}

/** The logger a context's routes start from: its parent's, at its own level and with its own serializers. */
export function contextLogger (parent: EnclaveLogger, level: string | undefined, serializers: Record<string, unknown> | null): EnclaveLogger {
  if (parent === disabledLogger || (level === undefined && serializers === null)) return parent
  const options: { level?: string, serializers?: Record<string, unknown> } = {}
  if (level !== undefined) options.level = level
  if (serializers !== null) options.serializers = serializers
  return parent.child({}, options)
}

/**
 * Settles, once at ready(), how a route makes each request's logger and id: the nearest
 * `setGenReqId` / `setChildLoggerFactory` of its context chain (the route's `childLoggerFactory`
 * option first), and the options (level, serializers) Fastify hands a custom child-logger factory.
 */
export function compileRequestLogging (route: RouteContext, level: string | undefined, serializers: Record<string, unknown> | null): void {
  const context: ContextState = route.context
  const server = route.server
  const generator = context.inherited('genReqId') as RequestIdGenerator | null
  if (server.options.requestIdHeader === false) {
    // Without a header to read, Fastify calls the generator as a method of the route's instance.
    const generate = generator ?? server.genReqId
    const instance = route.instance
    route.genReqId = function generateOnInstance (raw: IncomingMessage): string { return generate.call(instance, raw) }
  } else {
    route.genReqId = generator === null ? server.genReqId : withRequestIdHeader(server.options.requestIdHeader, generator)
  }
  // The route's own option first, as Fastify 4.29 (Routes.md), then its context's, then the server's.
  const own = route.options.childLoggerFactory
  const factory = (typeof own === 'function' ? own : context.inherited('childLoggerFactory') ?? server.options.childLoggerFactory ?? null) as ChildLoggerFactory | null
  route.childLoggerFactory = factory
  // What Fastify 4.29 hands a custom factory: the route's logLevel ('' when neither it nor a
  // register() around it set one), and `serializers` once the route or a register() around it has
  // logSerializers. Fastify 5 leaves the level out when there is none (pino would take '' as a
  // level to set), so the child keeps its parent's.
  const fastifyLevel = level ?? context.logLevel ?? ''
  const withSerializers = serializers !== null || context.lineage().some(hasLogSerializers)
  const loggerOptions: Record<string, unknown> = server.profile.api === 5 && fastifyLevel === '' ? {} : { level: fastifyLevel }
  if (withSerializers) loggerOptions.serializers = factorySerializers(context, serializers)
  route.loggerOptions = loggerOptions
  route.directChild = factory === null && route.logger !== disabledLogger ? settleDirectChild(route.logger, server.options.requestIdLogLabel) : null
  route.requestLines = route.logger !== disabledLogger ? settledRequestLines(route.logger) : null
}

/**
 * The serializers a custom factory gets, shaped as Fastify makes them: the route's own logSerializers
 * as the object's keys, over a prototype chain holding each enclosing register()'s, nearest first,
 * so that pino applies them all while the object lists only the route's.
 */
function factorySerializers (context: ContextState, own: Record<string, unknown> | null): Record<string, unknown> {
  let enclosing: Record<string, unknown> | null = null
  for (const ctx of context.lineage()) {
    if (enclosing !== null || ctx.logSerializers !== null) enclosing = Object.assign(Object.create(enclosing) as Record<string, unknown>, ctx.logSerializers)
  }
  return Object.assign(Object.create(enclosing) as Record<string, unknown>, own)
}

function hasLogSerializers (context: ContextState): boolean {
  return context.logSerializers !== null
}

/** Per request: the logger `request.log` / `reply.log` use, bound to the request id. */
export function createRequestLogger (route: RouteContext, id: string, raw: IncomingMessage): EnclaveLogger {
  const factory = route.childLoggerFactory
  if (factory === null) {
    const parent = route.logger
    if (parent === disabledLogger) return disabledLogger
    const direct = route.directChild
    if (direct !== null && typeof id === 'string' && (parent as PinoInternals).onChild === direct.onChild) {
      return directChild(parent as PinoInternals, direct, id)
    }
    return parent.child({ [route.server.options.requestIdLogLabel]: id })
  }
  const logger: unknown = factory.call(route.instance, route.server.logger, { [route.server.options.requestIdLogLabel]: id }, route.loggerOptions, raw)
  // As in Fastify 4.29, a factory that returns no logger fails the request where it is dispatched
  // (inject() throws it to its caller).
  if (typeof logger !== 'object' || logger === null || !isLoggerInstance(logger)) {
    throw new errorCodes.FST_ERR_LOG_INVALID_LOGGER(requiredMethods.join(','))
  }
  return logger
}

// pino's symbols, read with its child() by the first probe (pino is loaded only once logging is
// on); directChild() runs only for a route whose probe succeeded.
let chindingsSym: symbol
let formattersSym: symbol
let serializersSym: symbol

/** A pino logger: its bindings string, formatters and serializers live under pino's symbols. */
interface PinoInternals extends EnclaveLogger {
  onChild: unknown
  [key: symbol]: unknown
}

/**
 * How a route's request loggers are made without `logger.child()`: the same object pino's child()
 * makes for `{ [requestIdLogLabel]: id }` (its prototype the route's logger, its bindings one string
 * with the id appended, the reset formatters pino gives every child), built in two stores. pino's
 * child() walks the bindings object with for-in, looks up serializers and redaction for each key and
 * copies the formatters per request; for a string id under a label with no serializer or redaction
 * of its own, all of that comes out the same every time, so it is settled once at ready().
 */
export interface DirectChild {
  /** `,"<label>":`, as pino writes the label. */
  readonly labelPart: string
  /** The formatters object pino gives the route logger's children, or null when they inherit the parent's. */
  readonly formatters: object | null
  /** pino's default onChild: another one must be called, so the request goes through child(). */
  readonly onChild: unknown
}

function directChild (parent: PinoInternals, direct: DirectChild, id: string): EnclaveLogger {
  const child = Object.create(parent) as PinoInternals
  if (direct.formatters !== null) child[formattersSym] = direct.formatters
  child[chindingsSym] = (parent[chindingsSym] as string) + direct.labelPart + jsonString(id)
  return child
}

const linesOf = new WeakMap<object, RequestLines | null>()

/** One probe per route logger (routes of one context share it). */
function settledRequestLines (logger: EnclaveLogger): RequestLines | null {
  let lines = linesOf.get(logger)
  if (lines === undefined) {
    lines = settleRequestLines(logger)
    linesOf.set(logger, lines)
  }
  return lines
}

/**
 * "incoming request": written directly where request-lines.ts settled that it can, otherwise
 * through the logger, with nothing built when its info level is off.
 */
export function logIncomingRequest (lines: RequestLines | null, request: RuntimeRequest): void {
  const log = request.log
  if (lines !== null && log.info === lines.info && writeIncomingRequest(lines, request)) return
  if (log.info === pinoNoop) return
  log.info({ req: request }, 'incoming request')
}

/** "request completed", as logIncomingRequest. */
export function logRequestCompleted (lines: RequestLines | null, reply: Reply): void {
  const log = reply.log
  if (lines !== null && log.info === lines.info && writeRequestCompleted(lines, reply)) return
  if (log.info === pinoNoop) return
  log.info({ res: reply, responseTime: reply.elapsedTime }, 'request completed')
}

const probeId = 'req-probe'
const settled = new WeakMap<object, { label: string, direct: DirectChild | null }>()
let pinoChild: unknown = null
let pinoOnChild: unknown = null

/**
 * Whether the route's logger is a pino logger whose child for a request id the direct path makes
 * identically: one probe child per logger (and label) at ready(), compared with what the direct
 * path would build. Any difference (another logger, a serializer or redaction of the label, a
 * label pino leaves out, an onChild callback) keeps pino's child().
 */
function settleDirectChild (logger: EnclaveLogger, label: string): DirectChild | null {
  const known = settled.get(logger)
  if (known !== undefined && known.label === label) return known.direct
  const direct = probeDirectChild(logger as PinoInternals, label)
  settled.set(logger, { label, direct })
  return direct
}

function probeDirectChild (logger: PinoInternals, label: string): DirectChild | null {
  if (pinoChild === null) {
    const pino = loadPino()
    chindingsSym = pino.symbols.chindingsSym
    formattersSym = pino.symbols.formattersSym
    serializersSym = pino.symbols.serializersSym
    const reference = pino({ enabled: false }) as unknown as PinoInternals
    pinoChild = reference.child
    pinoOnChild = reference.onChild
  }
  if (logger.child !== pinoChild || logger.onChild !== pinoOnChild || typeof logger[chindingsSym] !== 'string') return null
  if ((logger[serializersSym] as Record<string, unknown> | undefined)?.[label] !== undefined) return null
  const probe = logger.child({ [label]: probeId }) as PinoInternals
  const labelPart = ',' + JSON.stringify(label) + ':'
  if (Object.getPrototypeOf(probe) !== logger || probe[chindingsSym] !== (logger[chindingsSym] as string) + labelPart + JSON.stringify(probeId)) return null
  const own = Reflect.ownKeys(probe)
  const formatters = own.length === 2 && own[0] === formattersSym ? probe[formattersSym] as object : null
  if (own[own.length - 1] !== chindingsSym || own.length !== (formatters === null ? 1 : 2)) return null
  return { labelPart, formatters, onChild: pinoOnChild }
}
