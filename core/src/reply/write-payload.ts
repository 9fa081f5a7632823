/** Writing a reply to the raw response: headers, a whole body or a piped stream, and refused headers. */
import type { ServerResponse } from 'node:http'
import { errorCodes } from '../errors/codes.js'
import { kReplyRoute, kReplyHeaders, kRawReply, kReplySending, kReplyTrailers } from '../symbols.js'
import { handleError, handlePayloadHookError, writeLastResort } from './error-handler.js'
import { isConnectionHeader, isHttp2Response } from '../util/http2-responses.js'
import { endWithTrailers, trailerHeaderValue, type TrailerPayload } from './trailers.js'
import { answersHeadTwin, drainedStreamForHead } from './head-twin.js'
import { cancelUnsentWebPayload, cancelWebStreamForHead, fromWebPayload, isWebPayload } from './web-payload.js'
import { errorPathOf, type Reply, type ReplyHeaders } from './reply-state.js'
import type { RuntimeRequest } from '../request/request.js'
import { requestLogOff } from '../logging/request-logger.js'
import { writeInChunks, writesInChunks } from './http2-chunked-body.js'
import { endWithString } from './end-in-one-write.js'

/** A payload that is piped to the response; it points back at its reply for its 'error' listener. */
interface PayloadStream {
  pipe (destination: ServerResponse, options?: { end?: boolean }): unknown
  once (event: 'error' | 'end', listener: (this: PayloadStream, error: unknown) => void): unknown
  on (event: 'close', listener: (this: PayloadStream) => void): unknown
  removeListener (event: 'close', listener: (this: PayloadStream) => void): unknown
  resume?: () => unknown
  destroy?: unknown
  close?: unknown
  abort?: unknown
  destroyed?: boolean
  readableEnded?: boolean
  _readableState?: { endEmitted?: boolean }
  [kRawReply]?: Reply
}

// The stream a response is being piped from, read when the response closes early.
const kPipedStream = Symbol('enclave.pipedStream')
type PipedResponse = ServerResponse & { [kPipedStream]?: PayloadStream }

export function isStream (payload: object): payload is PayloadStream {
  return typeof (payload as { pipe?: unknown }).pipe === 'function'
}

function errorCodeOf (error: unknown): unknown {
  return typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined
}

function applyHeaders (reply: Reply, streamed: boolean): unknown {
  const res = reply.raw
  // The head went out already (the handler wrote it through reply.raw). Fastify leaves a stream's
  // headers out (pipeStream warns); its writeHead for anything else is refused with Node's "Cannot
  // write headers…", which is what the error path then sees.
  if (res.headersSent) return streamed ? undefined : headRefusal(res)
  const headers = reply[kReplyHeaders]
  const http2 = isHttp2Response(res)
  for (const name in headers) {
    const value = headers[name]
    if (value === undefined) continue
    // Node throws on these over HTTP/2 (or warns and drops them): they are never sent there.
    if (http2 && isConnectionHeader(name)) continue
    try {
      res.setHeader(name, value as string | number | readonly string[])
    } catch (error) {
      return error
    }
  }
  return undefined
}

/**
 * The common case: a body of known size and headers set only through the reply, none removed and
 * none that steer the connection. Then one `writeHead(code, headers)` lets Node validate and write
 * them in a single pass (as Fastify does) instead of a validated setHeader() per header first.
 */
function writesHeadersAtOnce (headers: ReplyHeaders): boolean {
  for (const name in headers) {
    if (headers[name] === undefined || name === 'content-length' || isConnectionHeader(name)) return false
  }
  return true
}

// Node's test for characters a status message or header value may not contain.
const invalidStatusMessage = /[^\t\x20-\x7e\x80-\xff]/

/**
 * The head already went out (the handler wrote it through `reply.raw`): Fastify warns that the reply
 * was sent, with its own wording for this case, before the error path ends the response.
 */
function warnIfHeadWasSent (reply: Reply, error: unknown): void {
  if (errorCodeOf(error) !== 'ERR_HTTP_HEADERS_SENT') return
  const raw = reply.request.raw
  reply.log.warn(`Reply was already sent, did you forget to "return reply" in the "${String(raw.url)}" (${String(raw.method)}) route?`)
}

