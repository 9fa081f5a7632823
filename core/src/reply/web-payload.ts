/** Payloads of the web platform Fastify 4.29 sends as it sends a Node stream: a `ReadableStream`, a `Response`. */
import { errorCodes } from '../errors/codes.js'
import { Readable } from 'node:stream'
import { kReplyHeaders, kReplyRoute } from '../symbols.js'
import type { Reply, ReplyHeaders } from './reply-state.js'
import { WebStreamReadable } from './web-stream-readable.js'

const objectToString = Object.prototype.toString

function isResponse (payload: object): boolean {
  return objectToString.call(payload) === '[object Response]'
}

/**
 * A web `ReadableStream` (anything with a `getReader` method) or a `Response` (by its tag): sent as
 * they are, never serialized. The tests Fastify 4.29 makes; they also spare every JSON payload two
 * `instanceof` checks against globals Node loads lazily.
 */
export function isWebPayload (payload: object): boolean {
  return typeof (payload as { getReader?: unknown }).getReader === 'function' || isResponse(payload)
}

/**
 * Fastify 5 refuses a web stream a reader holds (a `ReadableStream`, or a `Response`'s body) with its
 * own code; Fastify 4.29 leaves it to Node, whose `Readable.fromWeb` throws `ERR_INVALID_STATE`.
 */
export function lockedWebStreamError (reply: Reply, payload: object): Error | undefined {
  if (reply[kReplyRoute].server.profile.api !== 5) return undefined
  const response = isResponse(payload)
  // A Response whose body was read is locked too: it answers FST_ERR_REP_RESPONSE_BODY_CONSUMED, as in Fastify 5.
  if (response && (payload as Partial<Response>).bodyUsed === true) return undefined
  const stream = response ? (payload as Partial<Response>).body : payload as { locked?: unknown }
  return stream !== null && stream !== undefined && stream.locked === true ? new errorCodes.FST_ERR_REP_READABLE_STREAM_LOCKED() : undefined
}

/**
 * What goes out for a web payload, as in Fastify 4.29: a `ReadableStream` is read as a Node stream;
 * a `Response` gives the status and adds its headers (over the reply's), and its body, if any, is
 * read as a stream. The reply's own `statusCode` and `getHeaders()` are left as they were set.
 */
export function fromWebPayload (reply: Reply, payload: object): Readable | null {
  const locked = lockedWebStreamError(reply, payload)
  if (locked !== undefined) throw locked
  if (!isResponse(payload)) return readableOf(reply, payload as WebReadableStream)
  // Only the tag is known: an object that merely claims to be a Response keeps the reply's status
  // and headers and sends no body, as in Fastify 4.29.
  const response = payload as Partial<Response>
  // As Fastify 4.29: a Response whose body was already read is a 500 FST_ERR_REP_RESPONSE_BODY_CONSUMED.
  if (response.bodyUsed === true) throw new errorCodes.FST_ERR_REP_RESPONSE_BODY_CONSUMED()
  if (typeof response.status === 'number') reply.raw.statusCode = response.status
  if (typeof response.headers?.forEach === 'function') response.headers.forEach(addResponseHeader, reply[kReplyHeaders])
  return response.body === null || response.body === undefined ? null : readableOf(reply, response.body as WebReadableStream)
}

/**
 * One field of a Response's headers onto the reply's, as Fastify's `reply.header()` adds it: a
 * Response gives each `set-cookie` field apart, and every one is kept, after any the reply had.
 */
function addResponseHeader (this: ReplyHeaders, value: string, name: string): void {
  const existing = this[name]
  this[name] = name === 'set-cookie' && existing !== undefined ? ([] as unknown[]).concat(existing, value) : value
}

type WebReadableStream = import('node:stream/web').ReadableStream

/** The Node stream a web stream is read through: Fastify 5's pace on the v5 face, Node's adapter (4.29's) elsewhere. */
function readableOf (reply: Reply, stream: WebReadableStream): Readable {
  return reply[kReplyRoute].server.profile.api === 5 ? new WebStreamReadable(stream, reply.raw) : Readable.fromWeb(stream)
}

/**
 * Fastify 5's HEAD twin of a GET route that returns a web `ReadableStream`: the stream is cancelled,
 * not read (a failing `cancel` is logged); true when it was. Fastify 4.29 has no web streams.
 */
export function cancelWebStreamForHead (reply: Reply, payload: object): boolean {
  const stream = payload as { getReader?: unknown, cancel?: unknown, locked?: unknown }
  if (typeof stream.getReader !== 'function' || typeof stream.cancel !== 'function' || stream.locked === true) return false
  const cancelled = (stream.cancel as (reason: string) => Promise<void>).call(payload, 'Stream cancelled by HEAD route')
  cancelled.then(undefined, function onCancelError (error: unknown) {
    reply.log.error({ err: error }, 'Error on Stream found for HEAD route')
  })
  return true
}

/**
 * A web payload that will not be sent because its response is already over: its stream (a
 * `Response`'s body) is cancelled, as Fastify's watch on the response end does. A stream a reader
 * holds belongs to that reader, and a failing cancel has no one left to tell.
 */
export function cancelUnsentWebPayload (payload: object): void {
  const stream = (isResponse(payload) ? (payload as Partial<Response>).body : payload) as { cancel?: unknown, locked?: unknown } | null | undefined
  if (stream === null || stream === undefined || typeof stream.cancel !== 'function' || stream.locked === true) return
  (stream.cancel as () => Promise<void>).call(stream).then(undefined, ignoreCancelFailure)
}

function ignoreCancelFailure (): void {}
