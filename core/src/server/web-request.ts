/**
 * The raw request app.fetch() hands the core: a Web `Request` seen as the Node request the
 * lifecycle reads (method, url, headers, a readable body, a socket with the client's address).
 * Built for the common request that touches little of it: the raw header list, the trailers and
 * the watch on the client leaving (the Web request's signal) are made only when something asks.
 */
import { EventEmitter } from 'node:events'
import { Readable } from 'node:stream'
import { kHeaderField, kTakeWebBody } from '../symbols.js'
import { runtimeName } from '../util/runtime-name.js'
import { connectionReset } from '../util/connection-reset.js'
import { deferredBase, streamMade } from '../util/deferred-stream-base.js'
import type { WebResponse } from './web-response.js'

/** The client's address, as the runtime reports it (see peerOf in fetch-handler.ts). */
export interface PeerAddress {
  address: string | undefined
  port: number | undefined
  family: string | undefined
}

// EventEmitter's own listener type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Listener = (...args: any[]) => void

/** A client leaving is seen by those listening for it: these events are how Node reports it. */
function reportsLeaving (event: string | symbol): boolean {
  return event === 'close' || event === 'aborted'
}

/**
 * The client's address, from what the runtime passes beside the request: Bun's server
 * (`server.requestIP(request)`) or Deno's handler info (`info.remoteAddr`). Any other runtime
 * (Workers, Node's global Request) gives none: `request.ip` is then undefined, never invented.
 */
function peerOf (request: Request, platform: unknown): PeerAddress {
  const peer: PeerAddress = { address: undefined, port: undefined, family: undefined }
  if (typeof platform !== 'object' || platform === null) return peer
  const bunServer = platform as { requestIP?: unknown }
  if (typeof bunServer.requestIP === 'function') {
    const found = (bunServer.requestIP as (request: Request) => unknown).call(platform, request) as { address?: unknown, port?: unknown, family?: unknown } | null
    if (typeof found === 'object' && found !== null && typeof found.address === 'string') {
      peer.address = found.address
      peer.port = typeof found.port === 'number' ? found.port : undefined
      peer.family = typeof found.family === 'string' ? found.family : undefined
    }
    return peer
  }
  const remote = (platform as { remoteAddr?: { hostname?: unknown, port?: unknown } }).remoteAddr
  if (typeof remote === 'object' && remote !== null && typeof remote.hostname === 'string') {
    peer.address = remote.hostname
    peer.port = typeof remote.port === 'number' ? remote.port : undefined
    peer.family = remote.hostname.includes(':') ? 'IPv6' : 'IPv4'
  }
  return peer
}

/**
 * What stands for the connection: the client's address for `request.ip`, whether the URL was
 * https for `request.protocol`, and the 'close' event plugins listen to. It carries no bytes.
 */
export class FetchSocket extends deferredBase(EventEmitter, null, undefined) {
  readonly encrypted: boolean
  destroyed = false
  /** A 'close' listener here starts the watch on the client leaving. */
  readonly request: WebRequest

  private readonly source: Request
  private readonly platform: unknown
  /** Asked of the runtime on first read (Bun's requestIP() is a call into the server). */
  private peer: PeerAddress | null = null

  constructor (request: WebRequest, source: Request, platform: unknown) {
    super()
    this.request = request
    this.source = source
    this.platform = platform
    this.encrypted = source.url.startsWith('https:')
    // Made after the client left: as the socket that closed then.
    this.destroyed = request.aborted
  }

  get remoteAddress (): string | undefined { return this.peerAddress().address }
  get remotePort (): number | undefined { return this.peerAddress().port }
  get remoteFamily (): string | undefined { return this.peerAddress().family }

  private peerAddress (): PeerAddress {
    if (this.peer === null) this.peer = peerOf(this.source, this.platform)
    return this.peer
  }

  override on (event: string | symbol, listener: Listener): this {
    if (event === 'close') this.request.watchClientLeaving()
    return super.on(event, listener)
  }

  override addListener (event: string | symbol, listener: Listener): this {
    return this.on(event, listener)
  }