function headRefusal (res: ServerResponse): unknown {
  try {
    res.writeHead(res.statusCode)
  } catch (error) {
    return error
  }
  // A response that takes a second head (a replaced writeHead) has taken this one.
  return undefined
}

/** writeHead also refuses a bad status code or status message: those still throw, as before. */
function isHeaderError (error: unknown, res: ServerResponse): boolean {
  const code = errorCodeOf(error)
  if (code === 'ERR_HTTP_INVALID_STATUS_CODE') return false
  if (isHttp2Response(res)) return true
  return !(code === 'ERR_INVALID_CHAR' && invalidStatusMessage.test(String(res.statusMessage ?? '')))
}

/**
 * A body's length as the `content-length` value, a string as Fastify sets it (`reply.getHeader()`
 * shows the same type, and Node checks a string header without converting it first).
 */
export function contentLengthOf (payload: string | ArrayBufferView): string {
  return String(typeof payload === 'string' ? Buffer.byteLength(payload) : payload.byteLength)
}

function writeWholeBody (reply: Reply, res: ServerResponse, payload: string | ArrayBufferView): void {
  const headers = reply[kReplyHeaders]
  // HTTP/2 has no status message (Node warns when it is read there).
  const http2 = isHttp2Response(res)
  const statusMessage = http2 ? undefined : res.statusMessage
  try {
    res.writeHead(res.statusCode, headers as Record<string, string | number | string[]>)
  } catch (error) {
    // Nothing was written: undo the status message writeHead filled in, answer with the error.
    if (!http2) res.statusMessage = statusMessage!
    if (!isHeaderError(error, res)) throw error
    rejectInvalidHeaders(reply, error)
    return
  }
  endWithBody(reply, res, payload)
}

/** The body after the head, and the end of the response: at once, or in chunks (a large HTTP/2 body on the v5 face). */
function endWithBody (reply: Reply, res: ServerResponse, payload: string | ArrayBufferView): void {
  if (writesInChunks(reply, res, payload)) writeInChunks(reply, res, payload)
  else if (typeof payload === 'string') endWithString(res, payload)
  else res.end(payload)
}

/**
 * writeHead with the headers already set; a refusal (writeHead replaced by the app, say) takes the
 * error path as a bad header does, rather than escaping as an uncaught exception.
 */
function writeHead (reply: Reply, res: ServerResponse): boolean {
  try {
    res.writeHead(res.statusCode)
  } catch (error) {
    if (!isHeaderError(error, res)) throw error
    rejectInvalidHeaders(reply, error)
    return false
  }
  return true
}

/** A status whose answer has no content (RFC 9110): Fastify sends neither a payload nor the fields describing one. */
export function isContentlessStatus (code: number): boolean {
  return code === 204 || code < 200
}

