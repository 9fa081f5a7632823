/**
 * app.fetch(request, ...platformArgs): the whole lifecycle for a Web `Request`, answered with a Web
 * `Response`, with no socket: what Bun.serve, Deno.serve and Workers-style runtimes call.
 */
import { errorCodes } from '../errors/codes.js'
import type { RuntimeInstance } from '../instance/context-state.js'
import type { RawHandler, ServerState } from '../instance/server-state.js'
import { nodeHeadersOf, WebRequest, type NodeStyleHeaders } from './web-request.js'
import { WebResponse } from './web-response.js'

export type FetchHandler = (request: Request, ...platformArgs: unknown[]) => Promise<Response>

// Node defines the Web classes as lazy globals: reading `Request` loads its fetch implementation
// (~50 ms of CPU), so it is read when the first app.fetch() handler is made, not at import.
let RequestClass: typeof Request | null | undefined

/** What app.fetch() accepts as a request: a Web Request, or anything shaped like one. */
function isRequestLike (value: unknown): value is Request {
  if (RequestClass != null && value instanceof RequestClass) return true
  if (typeof value !== 'object' || value === null) return false
  const candidate = value as Partial<Request>
  return typeof candidate.url === 'string' && typeof candidate.method === 'string' &&
    typeof candidate.headers === 'object' && candidate.headers !== null && typeof candidate.headers.forEach === 'function'
}

function describe (value: unknown): string {
  return value === null ? 'null' : typeof value
}

/** Builds the raw request and response for one Web request and runs them through the server's handler. */
function dispatch (handler: RawHandler, http2: boolean, request: Request, platform: unknown): Promise<Response> {
  const url = request.url
  let path = pathOf(url)
  const fragment = path.indexOf('#')
  if (fragment !== -1) path = path.slice(0, fragment)
  const method = request.method
  // A GET or HEAD without a body (nearly all of them): nothing to frame, and its headers are made
  // Node's shape when first read (Bun and Deno make a request's Headers object when it is first read,
  // and a route whose hooks and handler do not read the headers never does).
  // `== null`: a request-like object may have no body property at all.
  if ((method === 'GET' || method === 'HEAD') && request.body == null) return run(handler, http2, request, platform, path, null, null, null, false)
  // A declared length frames the body: its stream is left to the runtime until something reads it,
  // and the headers are made Node's shape when first read (the body reader asks for its fields one by one).
  const fields = request.headers
  if (fields.get('content-length') !== null && fields.get('transfer-encoding') === null) return run(handler, http2, request, platform, path, null, null, null, true)
  const headers = nodeHeadersOf(request)
  const body = request.body
  if (body == null) return run(handler, http2, request, platform, path, headers, null, null, false)
  const reader = body.getReader()
  if (headers['transfer-encoding'] !== undefined) return run(handler, http2, request, platform, path, headers, reader, null, false)
  if (request.signal?.aborted === true) return run(handler, http2, request, platform, path, headers, reader, null, false)
  return runAfterFirstChunk(handler, http2, request, platform, path, headers, reader)
}

/**
 * The request target's path and query, from the URL: `scheme://authority/path?query`. Bun gives an
 * HTTP/1.0 request without a Host header its target alone (`/path?query`), taken as it is.
 */
function pathOf (url: string): string {
  if (url.charCodeAt(0) === 0x2f) return url
  const schemeEnd = url.indexOf('://')
  const pathStart = url.indexOf('/', schemeEnd + 3)
  return pathStart === -1 ? '/' : url.slice(pathStart)
}

// A function of its own: variables a closure captures make JavaScriptCore (and V8) allocate a scope
// each time the function that declares them is entered, whether or not the closure is made.
function runAfterFirstChunk (handler: RawHandler, http2: boolean, request: Request, platform: unknown, path: string, headers: NodeStyleHeaders, reader: ReadableStreamDefaultReader<Uint8Array>): Promise<Response> {
  const watch = platform === undefined ? FirstChunkWatch.of(request, reader) : null
  // Aborted while waiting: the wait was cancelled, and run() refuses the request as one that came aborted.
  return firstChunkOf(reader, watch).then(function dispatchPeeked (chunk) {
    // A body with bytes and no declared length comes over the wire chunked; an empty one is no body.
    if (chunk !== null) headers['transfer-encoding'] = 'chunked'
    return run(handler, http2, request, platform, path, headers, chunk === null ? null : reader, chunk, false)
  })
}

