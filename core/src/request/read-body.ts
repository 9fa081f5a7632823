/** Reading a request body: the stream listeners, the size and Content-Length checks, and running the parser. */
import { isUtf8 } from 'node:buffer'
import { AsyncResource } from 'node:async_hooks'
import type { Readable } from 'node:stream'
import { errorCodes } from '../errors/codes.js'
import { unsupportedMediaType } from '../errors/fastify5-codes.js'
import { kBodyReader, kHeaderField, kRequestRoute, kTakeWebBody } from '../symbols.js'
import { isThenable } from '../util/functions.js'
import { connectionReset } from '../util/connection-reset.js'
import { streamMade } from '../util/deferred-stream-base.js'
import type { BodyParser } from './body-parsers.js'
import { isValidMediaType, mediaTypeOf } from './content-type.js'
import type { RuntimeRequest } from './request.js'
import type { EnclaveReply } from '../types/reply.js'

/** Where the request continues once its body is in (validation, in the lifecycle): handed in by the caller. */
export type AfterParsing = (request: RuntimeRequest, reply: EnclaveReply) => void

/** Where a parser's failure goes (the error path of the lifecycle), whatever it failed with: handed in by the caller. */
export type ParsingFailed = (reply: EnclaveReply, error: unknown) => void

/**
 * The stream a body is read from: the request, or what a preParsing hook returned in its place
 * (a decompressor reports the bytes it consumed as receivedEncodedLength, per Fastify's Hooks docs).
 */
export interface BodyStream extends Readable {
  receivedEncodedLength?: unknown
  [kBodyReader]?: BodyReader | undefined
  /** app.fetch()'s request: its Web body, for the reader to read directly (null: read it as a stream). */
  [kTakeWebBody]?: () => WebBodySource | null
  [kHeaderField]?: (name: string) => string | undefined
}

/** A Web body stream, as app.fetch()'s request hands it over. */
interface WebBodySource {
  whole: Request | null
  reader: ReadableStreamDefaultReader<Uint8Array> | null
  firstChunk: Uint8Array | null
}

/** The raw request a Web body belongs to (app.fetch()'s): told when it is read, asked whether the client left. */
interface WebBodyOwner extends BodyStream {
  aborted: boolean
  /** Called by Bun's or Deno's own server, which frames the body by its declared length. */
  readonly servedByRuntime: boolean
  bodyRead (): void
  /** The body stream failed: the client left (the owner reports it as a closed connection). */
  bodyFailed (error: unknown): void
  discardBody (): void
}

/**
 * State of one body being read, kept on the stream itself: the 'data'/'end' listeners are shared
 * module functions that find their request through `this`, so no closure is made per request.
 * `scope` is the async scope the request was in when reading began, for a body read from a Node
 * stream: parsing and the rest of the lifecycle continue in it, so an AsyncLocalStorage store an
 * earlier hook entered (`storage.run(store, done)`) is still seen by the handler, as in Fastify
 * 4.29. A Web body (app.fetch()) is read by an async function, whose awaits keep that scope: none.
 */
class BodyReader {
  readonly request: RuntimeRequest
  readonly reply: EnclaveReply
  readonly parser: BodyParser
  readonly limit: number
  /** `Number(Content-Length)` as Fastify reads it: NaN when there is none or it is no number, and then nothing is measured against it. */
  readonly declaredLength: number
  readonly next: AfterParsing
  readonly fail: ParsingFailed
  scope: AsyncResource | null = null
  chunks: Buffer[] = []
  received = 0
  done = false

  constructor (request: RuntimeRequest, reply: EnclaveReply, parser: BodyParser, limit: number, declaredLength: number, next: AfterParsing, fail: ParsingFailed) {
    this.request = request
    this.reply = reply
    this.parser = parser
    this.limit = limit
    this.declaredLength = declaredLength
    this.next = next
    this.fail = fail
  }
}

function hasBody (declared: string | undefined, transferEncoding: string | undefined): boolean {
  return transferEncoding !== undefined || (declared !== undefined && declared !== '0')
}