/** Where the onSend chain leads: the payload, as the hooks left it, goes out. */
export function writeReply (_request: RuntimeRequest, reply: Reply, payload: unknown): void {
  const res = reply.raw
  // A reply hijacked during its own onSend hooks still writes what they leave, as in Fastify (a hijack
  // stops what comes before send(), not a send under way).
  if (res.writableEnded || res.destroyed) {
    // The response ended or closed during the onSend hooks: nothing goes out, and a stream's source is released.
    if (typeof payload === 'object' && payload !== null) {
      // A client gone before its stream was piped is logged as Fastify logs the pipe it makes anyway.
      if (!res.writableEnded && wouldBePiped(reply, payload)) logStreamFailure(reply, prematureClose())
      releaseUnsent(payload)
    }
    return
  }
  if (typeof payload === 'object' && payload !== null) {
    if (answersHeadTwin(reply) && reply[kReplyRoute].server.profile.api === 5 && cancelWebStreamForHead(reply, payload)) {
      endWithoutBody(reply, res)
      return
    }
    payload = asWritable(reply, payload)
    if (payload === notWritten) return
  }
  if (reply[kReplyTrailers] !== null) {
    writeWithTrailers(reply, res, payload)
    return
  }
  if (answersHeadTwin(reply)) {
    if (isBody(payload)) {
      // As Fastify 4: the size of the GET body it drops, whatever content-length the route set.
      reply[kReplyHeaders]['content-length'] = contentLengthOf(payload)
      payload = null
    } else if (payload !== null && typeof payload === 'object' && isStream(payload)) {
      drainStream(reply, payload, onHeadTwinStreamError)
      endWithoutBody(reply, res)
      return
    } else if (payload === undefined) {
      // As Fastify 4 and 5 (the twin's onSend step): a GET answer without a payload measures 0,
      // whatever its status, 204 and 304 included.
      reply[kReplyHeaders]['content-length'] = '0'
    }
  }
  if (isContentlessStatus(res.statusCode) && payload !== undefined && payload !== null) {
    // As Fastify 4 and 5: a 204 or 1xx sent with a payload goes out without it and without the headers describing it.
    const headers = reply[kReplyHeaders]
    headers['content-type'] = undefined
    headers['content-length'] = undefined
    if (typeof payload === 'object' && isStream(payload)) drainStream(reply, payload)
    payload = null
  }
  if (isBody(payload)) {
    const headers = reply[kReplyHeaders]
    const atOnce = writesHeadersAtOnce(headers)
    const set = headers['content-length']
    // As Fastify: the reply's own length is set, or corrected, whatever reply.raw was given (it wins over raw headers).
    if (set === undefined || mustCorrectLength(reply, set, payload)) headers['content-length'] = contentLengthOf(payload)
    if (atOnce) {
      writeWholeBody(reply, res, payload)
      return
    }
  }
  const headerError = applyHeaders(reply, typeof payload === 'object' && payload !== null && isStream(payload))
  if (headerError !== undefined) {
    rejectInvalidHeaders(reply, headerError)
    return
  }
  if (payload === undefined || payload === null) {
    const code = res.statusCode
    if (code !== 204 && code !== 304 && code >= 200 && emptyBodyLengthIsZero(reply, res)) res.setHeader('content-length', '0')
    if (writeHead(reply, res)) res.end()
    return
  }
  if (isBody(payload)) {
    if (writeHead(reply, res)) endWithBody(reply, res, payload)
    return
  }
  if (typeof payload === 'object' && isStream(payload)) {
    pipeStream(reply, payload, false)
    return
  }
  reply[kReplySending] = false
  handleError(reply, new errorCodes.FST_ERR_REP_INVALID_PAYLOAD_TYPE(typeof payload))
}

/**
 * An object payload as Node writes it: a typed array other than bytes as a Buffer over the same
 * memory, a web ReadableStream or Response as a Node stream (as Fastify 4.29 sends them).
 */
function asWritable (reply: Reply, payload: object): unknown {
  if (ArrayBuffer.isView(payload)) {
    // send() has made any typed array a Buffer: another one comes from an onSend hook, which
    // Fastify 5 refuses (Fastify 4 leaves the request unanswered; Enclave's other entries send it).
    if (!Buffer.isBuffer(payload) && reply[kReplyRoute].server.profile.api === 5) {
      reply[kReplySending] = false
      handleError(reply, new errorCodes.FST_ERR_REP_INVALID_PAYLOAD_TYPE(typeof payload))
      return notWritten
    }
    try {
      return bytesOf(payload)
    } catch (error) {
      // A view over a transferred (detached) buffer: Fastify's 500, before anything is written,
      // where Node would throw once the head is out and leave the response hanging.
      reply[kReplySending] = false
      handleError(reply, error)
      return notWritten
    }
  }
  if (isStream(payload) || !isWebPayload(payload)) return payload
  try {
    return fromWebPayload(reply, payload)
  } catch (error) {
    // Not a stream Node can read (an object with a getReader method of its own): Fastify's 500.
    reply[kReplySending] = false
    handleError(reply, error)
    return notWritten
  }
}

/**
 * A typed array as bytes Node can write. A view whose buffer was transferred reads as empty (a
 * DataView throws at once): making a view over that buffer throws, as Fastify's Buffer.from does.
 * A Buffer is written as it is, as Fastify writes it (an empty body then).
 */
function bytesOf (payload: ArrayBufferView): Uint8Array {
  if (!(payload instanceof Uint8Array)) return Buffer.from(payload.buffer, payload.byteOffset, payload.byteLength)
  if (payload.byteLength === 0 && !Buffer.isBuffer(payload)) void new Uint8Array(payload.buffer, payload.byteOffset, 0)
  return payload
}

/** What asWritable returns once it has answered the request with an error instead. */
const notWritten = Symbol('not written')

