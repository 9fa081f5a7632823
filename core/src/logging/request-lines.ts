/**
 * The two per-request lines ("incoming request", "request completed") written the way pino would
 * write them, without its generic path: no line object, no serializer call, no JSON.stringify of a
 * serialized object. Used only where a probe at ready() proved the bytes equal; any other logger,
 * level, serializer, formatter, hook or stream takes pino's own path.
 */
import { tracingChannel } from 'node:diagnostics_channel'
import { requestSerializers, type EnclaveLogger } from './logger.js'
import { jsonString } from './json-string.js'
import { loadPino } from './pino-module.js'

// pino's symbols, read when the first route logger is settled (pino is loaded only once logging
// is on); the per-request writers run only for a route settled by then.
let asJsonSym: symbol
let chindingsSym: symbol
let endSym: symbol
let formattersSym: symbol
let hooksSym: symbol
let lsCacheSym: symbol
let messageKeySym: symbol
let mixinSym: symbol
let msgPrefixSym: symbol
let needsMetadataSym: symbol
let nestedKeySym: symbol
let serializersSym: symbol
let streamSym: symbol
let stringifiersSym: symbol
let timeSym: symbol
let writeSym: symbol

/** pino's own line-building step announces itself on this channel: a subscriber must see every line go through it. */
const asJsonTracing = tracingChannel('pino_asJson')

interface PinoInternals {
  [key: symbol]: unknown
  info: unknown
  levels?: { values?: Record<string, number> }
}

interface Stream { write (line: string): unknown }

/** What the request line reads of a request (the same members the `req` serializer reads). */
export interface LoggedRequest {
  readonly method: unknown
  readonly url: unknown
  readonly hostname: unknown
  readonly ip: unknown
  readonly headers: Record<string, unknown> | undefined
  readonly socket: { remotePort?: unknown } | null | undefined
  log: EnclaveLogger
}

export interface LoggedReply {
  readonly statusCode: unknown
  readonly elapsedTime: number
  log: EnclaveLogger
}

/** A route logger's settled facts: its `info` method at ready(), its info level, the lines' fixed tails. */
export interface RequestLines {
  /** pino's `info` of the route logger at ready(); a request logger whose `info` differs (level changed, method replaced) takes pino's path. */
  readonly info: unknown
  readonly level: number
  readonly incomingTail: string
  readonly completedTail: string
}

let reference: PinoInternals | null = null
/** pino's disabled-level method: a logger whose `info` is this writes nothing at info (null until pino is loaded). */
export let pinoNoop: unknown = null

/** pino's default timestamp, `,"time":<Date.now()>`: the same string for every line of one millisecond. */
let epochTime: unknown = null

/** A silent pino logger to compare route loggers with, and pino's symbols: made by the first settle. */
function pinoReference (): PinoInternals {
  if (reference !== null) return reference
  const pino = loadPino()
  const symbols = pino.symbols
  asJsonSym = symbols.asJsonSym
  chindingsSym = symbols.chindingsSym
  endSym = symbols.endSym
  formattersSym = symbols.formattersSym
  hooksSym = symbols.hooksSym
  lsCacheSym = symbols.lsCacheSym
  messageKeySym = symbols.messageKeySym
  mixinSym = symbols.mixinSym
  msgPrefixSym = (symbols as unknown as Record<string, symbol>).msgPrefixSym!
  needsMetadataSym = symbols.needsMetadataGsym
  nestedKeySym = symbols.nestedKeySym
  serializersSym = symbols.serializersSym
  streamSym = symbols.streamSym
  stringifiersSym = symbols.stringifiersSym
  timeSym = symbols.timeSym
  writeSym = symbols.writeSym
  epochTime = pino.stdTimeFunctions.epochTime
  reference = pino({ level: 'silent' }) as unknown as PinoInternals
  pinoNoop = reference.info
  return reference
}
let lastMillisecond = 0
let lastTime = ''

function epochTimeCached (): string {
  const now = Date.now()
  if (now !== lastMillisecond) {
    lastMillisecond = now
    lastTime = ',"time":' + now
  }
  return lastTime
}

/** What `append` returns once a value is not one this writer handles: the line then goes through pino. */
const unhandled = '\u0000'

/**
 * `json` plus `<separator><key><value>` as JSON.stringify writes an object's member (left out when
 * undefined, keeping `json` as it was).
 */
function append (json: string, separator: string, key: string, value: unknown): string {
  if (json === unhandled || value === undefined) return json
  if (typeof value === 'string') return json + separator + key + jsonString(value)
  if (typeof value === 'number') return json + separator + key + (Number.isFinite(value) ? String(value) : 'null')
  return unhandled
}

/** `,"req":` and `JSON.stringify(serializeRequest(request))`, or `unhandled`. */
function requestMembers (request: LoggedRequest): string {
  const version = request.headers?.['accept-version']
  // `method` is a string on every request Node or light-my-request makes: the rest follow it with a comma.
  const method = request.method
  if (typeof method !== 'string') return unhandled
  let json = ',"req":{"method":' + jsonString(method)
  json = append(json, ',', '"url":', request.url)
  json = append(json, ',', '"version":', typeof version === 'string' ? version : undefined)
  json = append(json, ',', '"hostname":', request.hostname)
  json = append(json, ',', '"remoteAddress":', request.ip)
  json = append(json, ',', '"remotePort":', request.socket?.remotePort)
  return json === unhandled ? json : json + '}'
}

/**
 * Writes "incoming request" for a request whose logger is a route logger's unchanged child; false
 * when the line must go through pino (the caller then calls `log.info`).
 */