/** RFC 9110's `Content-Length = 1*DIGIT` (the Web headers have already trimmed the spaces around it). */
function isDecimalLength (value: string): boolean {
  if (value.length === 0) return false
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i)
    if (code < 48 || code > 57) return false
  }
  return true
}

function isTypedBodyMethod (method: string | undefined): boolean {
  return method === 'DELETE' || method === 'OPTIONS'
}

/** Picks the parser for the request's content type and fills `request.body`, then continues. */
export function parseBody (request: RuntimeRequest, reply: EnclaveReply, payload: BodyStream, next: AfterParsing, fail: ParsingFailed): void {
  const route = request[kRequestRoute]
  const raw = request.raw as unknown as BodyStream
  // app.fetch()'s request answers field by field, without making Node's header record.
  const field = raw[kHeaderField]
  let contentType: string | undefined
  let declared: string | undefined
  let transferEncoding: string | undefined
  // Headers a hook assigned to request.headers count, as Fastify reads them from there.
  const assigned = request.additionalHeaders
  const merged = assigned === undefined || assigned === null ? null : request.headers as Record<string, string | undefined>
  if (field === undefined || merged !== null) {
    const headers = merged ?? (raw as unknown as { headers: Record<string, string | undefined> }).headers
    contentType = headers['content-type']
    declared = headers['content-length']
    transferEncoding = headers['transfer-encoding']
  } else {
    contentType = field.call(raw, 'content-type')
    declared = field.call(raw, 'content-length')
    transferEncoding = field.call(raw, 'transfer-encoding')
  }
  // app.fetch()'s request (the one whose fields are read one by one) may be built in code with a
  // Content-Length Node's parser refuses with a 400 over a socket. Refused here as a length that does
  // not match its body, which is how inject() answers a length that is a number but not the body's.
  if (field !== undefined && declared !== undefined && !isDecimalLength(declared)) {
    reply.header('connection', 'close')
    reply.send(new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH())
    return
  }
  // RFC 10008: a QUERY request must say what its body is, even an empty one (as Fastify 5).
  if (contentType === undefined && request.raw.method === 'QUERY') {
    reply.send(new errorCodes.FST_ERR_ROUTE_MISSING_CONTENT_TYPE('QUERY'))
    return
  }
  // As Fastify 4.29 documents, DELETE and OPTIONS bodies are parsed only when they name their type;
  // Fastify 5 reads them as any other body (an untyped one is a 415).
  if (contentType === undefined && (!hasBody(declared, transferEncoding) || (isTypedBodyMethod(request.raw.method) && route.server.profile.api === 4))) {
    next(request, reply)
    return
  }
  const parser = route.parsers!.find(contentType ?? '')
  // And, as Fastify 4.29 does, only when they announce a body with Content-Length or Transfer-Encoding
  // (Fastify 5 parses what they send, so an empty JSON body is refused as it is for POST).
  if (declared === undefined && transferEncoding === undefined && isTypedBodyMethod(request.raw.method) && route.server.profile.api === 4) {
    next(request, reply)
    return
  }
  if (payload !== request.raw) {
    const stream = replacedBodyStream(request, payload)
    if (stream === null) {
      reply.send(new errorCodes.ENC_ERR_PRE_PARSING_PAYLOAD(payload === null ? 'null' : typeof payload))
      return
    }
    payload = stream
  }
  // Fastify 5 refuses a Content-Type header that is there but names no media type (blank, or
  // malformed) before it looks for a parser or a route: a 415 even where the `'*'` parser or the
  // not-found handler would have taken it.
  if (contentType !== undefined && (parser === null || parser === route.parsers!.catchAll) && route.server.profile.api === 5 && !isValidMediaType(mediaTypeOf(contentType))) {
    reply.send(unsupportedMediaType(route.server.profile, contentType))
    return
  }
  if (parser === null) {
    // As Fastify 4.29: an unmatched URL answers 404 whatever its content type, the body left unread.
    if (route.isNotFound) {
      next(request, reply)
      return
    }
    // Fastify names a missing or empty header 'undefined'.
    reply.send(unsupportedMediaType(route.server.profile, contentType === undefined || contentType === '' ? 'undefined' : contentType))
    return
  }
  if (parser.parseAs === null) {
    runParser(parser, request, reply, payload, next, fail)
    return
  }
  // Route bodyLimit, else the parser's, else the server's. A not-found route reads with its
  // context's limit whatever the parser says, as Fastify's not-found context does.
  const limit = route.routeSetBodyLimit || route.isNotFound ? route.bodyLimit : parser.bodyLimit ?? route.bodyLimit
  const declaredLength = declared === undefined ? NaN : Number(declared)
  if (declaredLength > limit) {
    // Refuse before reading a byte, and do not keep the connection to drain what follows.
    reply.header('connection', 'close')
    reply.send(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE())
    return
  }
  const reader = new BodyReader(request, reply, parser, limit, declaredLength, next, fail)
  payload[kBodyReader] = reader
  const takeWebBody = payload[kTakeWebBody]
  if (takeWebBody !== undefined) {
    const web = takeWebBody.call(payload)
    if (web !== null) {
      if (web.whole !== null) void readFramedBody(payload as WebBodyOwner, reader, web.whole)
      else void readWebBody(payload as WebBodyOwner, reader, web.reader!, web.firstChunk)
      return
    }
  }
  reader.scope = new AsyncResource('enclave.body')
  // `on`, not `once`: every handler detaches all three first (stopReading), and `once` would wrap
  // each listener in a fresh closure per request.
  payload.on('data', onBodyData)
  payload.on('end', onBodyEnd)
  payload.on('error', onBodyError)
  // A stream paused on purpose (a preParsing hook's decompressor) does not flow again when a 'data'
  // listener is added; Fastify resumes it, so a paused replacement is read all the same.
  if (payload.readableFlowing === false) payload.resume()
}

