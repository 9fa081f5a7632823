import { errorCodes } from '../errors/codes.js'
import { kReplyRoute, kReplyHeaders, kReplySerializer, kReplyIsError, kReplyHijacked, kRawReply, kReplyHeaderFailure } from '../symbols.js'
import { kReplySending } from './reply.js'
import { runPayloadHooks, type ChainEnd } from '../lifecycle/run-hooks.js'
import { handleError, handlePayloadHookError, writeLastResort } from './error-handler.js'
import { selectSerializer, type SerializerFunction } from '../schema/select-serializer.js'
import { mediaTypeOf } from '../request/content-type.js'
import { isConnectionHeader, isHttp2Response } from '../util/http2-responses.js'
import type { RouteContext } from '../routing/route-context.js'

const jsonContentType = 'application/json; charset=utf-8'

function isJsonMediaType (contentType: string): boolean {
  // Any JSON flavour (application/json, +json suffixes, text/json …), as Fastify decides it.
  return mediaTypeOf(contentType).includes('json')
}

function isStream (payload: any): boolean {
  return typeof payload.pipe === 'function'
}

function warnAlreadySent (reply: any): void {
  const route: RouteContext = reply[kReplyRoute]
  const warning = new errorCodes.FST_ERR_REP_ALREADY_SENT(route.url, route.method)
  reply.log.warn({ err: warning }, warning.message)
}

/** reply.send: routes the payload to the error path, the serializer or straight to onSend. */
export function sendPayload (reply: any, payload: unknown): void {
  if (reply[kReplySending] === true || reply.sent === true) {
    warnAlreadySent(reply)
    return
  }
  if (reply[kReplyIsError] === true || payload instanceof Error) {
    reply[kReplyIsError] = false
    handleError(reply, payload)
    return
  }
  reply[kReplySending] = true
  if (payload === undefined) {
    runOnSend(reply, undefined)
    return
  }
  const headers = reply[kReplyHeaders]
  const contentType: string | undefined = headers['content-type']
  if (typeof payload === 'string') {
    if (contentType === undefined) headers['content-type'] = 'text/plain; charset=utf-8'
    runOnSend(reply, payload)
    return
  }
  if (payload !== null && typeof payload === 'object') {
    if (ArrayBuffer.isView(payload)) {
      if (contentType === undefined) headers['content-type'] = 'application/octet-stream'
      runOnSend(reply, payload)
      return
    }
    // A stream goes out without a content type unless one was set (as in Fastify): its bytes
    // may be anything.
    if (isStream(payload)) {
      runOnSend(reply, payload)
      return
    }
  }
  if (reply[kReplySerializer] === null && contentType !== undefined && !isJsonMediaType(contentType)) {
    reply[kReplySending] = false
    handleError(reply, new errorCodes.FST_ERR_REP_INVALID_PAYLOAD_TYPE(typeof payload))
    return
  }
  const route: RouteContext = reply[kReplyRoute]
  if (route.preSerialization !== null) {
    runPayloadHooks(route.preSerialization, reply.request, reply, payload)
  } else {
    serializeAndSend(reply.request, reply, payload)
  }
}

function serializeAndSend (_request: any, reply: any, payload: unknown): void {
  let body: string
  try {
    body = serializePayload(reply, payload)
  } catch (error) {
    reply[kReplySending] = false
    handleError(reply, error)
    return
  }
  const headers = reply[kReplyHeaders]
  if (reply[kReplySerializer] === null) {
    const contentType: string | undefined = headers['content-type']
    if (contentType === undefined) headers['content-type'] = jsonContentType
    else if (!contentType.includes('charset')) headers['content-type'] = withUtf8Charset(contentType)
  }
  runOnSend(reply, body)
}

/** A JSON type set with reply.type() but no charset gets `charset=utf-8`, as Fastify does. */
function withUtf8Charset (contentType: string): string {
  const trimmed = contentType.trim()
  return trimmed.endsWith(';') ? trimmed + ' charset=utf-8' : trimmed + '; charset=utf-8'
}

/**
 * Precedence, as in Fastify: reply.serializer() > setReplySerializer > the route's response schema >
 * JSON.stringify. Also reply.serialize(). What a serializer throws (a schema's missing required
 * property, a BigInt, a cycle) is answered as it is: a 500 with its message, as Fastify does.
 */
export function serializePayload (reply: any, payload: unknown): string {
  const custom = reply[kReplySerializer]
  if (custom !== null) return custom(payload)
  return serializeWithRoute(reply, payload)
}

function serializeWithRoute (reply: any, payload: unknown): string {
  const route: RouteContext = reply[kReplyRoute]
  if (route.replySerializer !== null) return route.replySerializer(payload, reply.raw.statusCode)
  if (route.responseSerializers !== null) {
    // Before the lookup: the inspector also reports a content-keyed schema without the reply's type.
    if (route.responseInspector !== null) route.responseInspector(reply, payload)
    const serializer = selectSerializer(route.responseSerializers, reply.raw.statusCode, reply[kReplyHeaders]['content-type'])
    if (serializer !== null) return serializer(payload)
  }
  return JSON.stringify(payload)
}

function runOnSend (reply: any, payload: unknown): void {
  const route: RouteContext = reply[kReplyRoute]
  if (route.onSend !== null) {
    runPayloadHooks(route.onSend, reply.request, reply, payload)
  } else {
    writeReply(reply.request, reply, payload)
  }
}

