/** reply.send(): where a payload goes — the error path, the serializer with its preSerialization hooks, or straight to onSend. */
import { errorCodes } from '../errors/codes.js'
import { kReplyRoute, kReplyHeaders, kReplySerializer, kReplySending, kReplySendRun } from '../symbols.js'
import { runHooks, sendStartsOver, startSendOver, type ChainEnd } from '../lifecycle/run-hooks.js'
import { handleError, handlePayloadHookError } from './error-handler.js'
import { nameJsonCharset, serializePayload, setSerializedContentType } from './serialize-payload.js'
import { isContentlessStatus, isStream, writeReply } from './write-payload.js'
import { isWebPayload, lockedWebStreamError } from './web-payload.js'
import type { Reply } from './reply-state.js'
import { replyMediaTypeOf, type ReplyMediaType } from './fastify5-content-type.js'
import type { RuntimeRequest } from '../request/request.js'

/**
 * Every JSON flavour (application/json, +json suffixes, text/json …), as Fastify 4.29 decides it:
 * the header, as written, contains `json` (so `APPLICATION/JSON` does not). It asks the value's own
 * `indexOf`: a list is searched for an item `json`, and anything else fails as it fails there.
 */
function isJsonMediaType (contentType: unknown): boolean {
  if (typeof contentType === 'string') return contentType.includes('json')
  if (contentType === null) throw new TypeError('Cannot read properties of null (reading \'indexOf\')')
  if (!Array.isArray(contentType)) throw new TypeError('contentType.indexOf is not a function')
  // A list with a `json` item goes on to be trimmed as a string, which it is not.
  if (contentType.includes('json')) throw new TypeError('contentType.trim is not a function')
  return false
}

/** isJsonMediaType for send(): what it throws reaches send()'s caller with the reply free to be sent again. */
function isJsonTypeOf (reply: Reply, contentType: unknown): boolean {
  try {
    return isJsonMediaType(contentType)
  } catch (error) {
    reply[kReplySending] = false
    throw error
  }
}

/** Fastify 5 names utf-8 in a JSON type without a charset, the type rewritten in normal form. */
function nameFastify5JsonCharset (reply: Reply, media: ReplyMediaType): void {
  if (media.withUtf8Charset !== null) reply[kReplyHeaders]['content-type'] = media.withUtf8Charset
}

/** How many times a reply's own hooks may start its send over before send() refuses (see ENC_ERR_REP_SEND_LOOP). */
const sendRunLimit = 16

/** Fastify's warning for a send after the reply was sent: logged, never thrown at the client. */
export function warnAlreadySent (reply: Reply): void {
  const route = reply[kReplyRoute]
  const warning = new errorCodes.FST_ERR_REP_ALREADY_SENT(route.url, route.method)
  reply.log.warn({ err: warning }, warning.message)
}

/**
 * reply.send: routes the payload to the error path, the serializer or straight to onSend. Throws
 * FST_ERR_REP_INVALID_PAYLOAD_TYPE to its caller, as Fastify 4.29's does, for a payload that cannot be written.
 */
export function sendPayload (reply: Reply, payload: unknown): void {
  if (reply[kReplySending] || reply.sent) {
    if (!reply[kReplySending] || !sendStartsOver(reply)) {
      warnAlreadySent(reply)
      return
    }
    if (reply[kReplySendRun] >= sendRunLimit) throw new errorCodes.ENC_ERR_REP_SEND_LOOP(sendRunLimit)
    sendOver(reply, payload)
    return
  }
  if (payload instanceof Error) {
    handleError(reply, payload)
    return
  }
  if (payload === undefined) {
    reply[kReplySending] = true
    runOnSend(reply, undefined)
    return
  }
  const headers = reply[kReplyHeaders]
  let contentType = headers['content-type']
  // As Fastify's reply.getHeader(): a type set on reply.raw counts too, unless the reply has one (even null).
  if (contentType === undefined) contentType = reply.raw.getHeader('content-type')
  // Fastify 5 reads the type as a media type: one it cannot read is none (the defaults below replace it).
  const media = contentType !== undefined && reply[kReplyRoute].server.profile.api === 5 ? replyMediaTypeOf(contentType) : undefined
  if (media === null) contentType = undefined
  reply[kReplySending] = true
  if (typeof payload === 'string') {
    if (contentType === undefined) headers['content-type'] = 'text/plain; charset=utf-8'
    else if (reply[kReplySerializer] !== null) {
      // As Fastify 4.29 (Reply.md, "Strings"): with a type set, reply.serializer() serializes a string too.
      sendSerializedString(reply, payload)
      return
    } else if (media !== undefined) nameFastify5JsonCharset(reply, media!)
    else if (typeof contentType === 'string') nameJsonCharset(reply, contentType)
    else isJsonTypeOf(reply, contentType)
    runOnSend(reply, payload)
    return
  }
  if (payload !== null && typeof payload === 'object') {
    if (ArrayBuffer.isView(payload)) {
      const bytes = Buffer.isBuffer(payload) ? payload : bufferOver(reply, payload)
      if (contentType === undefined) headers['content-type'] = 'application/octet-stream'
      runOnSend(reply, bytes)
      return
    }
    // A stream goes out without a content type unless one was set (as in Fastify): its bytes
    // may be anything. So do a web ReadableStream and a Response (their own headers).
    if (isStream(payload) || isWebPayload(payload)) {
      // Without onSend hooks the stream is written now, so what refuses it reaches send()'s caller.
      const locked = reply[kReplyRoute].onSend === null && !isStream(payload) ? lockedWebStreamError(reply, payload) : undefined
      if (locked !== undefined) {
        reply[kReplySending] = false
        throw locked
      }
      runOnSend(reply, payload)
      return
    }
  }
  const route = reply[kReplyRoute]
  if (reply[kReplySerializer] === null && contentType !== undefined && (media !== undefined ? !media!.json : !isJsonTypeOf(reply, contentType))) {
    // As Fastify 4.29: with a type that is not JSON nothing serializes the payload; it reaches onSend
    // as it is (a hook may turn it into a string) and `null` is an empty body. Without onSend hooks,
    // a payload the writer cannot send is thrown to send()'s caller, the reply left unsent.
    // A 204 or 1xx drops whatever it was given (writeReply), so nothing is refused for one.
    if (payload === null || route.onSend !== null || isContentlessStatus(reply.raw.statusCode)) runOnSend(reply, payload)
    else throw refusePayload(reply, payload)
    return
  }
  // As Fastify, the JSON content type is settled before the preSerialization hooks, which see it
  // (and may change it: what they leave is sent as it is).
  if (media !== undefined && reply[kReplySerializer] === null) {
    if (contentType === undefined) headers['content-type'] = 'application/json; charset=utf-8'
    else nameFastify5JsonCharset(reply, media!)
  } else {
    setSerializedContentType(reply)
  }
  if (route.preSerialization !== null) {
    runHooks(route.preSerialization, reply.request, reply, payload, 0)
  } else {
    serializeAndSend(reply.request, reply, payload)
  }
}

