/** What follows a request outside its pipeline: the response finishing (onResponse), the client leaving (onRequestAbort), the socket timing out (onTimeout). */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Http2ServerRequest } from 'node:http2'
import type { Socket } from 'node:net'
import type { Duplex } from 'node:stream'
import { performance } from 'node:perf_hooks'
import { kRawReply, kReplyEndTime, kReplyRoute } from '../symbols.js'
import { runHooks, runAbortHooks, type ChainEnd } from './run-hooks.js'
import type { Reply } from '../reply/reply-state.js'
import type { RuntimeRequest } from '../request/request.js'
import { requestLogOff, logRequestCompleted as writeRequestCompletedLine } from '../logging/request-logger.js'

/** A raw request, response or socket that points back at its reply, so its listeners are module-level functions. */
type WithReply<T> = T & { [kRawReply]?: Reply }

/** 'finish' must be observed: onResponse hooks or the "request completed" log line. */
export function watchFinish (res: ServerResponse, reply: Reply): void {
  ;(res as WithReply<ServerResponse>)[kRawReply] = reply
  // `on`, not `once`: once wraps the listener per response (onResponseFinished ignores a second 'finish').
  res.on('finish', onResponseFinished)
  // As Fastify: a response that fails (destroyed with an error, inject()'s response emits it) ends the
  // request too: its onResponse hooks run, or without any the error is logged as "request errored".
  res.on('error', onResponseFailed)
}

export function watchAbort (raw: IncomingMessage, reply: Reply): void {
  ;(raw as WithReply<IncomingMessage>)[kRawReply] = reply
  raw.once('close', onRequestClosed)
}

/** Over HTTP/2 a request's timeout is its stream's (raw.socket is a proxy shared by the session's streams). */
export function watchTimeout (raw: IncomingMessage, reply: Reply): void {
  watchSocketTimeout(raw.httpVersionMajor === 2 ? (raw as Partial<Pick<Http2ServerRequest, 'stream'>>).stream : raw.socket, reply)
}

function onResponseFinished (this: ServerResponse): void {
  responseEnded((this as WithReply<ServerResponse>)[kRawReply]!, null)
}

function onResponseFailed (this: ServerResponse, error: unknown): void {
  responseEnded((this as WithReply<ServerResponse>)[kRawReply]!, error)
}

/**
 * The response finished, or failed (`error`): once per response (light-my-request's emits 'finish'
 * twice; the first event counts). As Fastify: "request completed" is written once the onResponse
 * hooks are done; a failure without onResponse hooks is logged as "request errored".
 */
function responseEnded (reply: Reply, error: unknown): void {
  if (reply[kReplyEndTime] !== 0) return
  reply[kReplyEndTime] = performance.now()
  const route = reply[kReplyRoute]
  if (route.onResponse !== null) runHooks(route.onResponse, reply.request, reply, undefined, 0)
  else if (error === null) logRequestCompleted(reply.request, reply)
  else logRequestErrored(reply, error)
}

function requestLoggingOn (reply: Reply): boolean {
  const server = reply[kReplyRoute].server
  return server.loggingEnabled && !requestLogOff(server.options.disableRequestLogging, reply.request)
}

function logRequestCompleted (request: RuntimeRequest, reply: Reply): void {
  const controller = reply[kReplyRoute].server.logController
  if (controller !== null) controller.requestCompleted(null, request, reply)
  else if (requestLoggingOn(reply)) writeRequestCompletedLine(reply[kReplyRoute].requestLines, reply)
}

/** A failed response, or a failing onResponse hook: Fastify's "request errored" line replaces "request completed". */
function logRequestErrored (reply: Reply, error: unknown): void {
  const controller = reply[kReplyRoute].server.logController
  if (controller !== null) controller.requestCompleted(error, reply.request, reply)
  else if (requestLoggingOn(reply)) reply.log.error({ res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored')
}

function onRequestClosed (this: WithReply<IncomingMessage>): void {
  const reply = this[kRawReply]!
  // Node closes a request whose body was read to its end before the answer is written: only a
  // request the client left (Node marks it aborted) is an abort, as in Fastify.
  if (reply.raw.writableFinished === true || this.aborted !== true) return
  const route = reply[kReplyRoute]
  void runAbortHooks(route.onRequestAbort!, reply.request, function logAbortHookFailure (error) {
    reply.log.error({ err: error }, 'onRequestAbort hook failed')
  })
}

/**
 * onTimeout hooks run when the socket times out (connectionTimeout) while this request is open.
 * One listener per socket, however many requests a keep-alive connection carries: the socket
 * points at its current reply.
 */
function watchSocketTimeout (socket: WithReply<Socket | Duplex> | null | undefined, reply: Reply): void {
  if (socket === null || socket === undefined) return
  if (socket[kRawReply] === undefined) socket.on('timeout', onSocketTimeout)
  socket[kRawReply] = reply
}

function onSocketTimeout (this: WithReply<Socket | Duplex>): void {
  const reply = this[kRawReply]!
  // A keep-alive connection idling after its last response has no request to report.
  if (reply.raw.writableFinished === true) return
  const route = reply[kReplyRoute]
  runHooks(route.onTimeout!, reply.request, reply, undefined, 0)
}

function noop (): void {}

function logHookFailure (reply: Reply, error: unknown): void {
  reply.log.error({ err: error }, 'hook failed after the response')
}

/** Where the onResponse and onTimeout chains lead (see compileRoute). */
export const onResponseEnd: ChainEnd = { next: logRequestCompleted, fail: logRequestErrored, withPayload: false, stopWhenAnswered: false }
export const onTimeoutEnd: ChainEnd = { next: noop, fail: logHookFailure, withPayload: false, stopWhenAnswered: false }