  override prependListener (event: string | symbol, listener: Listener): this {
    if (event === 'close') this.request.watchClientLeaving()
    return super.prependListener(event, listener)
  }

  /** Timeouts are the runtime's business: there is no socket to time out here. */
  setTimeout (): this { return this }
  setKeepAlive (): this { return this }
  setNoDelay (): this { return this }

  destroy (): this {
    if (this.destroyed) return this
    this.destroyed = true
    // Nobody used it as an emitter yet: nobody listens for its 'close'.
    if (streamMade(this)) this.emit('close', false)
    return this
  }
}

/** As Node's IncomingMessage: 'close' is emitted when the exchange is over, not when the body ends. */
const readableOptions = { autoDestroy: false }

/** Headers of a Web request as Node shows them: lower-case names, `set-cookie` as an array. */
export interface NodeStyleHeaders {
  [name: string]: string | string[] | undefined
  'set-cookie'?: string[]
}

/**
 * The Web request's headers as Node shows a request's: lower-case names (the Headers object already
 * gives them so, repeated fields already joined), `set-cookie` as an array, and a Host from the URL's
 * authority when the request has none (runtimes pass the header through; a Request built in code
 * may not have it).
 */
export function nodeHeadersOf (request: Request): NodeStyleHeaders {
  const headers = request.headers
  let result: NodeStyleHeaders
  // Bun's Headers give Node's shape in one native call (set-cookie as an array included).
  const toJSON = (headers as Headers & { toJSON?: () => NodeStyleHeaders }).toJSON
  if (typeof toJSON === 'function') {
    result = toJSON.call(headers)
  } else {
    result = {}
    // forEach with the record as `this`: no iterator nor [name, value] pair per field (Deno's iterator makes both).
    headers.forEach(addHeader, result)
  }
  if (result.host === undefined) {
    const url = request.url
    const schemeEnd = url.indexOf('://')
    if (schemeEnd !== -1) {
      const pathStart = url.indexOf('/', schemeEnd + 3)
      const authority = url.slice(schemeEnd + 3, pathStart === -1 ? url.length : pathStart)
      result.host = authority.slice(authority.lastIndexOf('@') + 1)
    }
  }
  return result
}

function addHeader (this: NodeStyleHeaders, value: string, name: string): void {
  if (name === 'set-cookie') {
    const cookies = this['set-cookie']
    if (cookies === undefined) this['set-cookie'] = [value]
    else cookies.push(value)
  } else {
    this[name] = value
  }
}

/**
 * The Web body handed to the body reader: the Request itself when its length is declared (read
 * whole, see `framedBody`), else its stream, with the chunk already read to learn whether there is one.
 */
export interface WebBody {
  whole: Request | null
  reader: ReadableStreamDefaultReader<Uint8Array> | null
  firstChunk: Uint8Array | null
}

/**
 * The Web request as the core's raw request. Its body is read from `request.body` only as the
 * lifecycle asks for it, chunk by chunk as the runtime delivers it, so a body limit stops the
 * upload where it is passed; `discardBody()` cancels what was not read. The body parsers take the
 * Web stream directly ([kTakeWebBody]); a plugin reading the request as a Node stream gets it
 * through Readable's `_read`.
 */
/** Bun's or Deno's own server, recognised by what it passes beside the request (none other is): it frames whole bodies itself. */
const runtimeServerKey = runtimeName === 'Bun' ? 'requestIP' : runtimeName === 'Deno' ? 'remoteAddr' : null

