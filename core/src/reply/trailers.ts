/** Response trailers (reply.trailer): the names a trailer may not carry, and computing their values to end the response with. */
import { errorCodes } from '../errors/codes.js'
import { warnings } from '../errors/warnings.js'
import { kReplyRoute, kReplyTrailers } from '../symbols.js'
import type { Reply } from './reply-state.js'

/** What a trailer function receives as the payload: the body written, null for a stream or a HEAD twin. */
export type TrailerPayload = string | ArrayBufferView | null | undefined
export type TrailerDone = (error: Error | null, value?: unknown) => void
export type TrailerFunction = (reply: Reply, payload: TrailerPayload, done: TrailerDone) => unknown
/** Lower-cased trailer names; `undefined` marks a removed one (no `delete`, as for headers). */
export type ReplyTrailers = Record<string, TrailerFunction | undefined>

// Fields a trailer may not carry (RFC 9110 §6.5.1, as Fastify 4 refuses them): framing, routing,
// authentication, caching and the ones that describe how to read the body.
const forbiddenTrailerNames = new Set([
  'transfer-encoding', 'content-length', 'host', 'cache-control', 'max-forwards', 'te',
  'authorization', 'set-cookie', 'content-encoding', 'content-type', 'content-range', 'trailer'
])

export function setTrailer (reply: Reply, key: string, fn: unknown): void {
  const name = key.toLowerCase()
  if (forbiddenTrailerNames.has(name)) throw new errorCodes.FST_ERR_BAD_TRAILER_NAME(name)
  if (typeof fn !== 'function') throw new errorCodes.FST_ERR_BAD_TRAILER_VALUE(name, typeof fn)
  let trailers = reply[kReplyTrailers]
  if (trailers === null) {
    trailers = {}
    reply[kReplyTrailers] = trailers
  }
  trailers[name] = fn as TrailerFunction
}

/** The `Trailer` header: the names still set, separated by spaces (as Fastify writes it). */
export function trailerHeaderValue (trailers: ReplyTrailers): string {
  let value = ''
  for (const name in trailers) {
    if (trailers[name] !== undefined) value = value === '' ? name : value + ' ' + name
  }
  return value
}

/** One response's trailers being computed: the response ends once none is pending. */
interface TrailerCollection {
  reply: Reply
  pending: number
  values: Record<string, string>
}

/**
 * Runs every trailer function, then adds their values and ends the response. A function answers
 * through `done`, a promise, or (Fastify 4 only, deprecated there: FSTDEP013) a value it returns. One that fails is
 * left out, as in Fastify; a throw is caught too (Fastify 4 crashes the process there).
 */
export function endWithTrailers (reply: Reply, payload: TrailerPayload): void {
  const trailers = reply[kReplyTrailers]!
  // The initial count keeps the response open until every function has been called.
  const collection: TrailerCollection = { reply, pending: 1, values: {} }
  // Fastify 5 removed the direct return: there a function answers only through `done` or a promise.
  const directReturn = reply[kReplyRoute].server.profile.api === 4
  for (const name in trailers) {
    const fn = trailers[name]
    if (fn !== undefined) runTrailer(collection, name, fn, payload, directReturn)
  }
  settle(collection)
}

// Closures per trailer are fine here: this path runs only for replies that set a trailer.
function runTrailer (collection: TrailerCollection, name: string, fn: TrailerFunction, payload: TrailerPayload, directReturn: boolean): void {
  collection.pending++
  let answered = false
  const answer = (failed: boolean, error: unknown, value: unknown): void => {
    if (answered) return
    answered = true
    if (failed) {
      collection.reply.log.debug({ err: error }, `reply trailer "${name}" failed`)
    } else {
      collection.values[name] = String(value)
    }
    settle(collection)
  }
  let result: unknown
  try {
    result = fn(collection.reply, payload, (error, value) => { answer(error !== null && error !== undefined, error, value) })
  } catch (error) {
    answer(true, error, undefined)
    return
  }
  if (result !== null && typeof result === 'object' && typeof (result as { then?: unknown }).then === 'function') {
    (result as PromiseLike<unknown>).then((value) => { answer(false, null, value) }, (error: unknown) => { answer(true, error, undefined) })
  } else if (result !== undefined && directReturn) {
    warnings.FSTDEP013()
    answer(false, null, result)
  }
}

function settle (collection: TrailerCollection): void {
  if (--collection.pending > 0) return
  const res = collection.reply.raw
  try {
    res.addTrailers(collection.values)
  } catch (error) {
    // Node refuses a value with a control character: the body still ends, without trailers.
    collection.reply.log.error({ err: error }, 'reply trailers refused')
  }
  res.end()
}
