import { finished } from 'node:stream'

/**
 * `await reply` resolves once the response has been written (or the connection closed), as in
 * Fastify; only code that awaits the reply pays for the listener.
 */
export function replyThen (this: any, fulfilled?: () => void, rejected?: (error: Error) => void): void {
  const res = this.raw
  if (res.writableFinished === true) {
    if (fulfilled !== undefined) fulfilled()
    return
  }
  finished(res, function onReplyFinished (error) {
    if (error !== undefined && error !== null && (error as any).code !== 'ERR_STREAM_PREMATURE_CLOSE') {
      if (rejected !== undefined) rejected(error)
      return
    }
    if (fulfilled !== undefined) fulfilled()
  })
}