export class WebRequest extends deferredBase(Readable, '_readableState', readableOptions) {
  readonly method: string
  url: string
  /** Node's shape of the headers, made when first read (see nodeHeadersOf). */
  private nodeHeaders: NodeStyleHeaders | null
  readonly httpVersion: string
  readonly httpVersionMajor: number
  readonly httpVersionMinor: number
  aborted = false
  complete = false
  /** Set by the response made for this request. */
  response: WebResponse | null = null
  private readonly source: Request
  /** What the runtime passed beside the request (the client's address is asked of it). */
  private readonly platform: unknown
  /** The connection's stand-in, made when something reads `socket` (a small request never does). */
  private fetchSocket: FetchSocket | null = null
  private reader: ReadableStreamDefaultReader<Uint8Array> | null
  /**
   * The body's length is declared (and no Transfer-Encoding): the runtime's server delivers exactly
   * that many bytes, so the body can be read in one call; its stream is made only if something
   * reads the request as a stream. True until the body is touched.
   */
  private framedBody: boolean
  /** A chunk read before the request was dispatched (to learn whether a body of unknown length has any), pushed first. */
  private firstChunk: Uint8Array | null
  private reading = false
  /** The body went to a parser as a Web stream: what the client still sends belongs to it. */
  private bodyTaken = false
  private watchingClient = false
  /** The Web request's signal, followed while a body built in code is read (see watchBodyRead). */
  private bodySignal: AbortSignal | null = null
  private rawHeaderList: string[] | null = null
  private trailerFields: Record<string, string> | null = null

  constructor (source: Request, platform: unknown, method: string, path: string, headers: NodeStyleHeaders | null, reader: ReadableStreamDefaultReader<Uint8Array> | null, firstChunk: Uint8Array | null, framedBody: boolean, http2: boolean) {
    super()
    this.source = source
    this.platform = platform
    this.method = method
    this.url = path
    this.nodeHeaders = headers
    this.httpVersion = http2 ? '2.0' : '1.1'
    this.httpVersionMajor = http2 ? 2 : 1
    this.httpVersionMinor = http2 ? 0 : 1
    this.reader = reader
    this.framedBody = framedBody
    this.firstChunk = firstChunk
    if (reader === null && !framedBody) this.complete = true
  }

  /** The body as a stream, made now if it was left to the runtime so far. */
  private openBody (): ReadableStreamDefaultReader<Uint8Array> | null {
    if (this.framedBody) {
      this.framedBody = false
      const body = this.source.body
      if (body == null) this.complete = true
      else this.reader = body.getReader()
    }
    return this.reader
  }

  /**
   * Called by Bun.serve or Deno.serve (not by code): the runtime writes a whole body's
   * Content-Length itself, so the same value need not be given as a field.
   */
  get servedByRuntime (): boolean {
    const platform = this.platform
    // `in`, not a read: Deno's remoteAddr is a getter that asks the server for the address.
    return runtimeServerKey !== null && typeof platform === 'object' && platform !== null && runtimeServerKey in platform
  }

  get headers (): NodeStyleHeaders {
    if (this.nodeHeaders === null) this.nodeHeaders = nodeHeadersOf(this.source)
    return this.nodeHeaders
  }

  /**
   * One field as `headers[name]` gives it (not `host` nor `set-cookie`, which Node's record shapes):
   * the body reader needs three, and asking the Web headers for them spares making the record
   * (a request whose hooks and handler read no header never makes it). Once made (or replaced by
   * a plugin), the record answers, with whatever was changed in it.
   */
  [kHeaderField] (name: string): string | undefined {
    const record = this.nodeHeaders
    if (record !== null) return record[name] as string | undefined
    const value = this.source.headers.get(name)
    return value === null ? undefined : value
  }

  /** As Node's request, whose headers a plugin may replace. */
  set headers (headers: NodeStyleHeaders) {
    this.nodeHeaders = headers
  }

  get socket (): FetchSocket {
    if (this.fetchSocket === null) this.fetchSocket = new FetchSocket(this, this.source, this.platform)
    return this.fetchSocket
  }

  /** Node's deprecated alias of `socket`. */
  get connection (): FetchSocket { return this.socket }

  /** Node's raw name/value list, from the headers (the Web request does not keep the wire's). */
  get rawHeaders (): string[] {
    if (this.rawHeaderList === null) {
      const list: string[] = []
      const headers = this.headers
      for (const name in headers) {
        const value = headers[name]!
        if (typeof value === 'string') list.push(name, value)
        else for (const item of value) list.push(name, item)
      }
      this.rawHeaderList = list
    }
    return this.rawHeaderList
  }

  /** A Web request carries no trailers. */
  get trailers (): Record<string, string> {
    if (this.trailerFields === null) this.trailerFields = {}
    return this.trailerFields
  }

  get rawTrailers (): string[] { return [] }