/**
 * A Request built in code whose body has not sent a byte yet, and may never: its signal aborting
 * cancels the wait, as a server fails the body of a client that left (see WebRequest's
 * watchBodyRead). The request has not reached the app, so it is not run. An object as listener: no closure.
 */
class FirstChunkWatch {
  readonly reader: ReadableStreamDefaultReader<Uint8Array>
  readonly signal: AbortSignal

  static of (request: Request, reader: ReadableStreamDefaultReader<Uint8Array>): FirstChunkWatch | null {
    // dispatch() has seen that it had not aborted yet.
    const signal = request.signal as AbortSignal | null | undefined
    return signal === undefined || signal === null ? null : new FirstChunkWatch(reader, signal)
  }

  constructor (reader: ReadableStreamDefaultReader<Uint8Array>, signal: AbortSignal) {
    this.reader = reader
    this.signal = signal
    signal.addEventListener('abort', this, listenOnce)
  }

  handleEvent (): void {
    this.reader.cancel(this.signal.reason).catch(ignoreCancelFailure)
  }

  stop (): void {
    this.signal.removeEventListener('abort', this)
  }
}

const listenOnce = { once: true }

function ignoreCancelFailure (): void {}

/**
 * A body of unknown length: a runtime's server gives a body stream to requests that carried none
 * (Deno's, for a DELETE or PATCH without Content-Length), so its first chunk says which it is.
 * Only such requests wait for it; a declared length is taken as is. Null: the body is empty.
 */
async function firstChunkOf (reader: ReadableStreamDefaultReader<Uint8Array>, watch: FirstChunkWatch | null): Promise<Uint8Array | null> {
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return null
      if (value.byteLength > 0) return value
    }
  } finally {
    // Whichever way the wait ends, a body that failed included.
    if (watch !== null) watch.stop()
  }
}

/** Runs one exchange; `firstChunk` is what was read of the body to learn whether it has any. */
function run (handler: RawHandler, http2: boolean, request: Request, platform: unknown, path: string, headers: NodeStyleHeaders | null, reader: ReadableStreamDefaultReader<Uint8Array> | null, firstChunk: Uint8Array | null, framedBody: boolean): Promise<Response> {
  const req = new WebRequest(request, platform, request.method, path, headers, reader, firstChunk, framedBody, http2)
  const res = new WebResponse(req)
  // A runtime's server (it passes a second argument) hands over requests as they arrive; a request
  // built in code may carry a signal that already aborted. Reading the signal makes it on Bun and Deno.
  const signal = platform === undefined ? request.signal as AbortSignal | null | undefined : undefined
  if (signal !== undefined && signal !== null && signal.aborted) {
    req.discardBody(signal.reason)
    return Promise.reject(signal.reason)
  }
  try {
    handler(req as never, res as never)
  } catch (error) {
    res.abandon(error)
  }
  return res.answer()
}

/**
 * app.fetch(), bound to its server (it is taken off the instance: `export default { fetch: app.fetch }`).
 * The app is made ready on the first call; a ready() failure rejects that call and the next ones
 * (inject() serves what loaded after a failed start, as Fastify's does; fetch() serves, as listen()
 * would, only an app that started).
 */
export function createFetchHandler (instance: RuntimeInstance, server: ServerState): FetchHandler {
  const http2 = server.options.http2 === true
  if (RequestClass === undefined) RequestClass = typeof Request === 'function' ? Request : null
  return function fetch (request: Request, platform?: unknown): Promise<Response> {
    if (!isRequestLike(request)) return Promise.reject(new errorCodes.ENC_ERR_FETCH_INVALID_REQUEST(describe(request)))
    // As a socket once the server is closed: nothing answers any more.
    if (server.closed) return Promise.reject(new errorCodes.FST_ERR_REOPENED_CLOSE_SERVER())
    if (server.configLocked && !server.startFailed) return dispatch(server.httpHandler, http2, request, platform)
    return dispatchWhenReady(instance, server, http2, request, platform)
  } as FetchHandler
}

/** The first call: ready() first. Apart from fetch() so that its closure costs fetch() no scope (see runAfterFirstChunk). */
function dispatchWhenReady (instance: RuntimeInstance, server: ServerState, http2: boolean, request: Request, platform: unknown): Promise<Response> {
  return (instance.ready() as Promise<unknown>).then(() => dispatch(server.httpHandler, http2, request, platform))
}
