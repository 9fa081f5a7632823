/**
 * The raw response app.fetch() hands the core: Node's response API (status, headers, writeHead,
 * write, end, destroy) written into a Web `Response`. A body given whole to end() becomes a byte
 * body; anything written before end() (a piped stream) becomes a streamed body, read as the
 * consumer pulls, so backpressure reaches the source.
 */
import { Writable } from 'node:stream'
import { errorCodes } from '../errors/codes.js'
import { isConnectionHeader } from '../util/http2-responses.js'
import type { AbortWatch, FetchSocket, WebRequest } from './web-request.js'
import { deferredBase, streamMade } from '../util/deferred-stream-base.js'
import { runtimeName } from '../util/runtime-name.js'

type HeaderValue = string | number | readonly string[]

/** Workers' Response option: 'automatic' (its default) encodes the body for its Content-Encoding. */
interface EncodedResponseInit extends ResponseInit { encodeBody?: 'automatic' | 'manual' }

/** Node's checks on header names and values (node:http's validateHeaderName/Value), so the core's header errors are the same. */
const headerToken = /^[\^_`a-zA-Z\-0-9!#$%&'*+.|~]+$/
const invalidHeaderChar = /[^\t\x20-\x7e\x80-\xff]/
/** Anything but printable ASCII: the one test a usual value costs; only such values are looked at further. */
const beyondAscii = /[^\t\x20-\x7e]/

function nodeError (Base: typeof TypeError | typeof RangeError | typeof Error, code: string, message: string): Error {
  const error = new Base(message) as Error & { code: string }
  error.code = code
  return error
}

/**
 * The key a field is recorded under, once Node's token check of its name passed. A name that
 * passed once is known by its key: a response sets the same few names, so each is tested once.
 */
function checkedKeyOf (name: string): string {
  let key = checkedKeys.get(name)
  if (key === undefined) {
    if (typeof name !== 'string' || name === '' || !headerToken.test(name)) {
      throw nodeError(TypeError, 'ERR_INVALID_HTTP_TOKEN', `Header name must be a valid HTTP token ["${String(name)}"]`)
    }
    key = keyOf(name)
    if (checkedKeys.size < knownKeysLimit) checkedKeys.set(name, key)
  }
  return key
}

/** Throws as Node's setHeader() does for a value; true when it has characters beyond ASCII (see wireValue). */
function checkHeader (name: string, value: unknown): boolean {
  if (value === undefined) throw nodeError(TypeError, 'ERR_HTTP_INVALID_HEADER_VALUE', `Invalid value "undefined" for header "${name}"`)
  if (!Array.isArray(value)) return checkHeaderValue(name, value)
  let wide = false
  for (const item of value) if (checkHeaderValue(name, item)) wide = true
  return wide
}

function checkHeaderValue (name: string, value: unknown): boolean {
  const text = String(value)
  if (!beyondAscii.test(text)) return false
  if (invalidHeaderChar.test(text)) throw nodeError(TypeError, 'ERR_INVALID_CHAR', `Invalid character in header content ["${name}"]`)
  return true
}

/**
 * A value as Bun's and Deno's servers must be given it to write the bytes Node's server writes.
 * Node writes a header value's characters as UTF-8 (`é` is C3 A9); a Web Headers value is a byte
 * string those servers write one byte per character (`é` would be E9). So the value's UTF-8 bytes,
 * one character each, go to them. ASCII values are the same either way and are never converted.
 */
function wireValue (value: string): string {
  return beyondAscii.test(value) ? Buffer.from(value, 'utf8').toString('latin1') : value
}

/** Field names seen so far, with their lower-case keys; bounded, as names an app reflects from requests could be many. */
const knownKeys = new Map<string, string>()
const knownKeysLimit = 256
/** The names among those that are valid tokens (checkedKeyOf). */
const checkedKeys = new Map<string, string>()

/**
 * A field name as the record keys it. V8's toLowerCase makes a new string each call, even when
 * nothing changes; a response uses the same few names, so each is lowered once. Anything but a
 * string still fails in toLowerCase, as before.
 */
function keyOf (name: string): string {
  const known = knownKeys.get(name)
  if (known !== undefined) return known
  const key = name.toLowerCase()
  if (typeof name === 'string' && knownKeys.size < knownKeysLimit) knownKeys.set(name, key)
  return key
}

function headersSentError (action: string): Error {
  return nodeError(Error, 'ERR_HTTP_HEADERS_SENT', `Cannot ${action} headers after they are sent to the client`)
}

/**
 * Connection-level headers describe a socket the runtime owns (it frames the body itself), and
 * `trailer` announces fields a Web Response cannot carry: none of them is passed on.
 */
function isRuntimeOwnedHeader (name: string): boolean {
  return isConnectionHeader(name) || name === 'trailer'
}

const textEncoder = new TextEncoder()

/** A whole body as a Response takes it: a UTF-8 string as it is (the runtime encodes it once), anything else as bytes. */
function wholeBodyOf (chunk: unknown, encoding: unknown): string | Uint8Array | null {
  if (typeof chunk === 'string' && (encoding === undefined || encoding === null || encoding === 'utf8' || encoding === 'utf-8')) return chunk
  return toBytes(chunk, encoding)
}

function toBytes (chunk: unknown, encoding: unknown): Uint8Array | null {
  if (chunk === undefined || chunk === null) return null
  if (typeof chunk === 'string') {
    return typeof encoding === 'string' && encoding !== 'utf8' && encoding !== 'utf-8'
      ? Buffer.from(chunk, encoding as BufferEncoding)
      : textEncoder.encode(chunk)
  }
  if (chunk instanceof Uint8Array) return chunk
  if (ArrayBuffer.isView(chunk)) return new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength)
  // Writable's own type check answers the rest, as Node's response does.
  return null
}

/**
 * The source of a streamed Response body: one chunk handed over per read, so the Writable buffers
 * (and pipe() pauses) while the consumer is slow. Its methods are called with it as `this`.
 */
class ResponseBodySource {
  readonly response: WebResponse
  controller: ReadableStreamDefaultController<Uint8Array> | null = null
  /** A write waiting for the consumer, and the callback that lets the Writable go on. */
  pendingChunk: Uint8Array | null = null
  pendingCallback: ((error?: Error | null) => void) | null = null
  /** end() waits for the consumer to read past the last chunk: then 'finish' (onResponse) follows. */
  finalCallback: ((error?: Error | null) => void) | null = null
  /** The consumer asked for a chunk that was not written yet. */
  wanted = false
  closed = false

  constructor (response: WebResponse) {
    this.response = response
  }

  start (controller: ReadableStreamDefaultController<Uint8Array>): void {
    this.controller = controller
  }

  pull (): void {
    if (this.pendingChunk !== null) {
      const callback = this.pendingCallback!
      this.controller!.enqueue(this.pendingChunk)
      this.pendingChunk = null
      this.pendingCallback = null
      callback()
    } else if (this.finalCallback !== null) {
      this.close()
    } else {
      this.wanted = true
    }
  }

  /** The consumer gave up (the client went away): as a closed connection, the response is destroyed. */
  cancel (): void {
    this.closed = true
    this.release(null)
    if (!this.response.destroyed) this.response.destroy()
  }

  write (chunk: Uint8Array, callback: (error?: Error | null) => void): void {
    if (this.closed) {
      callback()
      return
    }
    if (this.wanted) {
      this.wanted = false
      this.controller!.enqueue(chunk)
      callback()
      return
    }
    this.pendingChunk = chunk
    this.pendingCallback = callback
  }

  end (callback: (error?: Error | null) => void): void {
    this.finalCallback = callback
    if (this.wanted || this.closed) this.close()
  }

  close (): void {
    const callback = this.finalCallback
    this.finalCallback = null
    if (!this.closed) {
      this.closed = true
      this.controller!.close()
    }
    if (callback !== null) callback()
  }

  /** The response was destroyed mid-body: the consumer sees the stream fail, as a cut connection. */
  fail (error: Error | null): void {
    if (!this.closed) {
      this.closed = true
      this.controller!.error(error ?? new errorCodes.ENC_ERR_FETCH_NO_RESPONSE())
    }
    this.release(error)
  }

  /** The client went away behind a runtime's server, which discards the body: it ends, without an error to log. */
  drop (): void {
    if (!this.closed) {
      this.closed = true
      this.controller!.close()
    }
    this.release(null)
  }

  /** Lets a Writable waiting on the consumer go on (it is being destroyed). */
  private release (error: Error | null): void {
    const callback = this.pendingCallback
    this.pendingChunk = null
    this.pendingCallback = null
    if (callback !== null) callback(error)
  }
}

// EventEmitter's own listener type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Listener = (...args: any[]) => void

/** The promise app.fetch() returns, when the answer is not known as the handler returns: its resolvers, taken without a closure. */
let takenResolve: ((response: Response) => void) | null = null
let takenReject: ((error: unknown) => void) | null = null
function takeResolvers (resolve: (response: Response) => void, reject: (error: unknown) => void): void {
  takenResolve = resolve
  takenReject = reject
}

/**
 * The response's fields by lower-case name. Its prototype has none, so every name ('__proto__',
 * 'constructor' included) is a field of its own, as in an `Object.create(null)` record; unlike
 * one (which V8 keeps as a hash table), it has a fixed shape, so setting the two or three fields of
 * a response and walking them costs a tenth as much on Deno and Node (~0.1 µs a response).
 */
const HeaderRecord = function HeaderRecord () {} as unknown as new () => Record<string, HeaderValue>
HeaderRecord.prototype = Object.freeze(Object.create(null) as object) as Record<string, HeaderValue>

export class WebResponse extends deferredBase(Writable, '_writableState', undefined) {
  statusCode = 200
  statusMessage: string | undefined = undefined
  headersSent = false
  sendDate = false
  readonly req: WebRequest
  /** The answer once the head is written, or why there is none. */
  private response: Response | null = null
  private failure: unknown = undefined
  private failed = false
  /** The caller's promise, made only when the answer was not ready as the handler returned. */
  private resolveAnswer: ((response: Response) => void) | null = null
  private rejectAnswer: ((error: unknown) => void) | null = null
  private headerValues: Record<string, HeaderValue> = new HeaderRecord()
  private answered = false
  private body: ResponseBodySource | null = null
  private abortWatch: AbortWatch | null = null
  private finishListened = false
  /** The client went away behind a runtime's server (clientLeft): nothing it could see is failed. */
  private clientGone = false
  /** A header value has characters beyond ASCII (a Latin-1 or Unicode file name): see wireValue. */
  private wideValues = false
  /**
   * The whole body went out with end(): the exchange finishes without Writable's machinery (its
   * end, 'finish' and auto-destroy cost more than the rest of a small request on some runtimes).
   * Writable's state then does not know it ended: the accessors below answer from these.
   */
  wholeSent = false
  endCallback: unknown = undefined
  wholeFinished = false
  wholeClosed = false

  constructor (req: WebRequest) {
    super()
    this.req = req
    req.response = this
  }

  /** What app.fetch() returns: settles with the Response once the head is written (so a streamed body can be read as it comes). */
  answer (): Promise<Response> {
    if (this.response !== null) return Promise.resolve(this.response)
    if (this.failed) return Promise.reject(this.failure)
    const pending = new Promise<Response>(takeResolvers)
    this.resolveAnswer = takenResolve
    this.rejectAnswer = takenReject
    takenResolve = null
    takenReject = null
    return pending
  }

  private settle (response: Response): void {
    this.response = response
    if (this.resolveAnswer !== null) this.resolveAnswer(response)
  }

  private fail (error: unknown): void {
    this.failed = true
    this.failure = error
    if (this.rejectAnswer !== null) this.rejectAnswer(error)
  }

  override on (event: string | symbol, listener: Listener): this {
    if (event === 'close') this.req.watchClientLeaving()
    return super.on(event, listener)
  }

  override addListener (event: string | symbol, listener: Listener): this {
    return this.on(event, listener)
  }

  override prependListener (event: string | symbol, listener: Listener): this {
    if (event === 'close') this.req.watchClientLeaving()
    return super.prependListener(event, listener)
  }

  /** The watch on the client leaving ends with the exchange. */
  stopWatchingOnClose (watch: AbortWatch): void {
    this.abortWatch = watch
    super.on('close', stopWatching)
  }

  /** The request's: one connection stand-in for both. */
  get socket (): FetchSocket { return this.req.socket }

  /** Node's deprecated alias of `socket`. */
  get connection (): FetchSocket { return this.socket }

  setHeader (name: string, value: HeaderValue): this {
    if (this.headersSent) throw headersSentError('set')
    const key = checkedKeyOf(name)
    if (checkHeader(name, value)) this.wideValues = true
    this.headerValues[key] = value
    return this
  }

  appendHeader (name: string, value: HeaderValue): this {
    if (this.headersSent) throw headersSentError('append')
    const key = checkedKeyOf(name)
    if (checkHeader(name, value)) this.wideValues = true
    const existing = this.headerValues[key]
    if (existing === undefined) {
      this.headerValues[key] = value
    } else {
      const merged: string[] = Array.isArray(existing) ? (existing as readonly string[]).slice() : [String(existing)]
      if (Array.isArray(value)) for (const item of value as readonly string[]) merged.push(String(item))
      else merged.push(String(value))
      this.headerValues[key] = merged
    }
    return this
  }

  getHeader (name: string): HeaderValue | undefined {
    return this.headerValues[keyOf(name)]
  }

  getHeaders (): Record<string, HeaderValue> {
    return Object.assign(Object.create(null) as Record<string, HeaderValue>, this.headerValues)
  }

  getHeaderNames (): string[] {
    return Object.keys(this.headerValues)
  }

  hasHeader (name: string): boolean {
    return this.headerValues[keyOf(name)] !== undefined
  }

  removeHeader (name: string): void {
    if (this.headersSent) throw headersSentError('remove')
    // Fields are never deleted from a record (it would lose its shape): a fresh one is made without it.
    const key = keyOf(name)
    if (this.headerValues[key] === undefined) return
    const kept = new HeaderRecord()
    for (const other in this.headerValues) if (other !== key) kept[other] = this.headerValues[other]!
    this.headerValues = kept
  }

  writeHead (statusCode: number, reason?: string | Record<string, HeaderValue> | HeaderValue[], headers?: Record<string, HeaderValue> | HeaderValue[]): this {
    if (this.headersSent) throw headersSentError('write')
    if (typeof reason !== 'string') {
      headers = reason
      reason = undefined
    }
    const code = Number(statusCode) | 0
    if (code < 100 || code > 999) throw nodeError(RangeError, 'ERR_HTTP_INVALID_STATUS_CODE', `Invalid status code: ${String(statusCode)}`)
    if (headers !== undefined && headers !== null) {
      if (Array.isArray(headers)) {
        for (let i = 0; i + 1 < headers.length; i += 2) this.appendHeader(String(headers[i]), headers[i + 1] as HeaderValue)
      } else {
        for (const name in headers) this.setHeader(name, headers[name]!)
      }
    }
    this.statusCode = code
    if (reason !== undefined) this.statusMessage = reason
    this.headersSent = true
    return this
  }

  /** Sends the head now: the body that follows is streamed. */
  flushHeaders (): void {
    if (!this.answered) this.answerWith(true, null)
  }

  /** A Web Response has no trailer section: the fields cannot be sent (see docs/runtimes.md). */
  addTrailers (): void {
    throw new errorCodes.ENC_ERR_FETCH_UNSUPPORTED('Trailers', runtimeName)
  }

  /** A Web Response is one final answer: a 103 cannot go before it. */
  writeEarlyHints (): void {
    throw new errorCodes.ENC_ERR_FETCH_UNSUPPORTED('Early hints (103)', runtimeName)
  }

  /** The runtime times requests out, not the application. */
  setTimeout (): this { return this }

  override end (chunk?: unknown, encoding?: unknown, callback?: unknown): this {
    if (typeof chunk === 'function') {
      callback = chunk
      chunk = undefined
    } else if (typeof encoding === 'function') {
      callback = encoding
      encoding = undefined
    }
    if (this.wholeSent) {
      // As Node's response ended once already: nothing more is written.
      if (typeof callback === 'function') process.nextTick(callback as () => void)
      return this
    }
    if (!this.answered && !this.writableEnded && !this.destroyed) {
      const bytes = wholeBodyOf(chunk, encoding)
      // The whole body is known, nothing was written before it: one Response with that body, and
      // the exchange ends without a stream (a chunk of another type goes on to Writable, which
      // refuses it as Node's response does).
      if (bytes !== null || chunk === undefined || chunk === null) {
        this.answerWith(false, bytes)
        // The answer is complete: what the client is still sending is not wanted (a 413 stops the upload here).
        this.req.discardBody()
        if (wholeBodyShortcut) {
          this.wholeSent = true
          this.endCallback = callback
          // A microtask, not process.nextTick: Bun's nextTick costs more than the rest of a small exchange.
          void Promise.resolve(this).then(finishWhole)
          return this
        }
        chunk = undefined
      }
    }
    this.finishWatched()
    if (chunk === undefined) return super.end(callback as (() => void) | undefined)
    return super.end(chunk, encoding as BufferEncoding, callback as (() => void) | undefined)
  }

  override write (chunk: unknown, encoding?: unknown, callback?: unknown): boolean {
    if (this.wholeSent) {
      // As Node's response written after its end: the write fails, reported to whoever listens.
      process.nextTick(writeAfterEnd, this, typeof encoding === 'function' ? encoding : callback)
      return true
    }
    return super.write(chunk, encoding as BufferEncoding, callback as (error: Error | null | undefined) => void)
  }

  override destroy (error?: Error): this {
    // A whole body is already handed over: the exchange ends on its own (finishWhole).
    if (this.wholeSent) return this
    return super.destroy(error)
  }

  /** The stream path ends through Writable: its 'finish' ends the exchange. */
  private finishWatched (): void {
    if (this.finishListened) return
    this.finishListened = true
    super.on('finish', onResponseFinished)
  }

  override _write (chunk: Uint8Array, _encoding: string, callback: (error?: Error | null) => void): void {
    if (!this.answered) this.answerWith(true, null)
    if (this.body === null) callback()
    else this.body.write(chunk, callback)
  }

  override _final (callback: (error?: Error | null) => void): void {
    if (this.body === null) callback()
    else this.body.end(callback)
  }

  override _destroy (error: Error | null, callback: (error?: Error | null) => void): void {
    if (!this.answered) {
      this.answered = true
      this.fail(error === null ? new errorCodes.ENC_ERR_FETCH_NO_RESPONSE() : new errorCodes.ENC_ERR_FETCH_NO_RESPONSE({ cause: error }))
    }
    if (this.body !== null) {
      if (this.clientGone && error === null) this.body.drop()
      else this.body.fail(error)
    }
    // As Node's response, whose destroy(error) goes to the socket: no 'error' event on the response,
    // and the request closes as aborted when it was still open (onRequestAbort).
    if (!this.writableFinished) this.req.connectionLost()
    this.req.discardBody(error ?? undefined)
    callback()
  }

  /**
   * The answer is complete: finished, or its whole body handed over ('finish' is then a microtask
   * away). The client leaving after this is not an abort (Deno's server aborts the request's signal,
   * or fails its body stream, as soon as it has the Response).
   */
  get answerComplete (): boolean {
    return this.wholeSent || this.writableFinished
  }

  /** The exchange ends without an answer (the client went away, or the handler threw): the caller's promise rejects. */
  abandon (reason: unknown): void {
    if (!this.answered) {
      this.answered = true
      this.fail(reason)
    }
    if (!this.destroyed) this.destroy()
  }

  /**
   * The client went away before the answer was complete. Behind Bun's or Deno's server nobody is
   * left to take an answer or read a body: the promise resolves with an empty 500 the server cannot
   * deliver, and a streamed body ends without an error, so the server logs nothing for an ordinary
   * disconnect (Deno's logs every rejected handler and failed body, stack and all). Code that
   * called app.fetch() is the client itself: it is told, as by abandon().
   */
  clientLeft (reason: unknown): void {
    if (!this.req.servedByRuntime) {
      this.abandon(reason)
      return
    }
    this.clientGone = true
    if (!this.answered) {
      this.answered = true
      this.settle(new Response(null, goneInit))
    }
    if (!this.destroyed) this.destroy()
  }

  private hasNullBody (): boolean {
    const code = this.statusCode
    return this.req.method === 'HEAD' || code === 204 || code === 205 || code === 304 || code < 200
  }

  /** The head goes out: the Response, its body the bytes given or a stream of what is written next. */
  private answerWith (streamed: boolean, bytes: string | Uint8Array | null): void {
    this.answered = true
    this.headersSent = true
    let body: ReadableStream<Uint8Array> | string | Uint8Array | null = null
    const lengthless = this.req.method === 'HEAD' && this.headerValues['content-length'] === undefined && bodyAllowed(this.statusCode) && this.req.servedByRuntime
    if (lengthless && !onBun) body = emptyBody()
    if (!this.hasNullBody()) {
      if (streamed) {
        this.finishWatched()
        this.body = new ResponseBodySource(this)
        // highWaterMark 0: a chunk is taken only when the consumer reads, so the source waits on it.
        body = new ReadableStream<Uint8Array>(this.body, { highWaterMark: 0 })
        if (FixedLengthStream !== undefined) body = withDeclaredLength(body, this.headerValues['content-length'], FixedLengthStream)
      } else {
        // A string body gets a text/plain type from the Response (Bun's server adds it again even
        // when it is removed): an answer sent without a type goes as bytes, which get none.
        body = typeof bytes === 'string' && this.headerValues['content-type'] === undefined ? textEncoder.encode(bytes) : bytes
      }
    }
    // The headers are set on the made Response, not given to its constructor: Deno prepares its
    // server's native copy of constructor headers (anything beyond a single content-type) at once,
    // ~5-8 µs a response, while fields set afterwards go out through its ordinary path at no extra
    // cost; on Bun and Node both ways cost the same. The exception: a response whose only field is
    // its content type (once its length is left to the runtime) gives it to the constructor, which
    // Deno's server then sends through its static fast path.
    // A body the app encoded itself (@fastify/compress) is sent as it is: Cloudflare Workers would
    // otherwise encode it a second time for its Content-Encoding. Other runtimes ignore the field.
    // The shared inits are never written to: such a response gets an init of its own.
    const encoded = this.headerValues['content-encoding'] !== undefined
    const loneType = encoded || this.statusMessage !== undefined || this.wideValues ? null : loneContentType(this.headerValues, body, this.req)
    let init: EncodedResponseInit
    if (this.statusMessage !== undefined) init = { status: this.statusCode, statusText: this.statusMessage }
    else if (encoded) init = { status: this.statusCode }
    else if (loneType !== null) init = initWithType(this.statusCode, loneType)
    else init = initOf(this.statusCode)
    if (encoded) init.encodeBody = 'manual'
    let response: Response
    try {
      response = new Response(body, init)
      if (loneType === null) setResponseHeaders(response.headers, this.headerValues, body, this.req, this.wideValues && this.req.servedByRuntime)
      if (lengthless && onBun) response.headers.set('transfer-encoding', 'chunked')
    } catch (cause) {
      // A status a Web Response cannot have (1xx, 600 and above) or a status text it refuses.
      this.body = null
      this.fail(new errorCodes.ENC_ERR_FETCH_UNSUPPORTED(`Status ${this.statusCode}`, runtimeName, { cause }))
      return
    }
    this.settle(response)
  }
}

/** Workers' identity stream whose readable side has a known length: the runtime sends it with that Content-Length. */
type FixedLengthStreamClass = new (length: number) => { readable: ReadableStream<Uint8Array>, writable: WritableStream<Uint8Array> }
const FixedLengthStream = (globalThis as { FixedLengthStream?: FixedLengthStreamClass }).FixedLengthStream

/**
 * A streamed body whose length the app declared (a file's size): workerd sends a stream of unknown
 * length chunked and drops the field, so the body goes through a FixedLengthStream of that length.
 * As on Node, a source that gives more or fewer bytes than declared cuts the answer short.
 */
function withDeclaredLength (body: ReadableStream<Uint8Array>, declared: HeaderValue | undefined, Fixed: FixedLengthStreamClass): ReadableStream<Uint8Array> {
  if (typeof declared !== 'string' && typeof declared !== 'number') return body
  const text = String(declared)
  if (!/^[0-9]{1,15}$/.test(text)) return body
  const fixed = new Fixed(Number(text))
  body.pipeTo(fixed.writable).catch(ignorePipeFailure)
  return fixed.readable
}

/** A failed pipe has failed the readable side too: the consumer sees it there. */
function ignorePipeFailure (): void {}

const onBun = runtimeName === 'Bun'

/** The answer to a client that went away: its server has no connection to write it to. */
const goneInit: ResponseInit = { status: 500 }

/** A status whose GET answer has a body, so that a HEAD answer's length would describe it. */
function bodyAllowed (status: number): boolean {
  return status >= 200 && status !== 204 && status !== 205 && status !== 304
}

/**
 * A HEAD answer whose length is not known (its GET answer is streamed) goes out without a length.
 * Bun's and Deno's servers write `Content-Length: 0` for a null body, which would say the GET answer
 * is empty: Deno's writes no length for an empty stream, Bun's none for an answer marked chunked.
 */
function emptyBody (): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>(emptySource)
}

const emptySource = {
  start (controller: ReadableStreamDefaultController<Uint8Array>): void { controller.close() }
}

/**
 * The init of a Response with no status text, one per status (a Response only reads it): none made
 * per request. Filled up front so that V8 keeps its elements in a plain array, not the hash table a
 * first write at index 200 would make.
 */
const statusInits: Array<ResponseInit | undefined> = new Array<ResponseInit | undefined>(600).fill(undefined)

function initOf (status: number): ResponseInit {
  if (!Number.isInteger(status) || status < 200 || status > 599) return { status }
  let init = statusInits[status]
  if (init === undefined) {
    init = { status }
    statusInits[status] = init
  }
  return init
}

/** Inits with a status and a content type, by status then type; bounded, as content types an app makes could be many. */
const typedInits: Array<Map<string, ResponseInit> | undefined> = new Array<Map<string, ResponseInit> | undefined>(600).fill(undefined)
const typedInitsLimit = 64

function initWithType (status: number, type: string): ResponseInit {
  if (!Number.isInteger(status) || status < 200 || status > 599) return { status, headers: { 'content-type': type } }
  let byType = typedInits[status]
  if (byType === undefined) {
    byType = new Map()
    typedInits[status] = byType
  }
  let init = byType.get(type)
  if (init === undefined) {
    // Bun makes the Response ~0.1 µs faster from a Headers object than from a record (in-process;
    // through Bun.serve it is below the noise). Deno keeps the record: its server showed no gain.
    init = { status, headers: onBun ? new Headers({ 'content-type': type }) : { 'content-type': type } }
    if (byType.size < typedInitsLimit) byType.set(type, init)
  }
  return init
}

/** The content type, when it is the one field the Response gets (a length left to the runtime aside); else null. */
function loneContentType (values: Record<string, HeaderValue>, body: ReadableStream<Uint8Array> | string | Uint8Array | null, req: WebRequest): string | null {
  let type: string | null = null
  for (const name in values) {
    if (isRuntimeOwnedHeader(name)) continue
    const value = values[name]!
    if (name === 'content-type' && typeof value === 'string') type = value
    else if (!(name === 'content-length' && lengthLeftToRuntime(value, body, req))) return null
  }
  return type
}

/**
 * The response's fields onto the Response. A string body made the constructor add its own
 * `content-type`, which the response's replaces; a field with several values (set-cookie) stays
 * several fields.
 */
function setResponseHeaders (headers: Headers, values: Record<string, HeaderValue>, body: ReadableStream<Uint8Array> | string | Uint8Array | null, req: WebRequest, asWireBytes: boolean): void {
  for (const name in values) {
    if (isRuntimeOwnedHeader(name)) continue
    if (name === 'content-length' && lengthLeftToRuntime(values[name]!, body, req)) continue
    const value = values[name]!
    if (!Array.isArray(value)) {
      const text = typeof value === 'string' ? value : String(value)
      headers.set(name, asWireBytes ? wireValue(text) : text)
      continue
    }
    const items = value as readonly string[]
    if (items.length === 0) continue
    headers.set(name, asWireBytes ? wireValue(String(items[0])) : String(items[0]))
    for (let i = 1; i < items.length; i++) headers.append(name, asWireBytes ? wireValue(String(items[i])) : String(items[i]))
  }
}

/**
 * A whole body's Content-Length is written by Bun's and Deno's servers themselves, from the body;
 * given as a field too, Deno checks and copies it (~1.5 µs a response). The field is left out only
 * when it says what the runtime will write, and only for those servers: a Response made for code
 * that calls app.fetch() keeps it, and a length that differs from the body's is passed on as before.
 */
function lengthLeftToRuntime (value: HeaderValue, body: ReadableStream<Uint8Array> | string | Uint8Array | null, req: WebRequest): boolean {
  if (body === null || !(typeof body === 'string' || body instanceof Uint8Array) || !req.servedByRuntime) return false
  if (typeof value !== 'string' && typeof value !== 'number') return false
  return String(value) === String(typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength)
}

function stopWatching (this: WebResponse): void {
  const watch = (this as unknown as { abortWatch: AbortWatch | null }).abortWatch
  if (watch !== null) watch.stop()
}

/** The answer is complete: the request's 'close' follows, as Node's, and what was not read of its body is dropped. */
function onResponseFinished (this: WebResponse): void {
  const req = this.req
  req.discardBody()
  // Destroying a stream costs a turn of the event loop: only for someone listening for its 'close'.
  if (streamMade(req) && !req.destroyed && req.listenerCount('close') > 0) req.destroy()
}

/** A whole body's exchange ends as Node's response: end()'s callback, 'finish', then 'close'. */
function finishWhole (res: WebResponse): void {
  res.wholeFinished = true
  const callback = res.endCallback
  if (typeof callback === 'function') (callback as () => void)()
  // A response nobody used as an emitter has no listener for these.
  if (streamMade(res)) res.emit('finish')
  onResponseFinished.call(res)
  res.wholeClosed = true
  if (streamMade(res)) res.emit('close')
}

function writeAfterEnd (res: WebResponse, callback: unknown): void {
  const error = nodeError(Error, 'ERR_STREAM_WRITE_AFTER_END', 'write after end')
  if (typeof callback === 'function') (callback as (error: Error) => void)(error)
  if (res.listenerCount('error') > 0) res.emit('error', error)
}

/** Whether Writable's state accessors could be answered for (answerAfterWholeBody): end()'s shortcut needs all of them. */
let wholeBodyShortcut = true

/**
 * Writable's state accessors, answered from WebResponse's own flags once a whole body went out, and
 * as a fresh Writable answers (`fresh`) while nothing has used the response as a stream.
 */
function answerAfterWholeBody (name: string, fresh: boolean, value: (res: WebResponse) => boolean): void {
  const inherited = Object.getOwnPropertyDescriptor(Writable.prototype, name)
  // A runtime whose Writable keeps it as a plain field: whole bodies go through Writable's end there.
  if (inherited?.get === undefined) {
    wholeBodyShortcut = false
    return
  }
  Object.defineProperty(WebResponse.prototype, name, {
    configurable: true,
    enumerable: inherited.enumerable,
    get (this: WebResponse) {
      if (this.wholeSent) return value(this)
      return streamMade(this) ? inherited.get!.call(this) as boolean : fresh
    },
    set (this: WebResponse, given: boolean) { if (inherited.set !== undefined) inherited.set.call(this, given) }
  })
}

answerAfterWholeBody('writableEnded', false, () => true)
answerAfterWholeBody('writableFinished', false, (res) => res.wholeFinished)
answerAfterWholeBody('writable', true, () => false)
answerAfterWholeBody('destroyed', false, (res) => res.wholeClosed)
answerAfterWholeBody('closed', false, (res) => res.wholeClosed)