  override on (event: string | symbol, listener: Listener): this {
    if (reportsLeaving(event)) this.watchClientLeaving()
    return super.on(event, listener)
  }

  override addListener (event: string | symbol, listener: Listener): this {
    return this.on(event, listener)
  }

  override prependListener (event: string | symbol, listener: Listener): this {
    if (reportsLeaving(event)) this.watchClientLeaving()
    return super.prependListener(event, listener)
  }

  /**
   * Follows the Web request's signal from now on. Only code listening for the client leaving
   * ('close' or 'aborted' here, on the socket or on the response: onRequestAbort hooks,
   * `request.signal`, a piped reply) starts it, so a request nobody asks about never reads
   * `request.signal` (which runtimes make on first read) nor registers a listener on it.
   */
  watchClientLeaving (): void {
    if (this.watchingClient) return
    this.watchingClient = true
    // This watch covers the body read too.
    this.stopBodyWatch()
    const response = this.response
    if (response === null || response.writableFinished) return
    const signal = this.source.signal as AbortSignal | null | undefined
    if (signal === undefined || signal === null) return
    const watch = new AbortWatch(this, response, signal)
    // Already gone: reported as soon as the listener that asked is in place.
    if (signal.aborted) void Promise.resolve(watch).then(reportLeaving)
    else signal.addEventListener('abort', watch, { once: true })
  }

  override _read (): void {
    const reader = this.openBody()
    if (reader === null) {
      this.push(null)
      return
    }
    this.watchBodyRead()
    const first = this.firstChunk
    if (first !== null) {
      this.firstChunk = null
      if (!this.push(first)) return
    }
    if (!this.reading) void this.readChunks(reader)
  }

  /**
   * The body parser reads the Web stream itself when nothing has read the request as a Node
   * stream yet: null when it must go through the stream (a plugin began reading it, or it is gone).
   */
  [kTakeWebBody] (): WebBody | null {
    if (this.reading || this.bodyTaken) return null
    if (streamMade(this) && (this.readableFlowing !== null || this.destroyed)) return null
    // A runtime's server delivers the declared length and fails the stream when the client leaves:
    // the body is read in one call. One built in code may never end; it is read as a stream, which
    // can be cancelled when the request's signal aborts.
    if (this.framedBody && this.platform !== undefined) {
      this.framedBody = false
      this.bodyTaken = true
      return { whole: this.source, reader: null, firstChunk: null }
    }
    const reader = this.openBody()
    if (reader === null) return null
    this.bodyTaken = true
    const body: WebBody = { whole: null, reader, firstChunk: this.firstChunk }
    this.firstChunk = null
    this.watchBodyRead()
    return body
  }

  /**
   * A Request built in code (nothing was passed beside it) can have a body that never ends and a
   * signal that aborts, and nothing fails its stream then, as a server does the body of a client
   * that left mid-upload (Deno's). While such a body is read the signal is followed, so the read
   * stops and the request ends as a client leaving. A runtime's requests are left as they were:
   * reading their signal costs (~11 µs a request on Deno's server). The request is the listener
   * (`handleEvent`), so no function is made for it.
   */
  private watchBodyRead (): void {
    if (this.platform !== undefined || this.watchingClient || this.bodySignal !== null || this.complete) return
    const signal = this.source.signal as AbortSignal | null | undefined
    if (signal === undefined || signal === null) return
    this.bodySignal = signal
    // Gone before its body was asked for: left as soon as the reader has started.
    if (signal.aborted) void Promise.resolve(this).then(leaveMidUpload)
    else signal.addEventListener('abort', this, listenOnce)
  }

  private stopBodyWatch (): void {
    const signal = this.bodySignal
    if (signal === null) return
    this.bodySignal = null
    signal.removeEventListener('abort', this)
  }

  /** The signal aborted while the body was read: the client left mid-upload. */
  handleEvent (): void {
    const signal = this.bodySignal
    if (signal === null) return
    this.bodySignal = null
    const response = this.response
    if (response === null || response.answerComplete) return
    this.abort(signal.reason)
    response.abandon(signal.reason)
  }

  /** The parser read the Web body to its end. */
  bodyRead (): void {
    this.reader = null
    this.complete = true
    this.stopBodyWatch()
  }