function isBody (payload: unknown): payload is string | ArrayBufferView {
  return typeof payload === 'string' || ArrayBuffer.isView(payload)
}

/** As Fastify 4: a content-length the body does not match is corrected; a HEAD answer (no body) keeps it. */
function mustCorrectLength (reply: Reply, set: unknown, payload: string | ArrayBufferView): boolean {
  return String(set) !== contentLengthOf(payload) && reply.request.raw.method !== 'HEAD'
}

/** The headers alone: a HEAD twin's answer to a stream, which has no size to announce. */
function endWithoutBody (reply: Reply, res: ServerResponse): void {
  const headerError = applyHeaders(reply, false)
  if (headerError !== undefined) {
    rejectInvalidHeaders(reply, headerError)
    return
  }
  res.writeHead(res.statusCode)
  res.end()
}

/**
 * A stream whose content is not sent (a HEAD twin's, a 204's) is still read to its end, so its
 * source is released. Once the response has closed (the client went away, over HTTP/2 without
 * saying so in `destroyed`) it is released at once instead: an endless source would never end.
 */
export function drainStream (reply: Reply, stream: PayloadStream, onError: (this: PayloadStream, error: unknown) => void = onDrainedStreamError): void {
  if (reply.raw.destroyed || isClosedHttp2Response(reply.raw)) {
    releaseStream(reply, stream)
    return
  }
  stream[kRawReply] = reply
  stream.once('error', onError)
  if (typeof stream.resume === 'function') stream.resume()
}

function onDrainedStreamError (this: PayloadStream, error: unknown): void {
  this[kRawReply]!.log.error({ err: error }, 'reply payload stream errored')
}

// Fastify 4's log line for the stream a GET route's HEAD twin reads and drops.
export function onHeadTwinStreamError (this: PayloadStream, error: unknown): void {
  this[kRawReply]!.log.error({ err: error }, 'Error on Stream found for HEAD route')
}

/**
 * A reply with trailers goes out chunked, without a content length, and ends once every trailer
 * function has answered. As in Fastify, a GET route's HEAD twin still says the body's size and
 * hands the functions null, as it does for a stream.
 */
function writeWithTrailers (reply: Reply, res: ServerResponse, payload: unknown): void {
  const code = res.statusCode
  if (code < 200 || code === 204 || code === 304) {
    // No body, so no chunked encoding to carry trailers (Node refuses the Trailer header there;
    // Fastify 4 then sends a malformed `500 No Content`): the reply goes out as it is, without them.
    reply[kReplyTrailers] = null
    writeReply(reply.request, reply, payload)
    return
  }
  const isPayloadStream = payload !== null && typeof payload === 'object' && isStream(payload)
  if (payload !== undefined && payload !== null && !isBody(payload) && !isPayloadStream) {
    reply[kReplySending] = false
    handleError(reply, new errorCodes.FST_ERR_REP_INVALID_PAYLOAD_TYPE(typeof payload))
    return
  }
  const headers = reply[kReplyHeaders]
  let given: TrailerPayload = isPayloadStream ? null : payload as TrailerPayload
  const headTwin = answersHeadTwin(reply)
  if (headTwin) {
    if (!isPayloadStream && !drainedStreamForHead(reply) && headers['content-length'] === undefined && !res.hasHeader('content-length')) {
      headers['content-length'] = isBody(payload) ? contentLengthOf(payload) : '0'
    }
    given = null
  }
  headers['transfer-encoding'] = 'chunked'
  headers.trailer = trailerHeaderValue(reply[kReplyTrailers]!)
  const headerError = applyHeaders(reply, isPayloadStream && !headTwin)
  if (headerError !== undefined) {
    rejectInvalidHeaders(reply, headerError)
    return
  }
  if (isPayloadStream && !headTwin) {
    pipeStream(reply, payload, true)
    return
  }
  if (isPayloadStream) drainStream(reply, payload, onHeadTwinStreamError)
  res.writeHead(res.statusCode)
  if (isBody(payload) && !headTwin) {
    // The chunks' end runs the trailer functions.
    if (writesInChunks(reply, res, payload)) {
      writeInChunks(reply, res, payload)
      return
    }
    res.write(payload)
  }
  endWithTrailers(reply, given)
}

