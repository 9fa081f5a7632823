/**
 * The two per-request lines ("incoming request", "request completed") written the way pino would
 * write them, without its generic path: no line object, no serializer call, no JSON.stringify of a
 * serialized object. Used only where a probe at ready() proved the bytes equal; any other logger,
 * level, serializer, formatter, hook or stream takes pino's own path.
 */
import { tracingChannel } from 'node:diagnostics_channel'
import { requestSerializers, fastify5RequestSerializers, type EnclaveLogger } from './logger.js'
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
  readonly host?: unknown
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
  /** The `req` serializer the lines reproduce: Fastify 4.29's (`hostname`) or Fastify 5's (`host`). */
  readonly serializeRequest: unknown
  /** `,"hostname":` or `,"host":`, and whether it is read from `request.host`. */
  readonly hostKey: string
  readonly hostFromHost: boolean
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
let lastMillion = -1
let millionPart = ''
const zeroPadding: readonly string[] = ['', '0', '00', '000', '0000', '00000']

// Date.now() is beyond V8's small integers, so printing it goes through the double-to-decimal
// conversion (~1,000 instructions, paid on most lines when requests are more than a millisecond
// apart). Its millions and its last six digits are small integers, printed from V8's number-string
// cache; the millions change every 17 minutes.
function epochTimeCached (): string {
  const now = Date.now()
  if (now !== lastMillisecond) {
    lastMillisecond = now
    if (now >= 1e6 && now < 1e15) {
      const million = Math.floor(now / 1e6) | 0
      if (million !== lastMillion) {
        lastMillion = million
        millionPart = ',"time":' + million
      }
      const rest = '' + ((now - million * 1e6) | 0)
      lastTime = millionPart + zeroPadding[6 - rest.length]! + rest
    } else {
      lastTime = ',"time":' + now
    }
  }
  return lastTime
}

/** What `requestMembers` returns for a value this writer does not handle: the line then goes through pino. */
const unhandled = '\u0000'

/**
 * `,"req":` and `JSON.stringify(serializeRequest(request))`, or `unhandled`. Straight-line for the
 * types every request has (strings, a remote address that may be undefined, an integer port);
 * anything else is left to pino.
 */
function requestMembers (lines: RequestLines, request: LoggedRequest): string {
  // `method` and `url` are strings on every request Node or light-my-request makes; `host`/`hostname` too.
  const method = request.method
  const url = request.url
  const host = lines.hostFromHost ? request.host : request.hostname
  if (typeof method !== 'string' || typeof url !== 'string' || typeof host !== 'string') return unhandled
  const version = request.headers?.['accept-version']
  let json = ',"req":{"method":' + jsonString(method) + ',"url":' + jsonString(url)
  if (typeof version === 'string') json += ',"version":' + jsonString(version)
  json += lines.hostKey + jsonString(host)
  const address = request.ip
  if (typeof address === 'string') json += ',"remoteAddress":' + jsonString(address)
  else if (address !== undefined) return unhandled
  const port = request.socket?.remotePort
  if (typeof port === 'number' && (port | 0) === port) json += ',"remotePort":' + port
  else if (port !== undefined) return unhandled
  return json + '}'
}

/**
 * Writes "incoming request" for a request whose logger is a route logger's unchanged child; false
 * when the line must go through pino (the caller then calls `log.info`).
 */
export function writeIncomingRequest (lines: RequestLines, request: LoggedRequest): boolean {
  const log = request.log as unknown as PinoInternals
  if (!writesDirectly(log, lines)) return false
  const members = requestMembers(lines, request)
  if (members === unhandled) return false
  writeLine(log, lines, members + lines.incomingTail)
  return true
}

export function writeRequestCompleted (lines: RequestLines, reply: LoggedReply): boolean {
  const log = reply.log as unknown as PinoInternals
  if (!writesDirectly(log, lines)) return false
  const status = reply.statusCode
  if (typeof status !== 'number' || (status | 0) !== status) return false
  const time = reply.elapsedTime
  writeLine(log, lines, ',"res":{"statusCode":' + status + '},"responseTime":' + (Number.isFinite(time) ? String(time) : 'null') + lines.completedTail)
  return true
}

// What could have changed on a request logger since ready(): its serializers and formatters (a
// custom child), and a subscriber to pino's tracing channel.
function writesDirectly (log: PinoInternals, lines: RequestLines): boolean {
  const serializers = log[serializersSym] as Record<string, unknown>
  return serializers.req === lines.serializeRequest && serializers.res === requestSerializers.res &&
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
  const serializeRequest = serializers.req
  const hostFromHost = serializeRequest === fastify5RequestSerializers.req
  if ((serializeRequest !== requestSerializers.req && !hostFromHost) || serializers.res !== requestSerializers.res || serializers.responseTime !== undefined) return null
  const stream = log[streamSym] as Record<symbol, unknown>
  if (stream[needsMetadataSym] === true) return null
  const messageKey = log[messageKeySym]
  const level = log.levels?.values?.info
  if (typeof messageKey !== 'string' || typeof level !== 'number' || serializers[messageKey] !== undefined) return null
  const lines: RequestLines = {
    info: log.info,
    level,
    serializeRequest,
    hostKey: hostFromHost ? ',"host":' : ',"hostname":',
    hostFromHost,
    // As pino writes the message's key: quoted, not escaped.
    incomingTail: ',"' + messageKey + '":"incoming request"',
    completedTail: ',"' + messageKey + '":"request completed"'
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
    hostname: 'example.test',
    host: 'example.test:8080',
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