export function writeIncomingRequest (lines: RequestLines, request: LoggedRequest): boolean {
  const log = request.log as unknown as PinoInternals
  if (!writesDirectly(log)) return false
  const members = requestMembers(request)
  if (members === unhandled) return false
  writeLine(log, lines, members + lines.incomingTail)
  return true
}

export function writeRequestCompleted (lines: RequestLines, reply: LoggedReply): boolean {
  const log = reply.log as unknown as PinoInternals
  if (!writesDirectly(log)) return false
  const status = append(',"res":{', '', '"statusCode":', reply.statusCode)
  if (status === unhandled) return false
  const time = reply.elapsedTime
  writeLine(log, lines, status + '},"responseTime":' + (Number.isFinite(time) ? String(time) : 'null') + lines.completedTail)
  return true
}

// What could have changed on a request logger since ready(): its serializers and formatters (a
// custom child), and a subscriber to pino's tracing channel.
function writesDirectly (log: PinoInternals): boolean {
  const serializers = log[serializersSym] as Record<string, unknown>
  return serializers.req === requestSerializers.req && serializers.res === requestSerializers.res &&
    serializers.responseTime === undefined && (log[formattersSym] as { log?: unknown }).log === undefined &&
    !asJsonTraced()
}

// Node 20's TracingChannel has no `hasSubscribers` of its own: its channels do.
function asJsonTraced (): boolean {
  return asJsonTracing.start.hasSubscribers || asJsonTracing.end.hasSubscribers || asJsonTracing.error.hasSubscribers
}

function writeLine (log: PinoInternals, lines: RequestLines, members: string): void {
  const timeOf = log[timeSym] as (this: PinoInternals) => string
  const time = timeOf === epochTime ? epochTimeCached() : timeOf.call(log)
  const line = (log[lsCacheSym] as Record<number, string>)[lines.level]! + time + (log[chindingsSym] as string) + members + (log[endSym] as string)
  ;(log[streamSym] as Stream).write(line)
}

/**
 * Settles at ready() whether a route logger's request lines can be written directly: a pino logger
 * with pino's own write path, no mixin, hooks, log formatter, message prefix, nested key or
 * redaction, Enclave's `req`/`res` serializers, a stream that needs no metadata — and a probe line
 * for an awkward request, written both ways into a capture stream, coming out byte for byte equal.
 */
export function settleRequestLines (logger: EnclaveLogger): RequestLines | null {
  const ref = pinoReference()
  const log = logger as unknown as PinoInternals
  if (log[writeSym] !== ref[writeSym] || log[asJsonSym] !== ref[asJsonSym] || typeof log[chindingsSym] !== 'string') return null
  if (log.info === pinoNoop || typeof log.info !== 'function') return null
  const hooks = log[hooksSym] as { logMethod?: unknown, streamWrite?: unknown } | undefined
  if (log[mixinSym] || hooks?.logMethod !== undefined || hooks?.streamWrite !== undefined) return null
  if ((log[formattersSym] as { log?: unknown }).log !== undefined || typeof log[msgPrefixSym] === 'string' || Boolean(log[nestedKeySym])) return null
  const stringifiers = log[stringifiersSym] as object
  if (Object.getOwnPropertySymbols(stringifiers).length > 0 || Object.keys(stringifiers).length > 0) return null
  const serializers = log[serializersSym] as Record<string, unknown>
  if (serializers.req !== requestSerializers.req || serializers.res !== requestSerializers.res || serializers.responseTime !== undefined) return null
  const stream = log[streamSym] as Record<symbol, unknown>
  if (stream[needsMetadataSym] === true) return null
  const messageKey = log[messageKeySym]
  const level = log.levels?.values?.info
  if (typeof messageKey !== 'string' || typeof level !== 'number' || serializers[messageKey] !== undefined) return null
  const lines: RequestLines = {
    info: log.info,
    level,
    incomingTail: ',' + JSON.stringify(messageKey) + ':"incoming request"',
    completedTail: ',' + JSON.stringify(messageKey) + ':"request completed"'
  }
  // The probe's lines go through pino's asJson: a subscriber to its tracing channel would see them.
  if (asJsonTraced()) return null
  return probeMatches(log, lines) ? lines : null
}

/** One request and reply with every kind of value the writer escapes or leaves out, logged both ways. */
function probeMatches (log: PinoInternals, lines: RequestLines): boolean {
  const written: string[] = []
  const capture: Stream = { write (line: string) { written.push(line); return true } }
  // Not log.child(): an onChild callback would see the probe.
  const probe = Object.create(log) as PinoInternals
  probe[chindingsSym] = (log[chindingsSym] as string) + ',"reqId":"req-\\"probe\\"\u2028"'
  probe[streamSym] = capture
  probe[timeSym] = function probeTime () { return ',"time":1' }
  const request: LoggedRequest = {
    method: 'GET',
    url: '/probe?q="\\\u0001\u00e9\ud83d\ude00\ud800',
    hostname: 'example.test:8080',
    ip: undefined,
    headers: { 'accept-version': '1.x' },
    socket: { remotePort: 50123 },
    log: probe as unknown as EnclaveLogger
  }
  const reply: LoggedReply = { statusCode: 201, elapsedTime: 1.2345678901234567, log: request.log }
  const info = probe.info as (this: PinoInternals, ...args: unknown[]) => void
  info.call(probe, { req: request }, 'incoming request')
  info.call(probe, { res: reply, responseTime: reply.elapsedTime }, 'request completed')
  if (!writeIncomingRequest(lines, request) || !writeRequestCompleted(lines, reply)) return false
  return written.length === 4 && written[0] === written[2] && written[1] === written[3]
}
