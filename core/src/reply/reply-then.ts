/** `await reply`: the thenable a reply is, settled once the response is written. */
import { finished } from 'node:stream'
import type { Reply } from './reply-state.js'

/**
 * `await reply` (or an async handler returning the reply) settles once the response is written
 * or the connection closed, as in Fastify: at once if the reply is already sent or hijacked.
 * A premature close is not a failure (the client left); other stream errors reject. Only code
 * that awaits the reply pays for the listener.
 */
export function replyThen (this: Reply, fulfilled?: () => void, rejected?: (error: Error) => void): void {
  if (this.sent === true) {
    if (typeof fulfilled === 'function') fulfilled()
    return
  }
  const res = this.raw
  const reply = this
  finished(res, function onReplyFinished (error) {
    if (error !== undefined && error !== null && (error as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') {
      if (typeof rejected === 'function') rejected(error)
      else reply.log.warn({ err: error }, 'the awaited reply failed and nothing handles the rejection')
      return
    }
    if (typeof fulfilled === 'function') fulfilled()
  })
}