/**
 * What a preParsing hook put in the request's place: null keeps the request, as in Fastify 4.29;
 * anything but a stream is refused (null returned) where Fastify 4.29 crashes the process.
 */
function replacedBodyStream (request: RuntimeRequest, payload: BodyStream | null): BodyStream | null {
  if (payload === null || payload === undefined) return request.raw as BodyStream
  return typeof payload === 'object' && typeof (payload as Partial<BodyStream>).on === 'function' ? payload : null
}

function stopReading (stream: BodyStream): void {
  // app.fetch()'s request, its body read from the Web stream: no listener was added, nor its stream state made.
  if (!streamMade(stream)) {
    stream[kBodyReader] = undefined
    return
  }
  stream.removeListener('data', onBodyData)
  stream.removeListener('end', onBodyEnd)
  stream.removeListener('error', onBodyError)
  stream[kBodyReader] = undefined
}

function onBodyData (this: BodyStream, chunk: Buffer | string): void {
  const reader = this[kBodyReader]!
  const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk
  reader.received += buffer.length
  // Both what the stream yields and, for a preParsing replacement, the bytes it read count against the limit.
  const encoded = this.receivedEncodedLength
  if (reader.received > reader.limit || (typeof encoded === 'number' && encoded > reader.limit)) {
    reader.done = true
    stopReading(this)
    // Stop buffering; what is still in flight is discarded by Node once the response ends.
    this.resume()
    closeAfterBodyFailure(reader.request, reader.reply)
    reader.reply.send(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE())
    return
  }
  reader.chunks.push(buffer)
}

/**
 * app.fetch(): the body read straight from the Web stream, each chunk through the same checks as a
 * Node stream's 'data' (the limit cancels the upload), its end as 'end', its failure as 'error'.
 */
async function readWebBody (stream: WebBodyOwner, reader: BodyReader, source: ReadableStreamDefaultReader<Uint8Array>, firstChunk: Uint8Array | null): Promise<void> {
  try {
    if (firstChunk !== null) onBodyData.call(stream, bufferOf(firstChunk))
    while (!reader.done) {
      const { done, value } = await source.read()
      if (reader.done) break
      if (stream.aborted) {
        onBodyError.call(stream, connectionReset())
        break
      }
      if (done) {
        stream.bodyRead()
        onBodyEnd.call(stream)
        return
      }
      if (value.byteLength > 0) onBodyData.call(stream, bufferOf(value))
    }
  } catch (error) {
    // The body stream failed (the client went away mid-upload): as a socket error.
    stream.bodyFailed(error)
    if (!reader.done) onBodyError.call(stream, stream.aborted ? connectionReset() : error as Error)
    return
  }
  // Answered before the end (the limit, the client leaving): what is still coming is not wanted.
  stream.discardBody()
}

