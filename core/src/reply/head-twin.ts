/** Which replies answer for a GET route's automatic HEAD twin: those go out with the GET answer's headers and no body. */
import { kReplyRoute } from '../symbols.js'
import type { Reply } from './reply-state.js'

// Replies of a HEAD twin that called callNotFound(): the not-found route answers, but as in
// Fastify 4 the twin still empties the body. Rare, so a set rather than a field on every reply.
const twinsSentToNotFound = new WeakSet<Reply>()

/** reply.callNotFound() from a HEAD twin: the reply keeps answering without a body. */
export function keepHeadTwinAnswer (reply: Reply): void {
  if (reply[kReplyRoute].isAutoHead) twinsSentToNotFound.add(reply)
}

/**
 * Whether the reply answers for a HEAD twin. Its body is left out by Enclave itself (as Fastify 4
 * does) rather than by Node: inject() (light-my-request 5) records whatever `end()` is given.
 */
export function answersHeadTwin (reply: Reply): boolean {
  const route = reply[kReplyRoute]
  return route.isAutoHead || (route.isNotFound && twinsSentToNotFound.has(reply))
}

// Replies whose payload stream the twin's onSend step drained: their answer has no size to announce.
const drainedForHead = new WeakSet<Reply>()

/** The twin's onSend step read a stream (or cancelled a web one) instead of sending it. */
export function markDrainedForHead (reply: Reply): void {
  drainedForHead.add(reply)
}

/** Whether the twin's onSend step dropped a stream for this reply: its HEAD answer goes out without a length. */
export function drainedStreamForHead (reply: Reply): boolean {
  return drainedForHead.has(reply)
}