/**
 * A hook's send() starts the send over. A payload send() refuses (what it throws to the hook) has
 * started nothing: the chain the hook belongs to is not abandoned, so that the hook's failure
 * answers the request, as in Fastify.
 */
function sendOver (reply: Reply, payload: unknown): void {
  const run = reply[kReplySendRun]
  startSendOver(reply)
  reply[kReplySending] = false
  try {
    sendPayload(reply, payload)
  } catch (error) {
    reply[kReplySendRun] = run
    throw error
  }
}

/**
 * The error Fastify 4.29's send() throws for a payload its writer cannot send (neither a string,
 * bytes, a stream nor nothing), once the reply is free to be sent again.
 */
function refusePayload (reply: Reply, payload: unknown): Error {
  reply[kReplySending] = false
  return new errorCodes.FST_ERR_REP_INVALID_PAYLOAD_TYPE(typeof payload)
}

function isWritable (payload: unknown): boolean {
  return payload === undefined || payload === null || typeof payload === 'string' ||
    (typeof payload === 'object' && (ArrayBuffer.isView(payload) || isStream(payload)))
}

/** A serializer's output goes to send()'s caller as Fastify's error when nothing (no hook) stands between it and the writer. */
function mustRefuse (reply: Reply, body: unknown): boolean {
  const route = reply[kReplyRoute]
  return route.onSend === null && route.preSerialization === null && !isWritable(body)
}

/** A string sent with reply.serializer() and a type: what the serializer throws reaches send()'s caller as it is, as in Fastify. */
function sendSerializedString (reply: Reply, payload: string): void {
  let body: unknown
  try {
    body = reply[kReplySerializer]!(payload)
  } catch (error) {
    reply[kReplySending] = false
    throw error
  }
  if (typeof body !== 'string' && mustRefuse(reply, body)) throw refusePayload(reply, body)
  runOnSend(reply, body)
}

function serializeAndSend (_request: RuntimeRequest, reply: Reply, payload: unknown): void {
  let body: string
  try {
    body = serializePayload(reply, payload)
  } catch (error) {
    reply[kReplySending] = false
    handleError(reply, markSerializationError(reply, error))
    return
  }
  // A custom serializer may return anything, whatever its type says.
  if (typeof body !== 'string' && mustRefuse(reply, body)) throw refusePayload(reply, body)
  runOnSend(reply, body)
}

/**
 * As in Fastify 4.29 and 5, a serializer's error carries the route's config as `serialization`, for
 * error handlers to tell it apart. Something thrown that cannot take the property (a string, null)
 * fails with the TypeError that writing it raises, which is then the error, as there.
 */
function markSerializationError (reply: Reply, error: unknown): unknown {
  try {
    (error as { serialization?: unknown }).serialization = reply[kReplyRoute].config
  } catch (typeError) {
    return typeError
  }
  return error
}

/**
 * As Fastify: any other typed array (or a DataView) goes on as a Buffer over the same memory, so
 * onSend hooks see a Buffer (plugins test `Buffer.isBuffer(payload)`). One over a transferred
 * buffer cannot be read: what that throws goes to send()'s caller, as in Fastify.
 */
function bufferOver (reply: Reply, view: ArrayBufferView): Buffer {
  try {
    return Buffer.from(view.buffer, view.byteOffset, view.byteLength)
  } catch (error) {
    reply[kReplySending] = false
    throw error
  }
}

function runOnSend (reply: Reply, payload: unknown): void {
  const route = reply[kReplyRoute]
  if (route.onSend !== null) {
    runHooks(route.onSend, reply.request, reply, payload, 0)
  } else {
    writeReply(reply.request, reply, payload)
  }
}

/**
 * A hook or serializer failed before the payload was written: answer with the error instead (when
 * the handler already wrote the head through reply.raw, the error path ends by aborting the response).
 */
function failBeforeWrite (reply: Reply, error: unknown): void {
  reply[kReplySending] = false
  handlePayloadHookError(reply, error)
}

/** Where the preSerialization and onSend chains lead (see compileRoute). */
export const preSerializationEnd: ChainEnd = { next: serializeAndSend, fail: failBeforeWrite, withPayload: true, stopWhenAnswered: false }
export const onSendEnd: ChainEnd = { next: writeReply, fail: failBeforeWrite, withPayload: true, stopWhenAnswered: false }