/**
 * A body whose length the request declares, within the limit (parseBody refused a larger one before
 * reading): the runtime's server frames it by that length, so it is read in one call, the runtime's
 * fastest. A body that is not the declared length still fails as over a socket.
 */
async function readFramedBody (stream: WebBodyOwner, reader: BodyReader, request: Request): Promise<void> {
  if (reader.parser.jsonText && reader.declaredLength >= 0 && stream.servedByRuntime) return await readFramedJson(stream, reader, request)
  let bytes: ArrayBuffer
  try {
    // An object shaped like a Request without a body to read has none: measured against its length.
    bytes = typeof request.arrayBuffer === 'function' ? await request.arrayBuffer() : new ArrayBuffer(0)
  } catch (error) {
    framedReadFailed(stream, reader, error)
    return
  }
  if (!framedReadArrived(stream, reader)) return
  if (bytes.byteLength > 0) onBodyData.call(stream, Buffer.from(bytes))
  if (!reader.done) onBodyEnd.call(stream)
}

/**
 * A framed body for Enclave's JSON parser on the Fastify v5 face, from Bun's or Deno's server: read
 * as text by the runtime (on Bun ~2 µs a 1 KB request less than bytes made a string here). Exact
 * there: the server delivers the declared length, Fastify 5 measures nothing else, and the runtime's
 * UTF-8 decoding replaces bytes that are not UTF-8 as Node's does. It drops a leading BOM, which
 * Node's keeps and the parser drops: put back where the text says there was one (see
 * withDroppedBom). (Fastify 4 measures the decoded text, BOM included, which a dropped BOM would
 * blur where bytes that are not UTF-8 became U+FFFD: the other entries read bytes.)
 */
async function readFramedJson (stream: WebBodyOwner, reader: BodyReader, request: Request): Promise<void> {
  let text: string
  try {
    text = await request.text()
  } catch (error) {
    framedReadFailed(stream, reader, error)
    return
  }
  if (!framedReadArrived(stream, reader)) return
  stopReading(stream)
  reader.done = true
  reader.received = reader.declaredLength
  runParser(reader.parser, reader.request, reader.reply, withDroppedBom(text, reader.declaredLength), reader.next, reader.fail)
}

/**
 * The text as Node decodes the same bytes, from the runtime's, which dropped a leading BOM. Only
 * two texts differ for the parser (which drops one BOM itself): bytes that decode to nothing were a
 * lone BOM, not an empty body; and a text that still starts with U+FEFF had one dropped before it
 * (bytes starting with a BOM always lose it), so the parser must see both, as on Node.
 */
function withDroppedBom (text: string, declared: number): string {
  if (text.length === 0) return declared > 0 ? '\uFEFF' : text
  return text.charCodeAt(0) === 0xfeff ? '\uFEFF' + text : text
}

/** A framed read failed: the client went away mid-upload, answered as a socket error. */
function framedReadFailed (stream: WebBodyOwner, reader: BodyReader, error: unknown): void {
  stream.bodyFailed(error)
  if (!reader.done) onBodyError.call(stream, stream.aborted ? connectionReset() : error as Error)
}

/** A framed body is in: false when nobody wants it any more (the answer went out, or the client left). */
function framedReadArrived (stream: WebBodyOwner, reader: BodyReader): boolean {
  if (reader.done) return false
  if (stream.aborted) {
    onBodyError.call(stream, connectionReset())
    return false
  }
  stream.bodyRead()
  return true
}

function bufferOf (chunk: Uint8Array): Buffer {
  return Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
}

function onBodyEnd (this: BodyStream): void {
  const reader = this[kBodyReader]!
  stopReading(this)
  if (reader.done) return
  reader.done = true
  if (reader.scope === null) bodyEnded(this, reader)
  else reader.scope.runInAsyncScope(bodyEnded, null, this, reader)
}