/**
 * As Fastify: an empty answer's length is 0, whatever length was set (on the reply or its raw
 * response). A HEAD answer keeps the length it was given: the size of the GET body it stands for
 * (the automatic HEAD route's, set above). A declared HEAD route that sends nothing says nothing
 * about the size of the GET body.
 */
function emptyBodyLengthIsZero (reply: Reply, res: ServerResponse): boolean {
  if (reply.request.raw.method !== 'HEAD') return true
  return !res.hasHeader('content-length') && !isDeclaredHead(reply) && !drainedStreamForHead(reply)
}

function isDeclaredHead (reply: Reply): boolean {
  const route = reply[kReplyRoute]
  return route.method === 'HEAD' && !route.isAutoHead
}

function rejectInvalidHeaders (reply: Reply, cause: unknown): void {
  warnIfHeadWasSent(reply, cause)
  const res = reply.raw
  // A head already sent through reply.raw (an onSend hook's writeHead) has nothing left to remove.
  if (!res.headersSent) for (const name of res.getHeaderNames()) res.removeHeader(name)
  const api = reply[kReplyRoute].server.profile.api
  // Fastify 5 keeps the reply's headers for the error reply, which then fails on them too and is
  // answered past every handler (after the onError hooks, below).
  if (api !== 5) {
    const headers = reply[kReplyHeaders]
    for (const name in headers) headers[name] = undefined
  }
  // Node's own error (ERR_INVALID_CHAR, ERR_INVALID_HTTP_TOKEN…) is what Fastify answers with.
  const error = cause
  const errorPath = errorPathOf(reply)
  if (errorPath.headerFailure) {
    // The error handler's own reply carried bad headers too: stop here rather than loop. Fastify 5
    // runs the onError hooks once more for it first, then answers past every handler.
    if (api === 5 && reply[kReplyRoute].onError !== null && !errorPath.runningOnError) {
      errorPath.handlerIndex = reply[kReplyRoute].errorHandlers.length
      reply[kReplySending] = false
      handlePayloadHookError(reply, error)
      return
    }
    writeLastResort(reply, error)
    return
  }
  errorPath.headerFailure = true
  reply[kReplySending] = false
  handleError(reply, error)
}

function pipeStream (reply: Reply, stream: PayloadStream, withTrailers: boolean): void {
  // An HTTP/2 response whose client cancelled has already said 'close' (and says nothing of it in
  // `destroyed`): the listener below would never run, and the source would stay open.
  if (isClosedHttp2Response(reply.raw)) {
    releaseStream(reply, stream)
    return
  }
  // The app wrote the head on reply.raw itself: the stream still goes out, with Fastify's warning.
  if (reply.raw.headersSent) reply.log.warn("response will send, but you shouldn't use res.writeHead in stream mode")
  stream[kRawReply] = reply
  stream.once('error', onPayloadStreamError)
  // `on`: 'close' comes once, and `once` would wrap the listener in a closure per response.
  stream.on('close', onPayloadStreamClose)
  ;(reply.raw as PipedResponse)[kPipedStream] = stream
  reply.raw.on('close', onPipedResponseClose)
  // No writeHead here: until the first chunk flushes the headers, a failing stream can still
  // be answered with an error response.
  if (!withTrailers) {
    stream.pipe(reply.raw)
    return
  }
  // A stream that ended before send() emits 'end' no more: nothing to pipe, the trailers end it now.
  if (stream.readableEnded === true) {
    endWithTrailers(reply, null)
    return
  }
  // The response stays open after the stream's last chunk, for the trailers to end it. (Fastify 4
  // lets the pipe end it first: the trailers it announces never arrive.)
  stream.once('end', onTrailerStreamEnd)
  stream.pipe(reply.raw, { end: false })
}

/**
 * The response closed (the client went away, or the app ended it) before the stream was sent, as
 * Fastify 4.29 handles it: logged at info
 * ('stream closed prematurely') and the stream released (destroy, else close, else abort).
 */
function onPipedResponseClose (this: PipedResponse): void {
  const stream = this[kPipedStream]!
  if (stream.destroyed === true || stream.readableEnded === true) return
  const reply = stream[kRawReply]!
  // Answered here: the stream's own early close is not a second failure to report.
  stream.removeListener('close', onPayloadStreamClose)
  logStreamFailure(reply, prematureClose())
  releaseStream(reply, stream)
}