  /** Pushes chunks as the runtime delivers them, until the consumer has enough (push() says false). */
  private async readChunks (reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
    this.reading = true
    try {
      for (;;) {
        const { done, value } = await reader.read()
        if (this.destroyed || this.reader === null) return
        if (done) {
          this.reader = null
          this.complete = true
          this.stopBodyWatch()
          this.push(null)
          return
        }
        if (value.byteLength > 0 && !this.push(value)) return
      }
    } catch (error) {
      this.bodyFailed(error)
    } finally {
      this.reading = false
    }
  }

  /** The exchange is over, or was abandoned: what the client did not send yet is not wanted. */
  discardBody (reason?: unknown): void {
    this.stopBodyWatch()
    if (this.framedBody) {
      this.framedBody = false
      const body = this.source.bodyUsed ? null : this.source.body
      if (body != null) body.cancel(reason).catch(ignoreCancelFailure)
      return
    }
    const reader = this.reader
    if (reader === null) return
    this.reader = null
    reader.cancel(reason).catch(ignoreCancelFailure)
  }

  /**
   * The body stream failed: the client went away mid-upload. Deno's server fails the stream
   * without aborting the request's signal, so this is the client leaving too, as a socket error on
   * a Node request: 'aborted' and 'close' (onRequestAbort) while the answer is not complete, an
   * error for whoever is reading the body, and the answer abandoned (nobody is there to take it).
   */
  bodyFailed (error: unknown): void {
    this.reader = null
    this.stopBodyWatch()
    if (this.destroyed) return
    const response = this.response
    if (response === null || response.answerComplete) {
      this.destroy(this.listenerCount('error') > 0 ? error as Error : undefined)
      return
    }
    this.abort(error)
    response.clientLeft(error)
  }

  /**
   * The response was destroyed before it finished (a streamed reply's source failed, the app
   * destroyed it, the client cancelled its body): over a socket the connection goes with it, and
   * Node reports the request aborted unless its body had been read to its end.
   */
  connectionLost (): void {
    if (this.destroyed || this.aborted || this.bodyReadToEnd()) return
    this.abort(connectionReset())
  }

  /**
   * Node's request has closed (not aborted) once its body was read to its end, before the answer
   * is written: the connection going later is not its abort (no onRequestAbort, as in Fastify).
   */
  private bodyReadToEnd (): boolean {
    return this.complete && (this.bodyTaken || (streamMade(this) && this.readableEnded))
  }

  /** The client went away before the answer was complete: Node's 'aborted', then 'close'. */
  abort (reason: unknown): void {
    this.discardBody(reason)
    if (this.destroyed) return
    if (this.bodyReadToEnd()) {
      this.destroy()
      if (this.fetchSocket !== null) this.fetchSocket.destroy()
      return
    }
    this.aborted = true
    this.emit('aborted')
    // As Node: an error only for someone reading the body; 'close' for everyone (onRequestAbort).
    this.destroy(this.listenerCount('error') > 0 ? connectionReset() : undefined)
    if (this.fetchSocket !== null) this.fetchSocket.destroy()
  }
}

/**
 * Follows the Web request's signal (an `EventListener` object, so no closure is made): the client
 * leaving before the answer is complete is, to the app, a closed connection.
 */
class AbortWatch {
  readonly req: WebRequest
  readonly res: WebResponse
  readonly signal: AbortSignal

  constructor (req: WebRequest, res: WebResponse, signal: AbortSignal) {
    this.req = req
    this.res = res
    this.signal = signal
    res.stopWatchingOnClose(this)
  }

  handleEvent (): void {
    if (this.res.answerComplete) return
    this.req.abort(this.signal.reason)
    this.res.clientLeft(this.signal.reason)
  }

  stop (): void {
    this.signal.removeEventListener('abort', this)
  }
}

export type { AbortWatch }

function reportLeaving (watch: AbortWatch): void {
  watch.handleEvent()
}

function ignoreCancelFailure (): void {}

function leaveMidUpload (request: WebRequest): void {
  request.handleEvent()
}

const listenOnce = { once: true }