function bodyEnded (stream: BodyStream, reader: BodyReader): void {
  // A stream a preParsing hook returned (a decompressor) reports the bytes it read from the
  // request as receivedEncodedLength, which is what Content-Length counts (Fastify's Hooks docs).
  const encoded = stream.receivedEncodedLength
  const measured = typeof encoded === 'number' ? encoded : reader.received
  if (!Number.isNaN(reader.declaredLength) && measured !== reader.declaredLength) {
    // The client did not send what it declared: the connection's framing cannot be trusted (Fastify
    // 4.29 and 5.12 both close it).
    reader.reply.header('connection', 'close')
    reader.reply.send(new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH())
    return
  }
  const body = reader.chunks.length === 1 ? reader.chunks[0]! : Buffer.concat(reader.chunks, reader.received)
  if (reader.parser.parseAs !== 'string') {
    runParser(reader.parser, reader.request, reader.reply, body, reader.next, reader.fail)
    return
  }
  const text = body.toString('utf8')
  // Fastify 4 reads string bodies as UTF-8 text and measures the text: bytes that are not UTF-8 grow
  // into replacement characters, and the length no longer matches Content-Length. Fastify 5 measures
  // the bytes it read, so such a body reaches its parser unmeasured.
  if (!Number.isNaN(reader.declaredLength) && reader.request[kRequestRoute].server.profile.api === 4 && !isUtf8(body) && Buffer.byteLength(text) !== reader.declaredLength) {
    reader.reply.header('connection', 'close')
    reader.reply.send(new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH())
    return
  }
  runParser(reader.parser, reader.request, reader.reply, text, reader.next, reader.fail)
}

/**
 * Fastify 5 answers a body it could not read or parse with `connection: close` (set before the error
 * path, so error handlers and onSend hooks see it): the client may still be sending. Fastify 4.29 keeps
 * the connection, as `enclave()` and the v4 face do (a body whose length is not the declared one
 * closes it on every entry).
 */
function closeAfterBodyFailure (request: RuntimeRequest, reply: EnclaveReply): void {
  if (request[kRequestRoute].server.profile.api === 5) reply.header('connection', 'close')
}

/**
 * The client left mid-upload: its response goes with the connection. Node has destroyed it by the
 * time the body fails; Deno's node:http fails the body first, and the error's answer would then
 * "finish" into the closed connection, which would make the request look answered, not aborted
 * (no onRequestAbort). An HTTP/2 response has no `destroyed`: its stream is the request's.
 */
function releaseLeftResponse (request: RuntimeRequest, reply: EnclaveReply): void {
  const raw = reply.raw as { destroyed?: boolean, destroy: () => void }
  if ((request.raw as { aborted?: boolean }).aborted === true && raw.destroyed === false) raw.destroy()
}

function onBodyError (this: BodyStream, error: Error): void {
  const reader = this[kBodyReader]!
  stopReading(this)
  if (reader.done) return
  reader.done = true
  // A 400 with the stream's error, an aborted upload included: as in Fastify, it goes through the
  // error handlers (the default one logs Fastify's "aborted" line); the answer has nowhere to go.
  // As in Fastify 4.29, the stream's own status stays only when it is an error status (a number from
  // 400); any other becomes 400. (Fastify crashes on one above 599; it becomes 400 here too.)
  const withStatus = error as Error & { statusCode?: unknown }
  const status = withStatus.statusCode
  if (typeof status !== 'number' || status < 400 || status > 599) withStatus.statusCode = 400
  closeAfterBodyFailure(reader.request, reader.reply)
  releaseLeftResponse(reader.request, reader.reply)
  if (reader.scope === null) reader.reply.send(error)
  else reader.scope.runInAsyncScope(reader.reply.send, reader.reply, error)
}

/**
 * `parser(request, body)` may return the body, a promise of it, or call `done(err, body)`. A parser
 * may call `done` from anywhere (the raw stream's events, another library's async resource): as in
 * Fastify, the lifecycle continues in an async resource made in the request's context when the
 * parser was called (`content-type-parser:run`, destroyed once done). The built-in parsers call
 * `done` at once, in that context already, and need none.
 */
