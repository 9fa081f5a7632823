/**
 * The raw request app.fetch() hands the core: a Web `Request` seen as the Node request the
 * lifecycle reads (method, url, headers, a readable body, a socket with the client's address).
 */
import { EventEmitter } from 'node:events'
import { Readable } from 'node:stream'

/** The client's address, as the runtime reports it (see peerOf in fetch-handler.ts). */
export interface PeerAddress {
  address: string | undefined
  port: number | undefined
  family: string | undefined
}

/**
 * What stands for the connection: the client's address for `request.ip`, whether the URL was
 * https for `request.protocol`, and the 'close' event plugins listen to. It carries no bytes.
 */
export class FetchSocket extends EventEmitter {
  readonly remoteAddress: string | undefined
  readonly remotePort: number | undefined
  readonly remoteFamily: string | undefined
  readonly encrypted: boolean
  destroyed = false

  constructor (peer: PeerAddress, encrypted: boolean) {
    super()
    this.remoteAddress = peer.address
    this.remotePort = peer.port
    this.remoteFamily = peer.family
    this.encrypted = encrypted
  }

  /** Timeouts are the runtime's business: there is no socket to time out here. */
  setTimeout (): this { return this }
  setKeepAlive (): this { return this }
  setNoDelay (): this { return this }

  destroy (): this {
    if (this.destroyed) return this
    this.destroyed = true
    this.emit('close', false)
    return this
  }
}

/** Headers of a Web request as Node shows them: lower-case names, `set-cookie` as an array. */
export interface NodeStyleHeaders {
  [name: string]: string | string[] | undefined
  'set-cookie'?: string[]
}

/**
 * The Web request as the core's raw request. Its body is read from `request.body` only as the
 * lifecycle asks for it (Readable's `_read`), chunk by chunk as the runtime delivers it, so a body
 * limit stops the upload where it is passed; `discardBody()` cancels what was not read.
 */
export class WebRequest extends Readable {
  readonly method: string
  url: string
  readonly headers: NodeStyleHeaders
  readonly rawHeaders: string[]
  readonly httpVersion: string
  readonly httpVersionMajor: number
  readonly httpVersionMinor: number
  readonly socket: FetchSocket
  readonly trailers: Record<string, string> = {}
  readonly rawTrailers: string[] = []
  aborted = false
  complete = false
  private reader: ReadableStreamDefaultReader<Uint8Array> | null
  /** A chunk read before the request was dispatched (to learn whether a body of unknown length has any), pushed first. */
  private firstChunk: Uint8Array | null
  private reading = false

  constructor (method: string, path: string, headers: NodeStyleHeaders, rawHeaders: string[], reader: ReadableStreamDefaultReader<Uint8Array> | null, firstChunk: Uint8Array | null, socket: FetchSocket, http2: boolean) {
    // As Node's IncomingMessage: 'close' is emitted when the exchange is over, not when the body ends.
    super({ autoDestroy: false })
    this.method = method
    this.url = path
    this.headers = headers
    this.rawHeaders = rawHeaders
    this.httpVersion = http2 ? '2.0' : '1.1'
    this.httpVersionMajor = http2 ? 2 : 1
    this.httpVersionMinor = http2 ? 0 : 1
    this.socket = socket
    this.reader = reader
    this.firstChunk = firstChunk
    if (reader === null) this.complete = true
  }

  /** Node's deprecated alias of `socket`. */
  get connection (): FetchSocket { return this.socket }

  override _read (): void {
    if (this.reader === null) {
      this.push(null)
      return
    }
    const first = this.firstChunk
    if (first !== null) {
      this.firstChunk = null
      if (!this.push(first)) return
    }
    if (!this.reading) void this.readChunks(this.reader)
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
          this.push(null)
          return
        }
        if (value.byteLength > 0 && !this.push(value)) return
      }
    } catch (error) {
      // The body stream failed (the client went away mid-upload): as a socket error on a Node
      // request, an error for whoever is reading the body; nobody reading, just the end of it.
      this.reader = null
      if (!this.destroyed) this.destroy(this.listenerCount('error') > 0 ? error as Error : undefined)
    } finally {
      this.reading = false
    }
  }

  /** The exchange is over, or was abandoned: what the client did not send yet is not wanted. */
  discardBody (reason?: unknown): void {
    const reader = this.reader
    if (reader === null) return
    this.reader = null
    reader.cancel(reason).catch(ignoreCancelFailure)
  }

  /** The client went away before the answer was complete: Node's 'aborted', then 'close'. */
  abort (reason: unknown): void {
    this.discardBody(reason)
    if (this.destroyed) return
    this.aborted = true
    this.emit('aborted')
    // As Node: an error only for someone reading the body; 'close' for everyone (onRequestAbort).
    this.destroy(this.listenerCount('error') > 0 ? connectionReset() : undefined)
    this.socket.destroy()
  }
}

function connectionReset (): Error {
  const error = new Error('aborted') as Error & { code: string }
  error.code = 'ECONNRESET'
  return error
}

function ignoreCancelFailure (): void {}