/** A payload Fastify pipes into the response as a Node stream: one, or (Fastify 4.29, which converts them) a web stream or Response. */
function wouldBePiped (reply: Reply, payload: object): boolean {
  if (isStream(payload)) return payload.destroyed !== true && payload.readableEnded !== true
  return isWebPayload(payload) && reply[kReplyRoute].server.profile.api !== 5
}

/** A stream that will not be read to its end frees its source: destroy, else close, else abort. */
function releaseStream (reply: Reply | undefined, stream: PayloadStream): void {
  if (typeof stream.destroy === 'function') (stream.destroy as () => void)()
  else if (typeof stream.close === 'function') (stream.close as (callback: () => void) => void)(ignoreClose)
  else if (typeof stream.abort === 'function') (stream.abort as () => void)()
  else reply?.log.warn('stream payload does not end properly')
}

/**
 * A payload left unsent because the response is already over: a Node stream is released, a web
 * stream (or a Response's body) cancelled, as Fastify's watch on the response end does.
 */
function releaseUnsent (payload: object): void {
  if (isStream(payload)) {
    if (payload.destroyed !== true && payload.readableEnded !== true) releaseStream(undefined, payload)
  } else if (isWebPayload(payload)) {
    cancelUnsentWebPayload(payload)
  }
}

/** Over HTTP/2 the response's stream tells that the client has gone (its RST_STREAM closed it). */
function isClosedHttp2Response (res: ServerResponse): boolean {
  const stream = (res as { stream?: { closed?: boolean, destroyed?: boolean } | null }).stream
  return stream !== undefined && stream !== null && (stream.closed === true || stream.destroyed === true)
}

function ignoreClose (): void {}

function onTrailerStreamEnd (this: PayloadStream): void {
  endWithTrailers(this[kRawReply]!, null)
}

function onPayloadStreamError (this: PayloadStream, error: unknown): void {
  this.removeListener('close', onPayloadStreamClose)
  const reply = this[kRawReply]!
  const res = reply.raw
  if (!res.headersSent) {
    // The error handlers log it, once, as Fastify does; the content type the route set stays (an
    // object sent with a non-JSON type is then FST_ERR_REP_INVALID_PAYLOAD_TYPE, as in Fastify).
    reply[kReplySending] = false
    errorPathOf(reply).keepContentType = true
    handleError(reply, error)
    return
  }
  logStreamFailure(reply, error)
  res.destroy()
}

/**
 * A stream closed before its end without an error (destroyed by a pipeline whose other end failed)
 * would leave the response open for ever; Fastify answers it as the error Node names it.
 */
function onPayloadStreamClose (this: PayloadStream): void {
  const ended = this.readableEnded ?? this._readableState?.endEmitted
  // Old-style streams say nothing about their end: nothing to judge.
  if (ended !== false) return
  const reply = this[kRawReply]!
  if (reply.raw.headersSent) {
    // Part of the body is out: the client sees the connection cut. Fastify logs it at info level.
    logStreamFailure(reply, prematureClose())
    reply.raw.destroy()
    return
  }
  onPayloadStreamError.call(this, prematureClose())
}

function prematureClose (): Error {
  const error = new Error('Premature close') as Error & { code: string }
  error.code = 'ERR_STREAM_PREMATURE_CLOSE'
  return error
}

/**
 * A stream payload that failed once the head was out, logged as Fastify does: a premature close at
 * info, any other failure at warn. `disableRequestLogging` silences the info line; Fastify 5 (whose
 * log controller writes both) silences the warning too, Fastify 4.29 writes it whatever the option says.
 */
function logStreamFailure (reply: Reply, error: unknown): void {
  const server = reply[kReplyRoute].server
  if (server.logController !== null) {
    server.logController.streamError(error, reply.request, reply)
    return
  }
  const premature = (error as { code?: unknown } | null | undefined)?.code === 'ERR_STREAM_PREMATURE_CLOSE'
  if ((premature || server.profile.api === 5) && requestLogOff(server.options.disableRequestLogging, reply.request)) return
  if (premature) reply.log.info({ res: reply }, 'stream closed prematurely')
  else reply.log.warn({ err: error }, 'response terminated with an error with headers already sent')
}
