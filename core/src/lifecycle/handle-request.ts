/** The request pipeline: from the router's match through every phase of the lifecycle to the handler, and what follows the response. */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import { kRawReply, kReplyEndTime, kRequestRoute, kReplyRoute, kReplySending, kReplyHijacked } from '../symbols.js'
import { createRequestLogger } from '../logging/request-logger.js'
import { runHooks, runAbortHooks, isAnswered, type ChainEnd } from './run-hooks.js'
import { isThenable } from '../util/functions.js'
import type { EnclaveLogger } from '../logging/logger.js'
import type { Http2ServerRequest } from 'node:http2'
import type { Duplex } from 'node:stream'
import type { ValidationError } from '../types/schema.js'
import type { LifecycleRequest, Reply } from '../reply/reply-state.js'
import { parseBody } from '../request/read-body.js'
import { handleError } from '../reply/error-handler.js'
import { validateRequest } from '../schema/validate.js'
import { errorCodes } from '../errors/codes.js'
import type { RouteContext } from '../routing/route-context.js'

/** A raw request, response or socket that points back at its reply for the listeners below. */
type WithReply<T> = T & { [kRawReply]?: Reply }

/** find-my-way's handler for every route: builds request and reply, then walks the lifecycle. */
export function dispatchRoute (raw: IncomingMessage, res: ServerResponse, params: Record<string, string>, route: RouteContext, query: unknown): void {
  const server = route.server
  const id = route.genReqId(raw)
  const log = createRequestLogger(route, id, raw)
  if (server.closing) {
    // HTTP/2 has no Connection header: its sessions end with GOAWAY (see http2-server.ts).
    if (raw.httpVersionMajor !== 2) answerLastOnConnection(raw, res)
    if (server.options.return503OnClosing) {
      refuseWhileClosing(res, log)
      return
    }
  }
  const request = new route.Request(id, params, raw, query, log, route)
  const reply = new route.Reply(res, request, log, route)
  if (route.watchFinish) {
    ;(res as WithReply<ServerResponse>)[kRawReply] = reply
    res.once('finish', onResponseFinished)
  }
  if (route.onRequestAbort !== null) {
    ;(raw as WithReply<IncomingMessage>)[kRawReply] = reply
    raw.once('close', onRequestClosed)
  }
  // Over HTTP/2 a request's timeout is its stream's (raw.socket is a proxy shared by the session's streams).
  if (route.onTimeout !== null) watchSocketTimeout(raw.httpVersionMajor === 2 ? (raw as unknown as Http2ServerRequest).stream : raw.socket, reply)
  if (server.loggingEnabled && !server.options.disableRequestLogging) {
    log.info({ req: request }, 'incoming request')
  }
  if (route.onRequest !== null) {
    runHooks(route.onRequest, request, reply, undefined, 0)
  } else {
    afterOnRequest(request, reply)
  }
}

/** Fastify's answer while closing, byte for byte. */
const closingBody = '{"error":"Service Unavailable","message":"Service Unavailable","statusCode":503}'
const closingHeaders = { 'Content-Type': 'application/json', 'Content-Length': String(closingBody.length) }

/**
 * close() has begun: a request that still arrives on an open connection is refused before a
 * hook runs (as Fastify does), so shutting down never starts new work.
 */
function refuseWhileClosing (res: ServerResponse, log: EnclaveLogger): void {
  res.writeHead(503, closingHeaders)
  res.end(closingBody)
  log.info({ res: { statusCode: 503 } }, 'request aborted - refusing to accept new requests as server is closing')
}

/**
 * While closing, the last answer on a connection says `Connection: close`. A request pipelined
 * behind one still in flight takes that role over, so the earlier response keeps the connection
 * open long enough for this one to be written (the graceful close marked it when close() began).
 */
function answerLastOnConnection (raw: IncomingMessage, res: ServerResponse): void {
  // Node's private pointer from a socket to the response it is writing.
  const inFlight = (raw.socket as (Socket & { _httpMessage?: ServerResponse | null }) | null)?._httpMessage
  if (inFlight !== undefined && inFlight !== null && inFlight !== res && inFlight.headersSent === false) inFlight.removeHeader('connection')
  res.setHeader('Connection', 'close')
}

/** Any hook, parser or validator failure before the handler: answer through the error handlers. */
export function failLifecycle (reply: Reply, error: unknown): void {
  if (isAnswered(reply)) {
    reply.log.error({ err: error }, 'error after the reply was sent')
    return
  }
  // Whatever was thrown (an Error or not) takes the error path unchanged.
  handleError(reply, error)
}

function afterOnRequest (request: LifecycleRequest, reply: Reply): void {
  const route = request[kRequestRoute]
  if (route.preParsing !== null) {
    runHooks(route.preParsing, request, reply, request.raw, 0)
  } else {
    afterPreParsing(request, reply, request.raw)
  }
}

function afterPreParsing (request: LifecycleRequest, reply: Reply, payload: unknown): void {
  if (isAnswered(reply)) return
  const route = request[kRequestRoute]
  if (route.parseBody) {
    parseBody(request, reply, payload, afterParsing)
  } else {
    afterParsing(request, reply)
  }
}

export function afterParsing (request: LifecycleRequest, reply: Reply): void {
  const route = request[kRequestRoute]
  if (route.preValidation !== null) {
    runHooks(route.preValidation, request, reply, undefined, 0)
  } else {
    validationPhase(request, reply)
  }
}

