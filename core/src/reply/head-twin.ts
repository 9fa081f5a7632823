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
