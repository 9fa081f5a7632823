/** `await reply`: the thenable a reply is, settled once the response is written. */
import { finished, type Writable } from 'node:stream'

/** What `then` reads of a reply: a route's reply, or one a face's `new Reply(res, request, log)` made. */
interface ThenableReply {
  readonly sent: boolean
  readonly raw: Writable
  log: unknown
}

/**
 * `await reply` (or an async handler returning the reply) settles once the response is written
 * or the connection closed, as in Fastify: at once if the reply is already sent or hijacked.
 * A premature close is not a failure (the client left); other stream errors reject. Only code
 * that awaits the reply pays for the listener.
 */
export function replyThen (this: ThenableReply, fulfilled?: () => void, rejected?: (error: Error) => void): void {
  if (this.sent === true) {
    if (typeof fulfilled === 'function') fulfilled()
    return
  }
  const res = this.raw
  const reply = this
  finished(res, function onReplyFinished (error) {
    if (error !== undefined && error !== null && (error as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') {
      if (typeof rejected === 'function') rejected(error)
      // Fastify's words, and only them: the error itself is not logged.
      else if (reply.log !== null && typeof reply.log === 'object') (reply.log as { warn: (message: string) => void }).warn('unhandled rejection on reply.then')
      return
    }
    if (typeof fulfilled === 'function') fulfilled()
  })
}