function validationPhase (request: LifecycleRequest, reply: Reply): void {
  const route = request[kRequestRoute]
  if (route.validators !== null) {
    const outcome = validateRequest(route, request)
    if (outcome !== null) {
      if (outcome instanceof Error) {
        onValidationFailed(request, reply, outcome)
        return
      }
      void awaitValidation(outcome, request, reply)
      return
    }
  }
  preHandlerPhase(request, reply)
}

async function awaitValidation (outcome: Promise<Error | null>, request: LifecycleRequest, reply: Reply): Promise<void> {
  let error: Error | null
  try {
    error = await outcome
  } catch (thrown) {
    failLifecycle(reply, thrown)
    return
  }
  if (error !== null) onValidationFailed(request, reply, error)
  else preHandlerPhase(request, reply)
}

function onValidationFailed (request: LifecycleRequest, reply: Reply, error: Error): void {
  const route = request[kRequestRoute]
  if (route.attachValidation && (error as ValidationError).validationContext !== undefined) {
    request.validationError = error as ValidationError
    preHandlerPhase(request, reply)
    return
  }
  reply.send(error)
}

function preHandlerPhase (request: LifecycleRequest, reply: Reply): void {
  if (isAnswered(reply)) return
  const route = request[kRequestRoute]
  if (route.preHandler !== null) {
    runHooks(route.preHandler, request, reply, undefined, 0)
  } else {
    runHandler(request, reply)
  }
}

/**
 * reply.callNotFound(): the request moves to the not-found route of its prefix, whose preHandler
 * hooks and handler run next (Fastify's order); its onSend hooks and error handlers apply from here.
 */
export function runInNotFoundRoute (request: LifecycleRequest, reply: Reply, route: RouteContext): void {
  request[kRequestRoute] = route
  reply[kReplyRoute] = route
  if (route.preHandler !== null) {
    runHooks(route.preHandler, request, reply, undefined, 0)
  } else {
    runHandler(request, reply)
  }
}

function runHandler (request: LifecycleRequest, reply: Reply): void {
  const route = request[kRequestRoute]
  let result: unknown
  try {
    result = route.handler.call(route.instance, request, reply)
  } catch (error) {
    failLifecycle(reply, error)
    return
  }
  if (result === undefined || result === reply) return
  if (isThenable(result)) {
    void awaitHandler(result, reply)
    return
  }
  if (reply[kReplySending] === false && !reply.sent) reply.send(result)
}

async function awaitHandler (promise: PromiseLike<unknown>, reply: Reply): Promise<void> {
  let payload
  try {
    payload = await promise
  } catch (error) {
    failLifecycle(reply, error)
    return
  }
  if (payload === reply) return
  if (reply[kReplySending] === true || reply[kReplyHijacked] === true || reply.raw.writableEnded === true) {
    if (payload !== undefined) {
      reply.log.warn({ err: new errorCodes.FST_ERR_REP_ALREADY_SENT(reply[kReplyRoute].url, reply[kReplyRoute].method) }, 'the handler returned a value after the reply was sent; the value is ignored')
    }
    return
  }
  if (payload === undefined && reply.raw.statusCode !== 204) {
    // Fastify's behaviour: report it, and answer rather than leave the client hanging.
    reply.log.error({ err: new errorCodes.FST_ERR_PROMISE_NOT_FULFILLED() }, 'async handler resolved with undefined without sending a reply')
  }
  reply.send(payload)
}

function onResponseFinished (this: ServerResponse): void {
  const reply = (this as WithReply<ServerResponse>)[kRawReply]!
  reply[kReplyEndTime] = performance.now()
  const route = reply[kReplyRoute]
  // As Fastify: "request completed" is written once the onResponse hooks are done.
  if (route.onResponse !== null) runHooks(route.onResponse, reply.request, reply, undefined, 0)
  else logRequestCompleted(reply.request, reply)
}

function requestLoggingOn (reply: Reply): boolean {
  const server = reply[kReplyRoute].server
  return server.loggingEnabled && !server.options.disableRequestLogging
}

function logRequestCompleted (_request: LifecycleRequest, reply: Reply): void {
  if (requestLoggingOn(reply)) reply.log.info({ res: reply, responseTime: reply.elapsedTime }, 'request completed')
}

/** A failing onResponse hook: Fastify's "request errored" line replaces "request completed". */
function logRequestErrored (reply: Reply, error: unknown): void {
  if (requestLoggingOn(reply)) reply.log.error({ res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored')
}

function onRequestClosed (this: WithReply<IncomingMessage>): void {
  const reply = this[kRawReply]!
  if (reply.raw.writableFinished === true) return
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

export function logHookFailure (reply: Reply, error: unknown): void {
  reply.log.error({ err: error }, 'hook failed after the response')
}

/** Where each request-lifecycle hook chain leads; compileRoute builds the routes' chains from these. */
export const onRequestEnd: ChainEnd = { next: afterOnRequest, fail: failLifecycle, withPayload: false, stopWhenAnswered: true }
export const preParsingEnd: ChainEnd = { next: afterPreParsing, fail: failLifecycle, withPayload: true, stopWhenAnswered: true }
export const preValidationEnd: ChainEnd = { next: validationPhase, fail: failLifecycle, withPayload: false, stopWhenAnswered: true }
export const preHandlerEnd: ChainEnd = { next: runHandler, fail: failLifecycle, withPayload: false, stopWhenAnswered: true }
export const onResponseEnd: ChainEnd = { next: logRequestCompleted, fail: logRequestErrored, withPayload: false, stopWhenAnswered: false }
export const onTimeoutEnd: ChainEnd = { next: noop, fail: logHookFailure, withPayload: false, stopWhenAnswered: false }
