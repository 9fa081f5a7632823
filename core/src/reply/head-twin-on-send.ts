/**
 * The onSend step of a GET route's automatic HEAD twin, as Fastify declares it: the last of the
 * twin's own onSend hooks (`onSend: headRouteOnSendHandler`, or appended to the GET route's list),
 * so onRoute hooks see it and those they add after it (@fastify/compress's, @fastify/etag's) see
 * the answer without its body. The GET body's size goes out as `content-length` and the body does
 * not; a stream is read to its end (a web one cancelled on Fastify 5) and announces no size.
 */
import { kReplyRoute } from '../symbols.js'
import { markDrainedForHead } from './head-twin.js'
import { contentLengthOf, drainStream, isStream, onHeadTwinStreamError } from './write-payload.js'
import { cancelWebStreamForHead } from './web-payload.js'
import type { Reply } from './reply-state.js'

type OnSendDone = (error: Error | null, payload?: unknown) => void

/** Named as Fastify names it: onRoute hooks read the name. Callback style, as a route's list allows. */
export function headRouteOnSendHandler (_request: unknown, reply: Reply, payload: unknown, done: OnSendDone): void {
  if (payload === undefined || payload === null) {
    reply.header('content-length', '0')
  } else if (typeof payload === 'string' || ArrayBuffer.isView(payload)) {
    reply.header('content-length', contentLengthOf(payload))
  } else if (typeof payload === 'object' && isStream(payload)) {
    drainStream(reply, payload, onHeadTwinStreamError)
    markDrainedForHead(reply)
  } else if (typeof payload === 'object' && reply[kReplyRoute].server.profile.api === 5 && cancelWebStreamForHead(reply, payload)) {
    markDrainedForHead(reply)
  } else {
    // A Response, or a web stream on Fastify 4's entries: the write step answers it (its status and headers).
    done(null, payload)
    return
  }
  done(null, null)
}

/** The twin's onSend option: the step alone, or after the GET route's own hooks (a new list, as Fastify makes). */
export function withHeadTwinOnSend (onSend: unknown): unknown {
  if (onSend === undefined) return headRouteOnSendHandler
  return Array.isArray(onSend) ? [...(onSend as unknown[]), headRouteOnSendHandler] : [onSend, headRouteOnSendHandler]
}
