/**
 * Fastify 5's `handlerTimeout`: a request not answered within the route's limit is answered 503
 * FST_ERR_HANDLER_TIMEOUT through the error handlers, and `request.signal` aborts with that error.
 * The work itself is not stopped (the timeout is cooperative): the app watches the signal.
 */
import type { ServerResponse } from 'node:http'
import { errorCodes } from '../errors/codes.js'
import { kReplyRoute } from '../symbols.js'
import { abortSignal, clearHandlerTimer, startHandlerTimer } from '../request/request-signal.js'
import { handleError } from '../reply/error-handler.js'
import type { Reply } from '../reply/reply-state.js'

/** Starts the route's timer for this request; it stops when the response finishes or its connection goes. */
export function watchHandlerTimeout (reply: Reply, ms: number): void {
  startHandlerTimer(reply.request.raw, ms, onHandlerTimeout, reply)
  reply.raw.once('finish', onResponseOver)
  reply.raw.once('close', onResponseOver)
}

function onResponseOver (this: ServerResponse): void {
  clearHandlerTimer(this.req)
}

function onHandlerTimeout (argument: unknown): void {
  const reply = argument as Reply
  const raw = reply.request.raw
  clearHandlerTimer(raw)
  // Answered already (or hijacked): the response is the app's, the timer has nothing to add.
  if (reply.sent) return
  const route = reply[kReplyRoute]
  const error = new errorCodes.FST_ERR_HANDLER_TIMEOUT(route.handlerTimeout, route.config.url)
  // Listeners run now; one of them may answer, which then stands.
  abortSignal(raw, error)
  if (reply.sent) return
  // A response already streaming cannot take an error answer: it is cut off instead, as in Fastify 5.
  if (reply.raw.headersSent) {
    reply.raw.destroy(error)
    return
  }
  handleError(reply, error)
}