function runParser (parser: BodyParser, request: RuntimeRequest, reply: EnclaveReply, body: unknown, next: AfterParsing, fail: ParsingFailed): void {
  if (parser.callbackStyle) {
    if (parser.builtIn) runBuiltInParser(parser, request, reply, body, next, fail)
    else runCallbackParser(parser, request, reply, body, next, fail)
    return
  }
  let result: unknown
  try {
    result = parser.fn.call(parser.receiver, request, body)
  } catch (error) {
    finishParsing(request, reply, error, undefined, next, fail)
    return
  }
  if (isThenable(result)) {
    // awaitParser catches the parser's rejection; what it runs next is the lifecycle, which answers
    // its own failures as the synchronous path below does, so this promise is not left to reject.
    void awaitParser(result, request, reply, next, fail)
    return
  }
  finishParsing(request, reply, null, result, next, fail)
}

// A user's callback parser: its `done` is a closure, in a function of its own because variables a
// closure captures cost the function that declares them a scope on each call (JavaScriptCore and V8).
function runCallbackParser (parser: BodyParser, request: RuntimeRequest, reply: EnclaveReply, body: unknown, next: AfterParsing, fail: ParsingFailed): void {
  let settled = false
  const scope = new AsyncResource('content-type-parser:run')
  function parserDone (error: unknown, parsed?: unknown): void {
    if (settled) return
    settled = true
    try {
      scope.runInAsyncScope(finishParsing, null, request, reply, error, parsed, next, fail)
    } finally {
      scope.emitDestroy()
    }
  }
  let result: unknown
  try {
    result = parser.fn.call(parser.receiver, request, body, parserDone)
  } catch (error) {
    if (!settled) {
      settled = true
      finishParsing(request, reply, error, undefined, next, fail)
    }
    return
  }
  // As Fastify: a parser that declares `done` and returns a promise (an async one) is answered by
  // whichever of the two comes first.
  if (!settled && isThenable(result)) {
    result.then(function parserResolved (parsed: unknown) { parserDone(null, parsed) }, function parserRejected (error: unknown) { parserDone(error) })
  }
}

/**
 * What a built-in parser (default-parsers.ts) answered: they call `done` before they return, so one
 * shared `done` keeps the answer here and no closure is made per body.
 */
let builtInAnswered = false
let builtInError: unknown
let builtInParsed: unknown

function builtInDone (error: unknown, parsed?: unknown): void {
  if (builtInAnswered) return
  builtInAnswered = true
  builtInError = error
  builtInParsed = parsed
}

function runBuiltInParser (parser: BodyParser, request: RuntimeRequest, reply: EnclaveReply, body: unknown, next: AfterParsing, fail: ParsingFailed): void {
  builtInAnswered = false
  try {
    parser.fn.call(parser.receiver, request, body, builtInDone)
  } catch (error) {
    if (!builtInAnswered) {
      builtInAnswered = true
      builtInError = error
      builtInParsed = undefined
    }
  }
  // Taken before anything runs next: the lifecycle may parse another body.
  const answered = builtInAnswered
  const error = builtInError
  const parsed = builtInParsed
  builtInAnswered = false
  builtInError = undefined
  builtInParsed = undefined
  if (answered) finishParsing(request, reply, error, parsed, next, fail)
  else fail(reply, new Error('A built-in body parser returned without calling done'))
}

async function awaitParser (pending: PromiseLike<unknown>, request: RuntimeRequest, reply: EnclaveReply, next: AfterParsing, fail: ParsingFailed): Promise<void> {
  let parsed
  try {
    parsed = await pending
  } catch (error) {
    finishParsing(request, reply, error, undefined, next, fail)
    return
  }
  finishParsing(request, reply, null, parsed, next, fail)
}

function finishParsing (request: RuntimeRequest, reply: EnclaveReply, error: unknown, parsed: unknown, next: AfterParsing, fail: ParsingFailed): void {
  if (error !== null && error !== undefined) {
    // A parser's error without a status is a 500, as in Fastify: the parser failed, not the client.
    // What it failed with reaches the error handler unchanged, an Error or not, as in Fastify 4.29.
    closeAfterBodyFailure(request, reply)
    fail(reply, error)
    return
  }
  request.body = parsed
  next(request, reply)
}