/** A hook or serializer failed before anything was written: answer with the error instead. */
function failBeforeWrite (reply: any, error: unknown): void {
  reply[kReplySending] = false
  if (reply.raw.headersSent === true) {
    reply.log.error({ err: error }, 'error after the response headers were sent')
    reply.raw.destroy()
    return
  }
  handlePayloadHookError(reply, error)
}

function applyHeaders (reply: any): unknown {
  const res = reply.raw
  const headers = reply[kReplyHeaders]
  const http2 = isHttp2Response(res)
  for (const name in headers) {
    const value = headers[name]
    if (value === undefined) continue
    // Node throws on these over HTTP/2 (or warns and drops them): they are never sent there.
    if (http2 && isConnectionHeader(name)) continue
    try {
      res.setHeader(name, value)
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
function writesHeadersAtOnce (headers: Record<string, unknown>): boolean {
  for (const name in headers) {
    if (headers[name] === undefined || name === 'content-length' || name === 'connection' || name === 'transfer-encoding' || name === 'keep-alive' || name === 'upgrade' || name === 'proxy-connection') return false
  }
  return true
}

// Node's test for characters a status message or header value may not contain.
const invalidStatusMessage = /[^\t\x20-\x7e\x80-\xff]/

/** writeHead also refuses a bad status code or status message: those still throw, as before. */
function isHeaderError (error: any, res: any): boolean {
  if (error?.code === 'ERR_HTTP_INVALID_STATUS_CODE') return false
  if (isHttp2Response(res)) return true
  return !(error?.code === 'ERR_INVALID_CHAR' && invalidStatusMessage.test(String(res.statusMessage ?? '')))
}

function writeWholeBody (reply: any, res: any, payload: string | ArrayBufferView): void {
  const headers = reply[kReplyHeaders]
  if (!res.hasHeader('content-length')) headers['content-length'] = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.byteLength
  // HTTP/2 has no status message (Node warns when it is read there).
  const http2 = isHttp2Response(res)
  const statusMessage = http2 ? undefined : res.statusMessage
  try {
    res.writeHead(res.statusCode, headers)
  } catch (error) {
    // Nothing was written: undo the status message writeHead filled in, answer with the error.
    if (!http2) res.statusMessage = statusMessage
    if (!isHeaderError(error, res)) throw error
    rejectInvalidHeaders(reply, error)
    return
  }
  res.end(payload)
}

function writeReply (_request: any, reply: any, payload: any): void {
  const res = reply.raw
  if (reply[kReplyHijacked] === true || res.writableEnded === true || res.destroyed === true) return
  if ((typeof payload === 'string' || ArrayBuffer.isView(payload)) && writesHeadersAtOnce(reply[kReplyHeaders])) {
    writeWholeBody(reply, res, payload)
    return
  }
  const headerError = applyHeaders(reply)
  if (headerError !== undefined) {
    rejectInvalidHeaders(reply, headerError)
    return
  }
  if (payload === undefined || payload === null) {
    const code = res.statusCode
    // A declared HEAD route that sends nothing says nothing about the size of the GET body.
    if (code !== 204 && code !== 304 && code >= 200 && !res.hasHeader('content-length') && !isDeclaredHead(reply)) res.setHeader('content-length', '0')
    res.writeHead(code)
    res.end()
    return
  }
  if (typeof payload === 'string' || ArrayBuffer.isView(payload)) {
    if (!res.hasHeader('content-length')) {
      res.setHeader('content-length', typeof payload === 'string' ? Buffer.byteLength(payload) : payload.byteLength)
    }
    res.writeHead(res.statusCode)
    res.end(payload)
    return
  }
  if (isStream(payload)) {
    pipeStream(reply, payload)
    return
  }
  reply[kReplySending] = false
  handleError(reply, new errorCodes.FST_ERR_REP_INVALID_PAYLOAD_TYPE(typeof payload))
}

function isDeclaredHead (reply: any): boolean {
  const route: RouteContext = reply[kReplyRoute]
  return route.method === 'HEAD' && !route.isAutoHead
}

function rejectInvalidHeaders (reply: any, cause: unknown): void {
  const res = reply.raw
  for (const name of res.getHeaderNames()) res.removeHeader(name)
  const headers = reply[kReplyHeaders]
  for (const name in headers) headers[name] = undefined
  // Node's own error (ERR_INVALID_CHAR, ERR_INVALID_HTTP_TOKEN…) is what Fastify answers with.
  const error = cause as Error
  if (reply[kReplyHeaderFailure] === true) {
    // The error handler's own reply carried bad headers too: stop here rather than loop.
    writeLastResort(reply, error)
    return
  }
  reply[kReplyHeaderFailure] = true
  reply[kReplySending] = false
  handleError(reply, error)
}

function pipeStream (reply: any, stream: any): void {
  const res = reply.raw
  stream[kRawReply] = reply
  stream.once('error', onPayloadStreamError)
  // No writeHead here: until the first chunk flushes the headers, a failing stream can still
  // be answered with an error response.
  stream.pipe(res)
}

function onPayloadStreamError (this: any, error: unknown): void {
  const reply = this[kRawReply]
  const res = reply.raw
  reply.log.error({ err: error }, 'reply payload stream errored')
  if (!res.headersSent) {
    reply[kReplySending] = false
    handleError(reply, error)
    return
  }
  res.destroy()
}

/** Where the preSerialization and onSend chains lead (see compileRoute). */
export const preSerializationEnd: ChainEnd = { next: serializeAndSend, fail: failBeforeWrite, withPayload: true, stopWhenAnswered: false }
export const onSendEnd: ChainEnd = { next: writeReply, fail: failBeforeWrite, withPayload: true, stopWhenAnswered: false }
