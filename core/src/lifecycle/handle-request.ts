import type { IncomingMessage, ServerResponse } from 'node:http'
import { kRawReply, kReplyEndTime, kReplyHijacked, kRequestRoute, kReplyRoute } from '../symbols.js'
import { kReplySending } from '../reply/reply.js'
import { createRequestLogger } from '../logging/request-logger.js'
import { runHooks, runPayloadHooks, runAbortHooks, isAnswered, type ChainEnd } from './run-hooks.js'
import { parseBody } from '../request/read-body.js'
import { handleError } from '../reply/error-handler.js'
import { validateRequest } from '../schema/validate.js'
import { errorCodes } from '../errors/codes.js'
import type { RouteContext } from '../routing/route-context.js'

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
    ;(res as any)[kRawReply] = reply
    res.once('finish', onResponseFinished)
  }
  if (route.onRequestAbort !== null) {
    ;(raw as any)[kRawReply] = reply
    raw.once('close', onRequestClosed)
  }
  // Over HTTP/2 a request's timeout is its stream's (raw.socket is a proxy shared by the session's streams).
  if (route.onTimeout !== null) watchSocketTimeout(raw.httpVersionMajor === 2 ? (raw as any).stream : raw.socket, reply)
  if (server.loggingEnabled && !server.options.disableRequestLogging) {
    log.info({ req: request }, 'incoming request')
  }
  if (route.onRequest !== null) {
    runHooks(route.onRequest, request, reply)
  } else {
    afterOnRequest(request, reply)
  }
}

/** Fastify's answer while closing, byte for byte. */
const closingBody = '{"error":"Service Unavailable","message":"Service Unavailable","statusCode":503}'
const closingHeaders = { 'Content-Type': 'application/json', 'Content-Length': String(closingBody.length) }

/**
 * close() has begun: a request that still arrives on an open connection is refused before any
 * hook runs (as Fastify does), so shutting down never starts new work.
 */
function refuseWhileClosing (res: ServerResponse, log: any): void {
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
  const inFlight = (raw.socket as any)?._httpMessage
  if (inFlight !== undefined && inFlight !== null && inFlight !== res && inFlight.headersSent === false) inFlight.removeHeader('connection')
  res.setHeader('Connection', 'close')
}

/** Any hook, parser or validator failure before the handler: answer through the error handlers. */
export function failLifecycle (reply: any, error: unknown): void {
  if (isAnswered(reply)) {
    reply.log.error({ err: error }, 'error after the reply was sent')
    return
  }
  // Whatever was thrown (an Error or not) takes the error path unchanged.
  handleError(reply, error)
}

function afterOnRequest (request: any, reply: any): void {
  const route: RouteContext = request.context
  if (route.preParsing !== null) {
    runPayloadHooks(route.preParsing, request, reply, request.raw)
  } else {
    afterPreParsing(request, reply, request.raw)
  }
}

function afterPreParsing (request: any, reply: any, payload: any): void {
  if (isAnswered(reply)) return
  const route: RouteContext = request.context
  if (route.parseBody) {
    parseBody(request, reply, payload, afterParsing)
  } else {
    afterParsing(request, reply)
  }
}

export function afterParsing (request: any, reply: any): void {
  const route: RouteContext = request.context
  if (route.preValidation !== null) {
    runHooks(route.preValidation, request, reply)
  } else {
    validationPhase(request, reply)
  }
}

function validationPhase (request: any, reply: any): void {
  const route: RouteContext = request.context
  if (route.validators !== null) {
    const outcome = validateRequest(route, request)
    if (outcome !== null) {
      if (outcome instanceof Error) {
        onValidationFailed(request, reply, outcome)
        return
      }
      awaitValidation(outcome, request, reply)
      return
    }
  }
  preHandlerPhase(request, reply)
}

async function awaitValidation (outcome: Promise<Error | null>, request: any, reply: any): Promise<void> {
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

function onValidationFailed (request: any, reply: any, error: Error): void {
  const route: RouteContext = request.context
  if (route.attachValidation && (error as any).validationContext !== undefined) {
    request.validationError = error
    preHandlerPhase(request, reply)
    return
  }
  reply.send(error)
}

function preHandlerPhase (request: any, reply: any): void {
  if (isAnswered(reply)) return
  const route: RouteContext = request.context
  if (route.preHandler !== null) {
    runHooks(route.preHandler, request, reply)
  } else {
    runHandler(request, reply)
  }
}

/**
 * reply.callNotFound(): the request moves to the not-found route of its prefix, whose preHandler
 * hooks and handler run next (Fastify's order); its onSend hooks and error handlers apply from here.
 */
export function runInNotFoundRoute (request: any, reply: any, route: RouteContext): void {
  request[kRequestRoute] = route
  reply[kReplyRoute] = route
  if (route.preHandler !== null) {
    runHooks(route.preHandler, request, reply)
  } else {
    runHandler(request, reply)
  }
}

function runHandler (request: any, reply: any): void {
  const route: RouteContext = request.context
  let result
  try {
    result = route.handler.call(route.instance, request, reply)
  } catch (error) {
    failLifecycle(reply, error)
    return
  }
  if (result === undefined || result === reply) return
  if (result !== null && typeof result.then === 'function') {
    awaitHandler(result, reply)
    return
  }
  if (reply[kReplySending] === false && !reply.sent) reply.send(result)
}

async function awaitHandler (promise: Promise<unknown>, reply: any): Promise<void> {
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
      reply.log.warn({ err: new errorCodes.FST_ERR_REP_ALREADY_SENT(reply.request.context.url, reply.request.context.method) }, 'the handler returned a value after the reply was sent; the value is ignored')
    }
    return
  }
  // Resolving undefined without sending answers an empty reply, silently, as Fastify 4.29 does.
  reply.send(payload)
}

function onResponseFinished (this: ServerResponse): void {
  const reply = (this as any)[kRawReply]
  reply[kReplyEndTime] = performance.now()
  const route: RouteContext = reply.request.context
  // As Fastify: "request completed" is written once the onResponse hooks are done.
  if (route.onResponse !== null) runHooks(route.onResponse, reply.request, reply)
  else logRequestCompleted(reply.request, reply)
}

function requestLoggingOn (reply: any): boolean {
  const server = reply.request.context.server
  return server.loggingEnabled && !server.options.disableRequestLogging
}

function logRequestCompleted (_request: any, reply: any): void {
  if (requestLoggingOn(reply)) reply.log.info({ res: reply, responseTime: reply.elapsedTime }, 'request completed')
}

/** A failing onResponse hook: Fastify's "request errored" line replaces "request completed". */
function logRequestErrored (reply: any, error: unknown): void {
  if (requestLoggingOn(reply)) reply.log.error({ res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored')
}

function onRequestClosed (this: IncomingMessage): void {
  const reply = (this as any)[kRawReply]
  if (reply.raw.writableFinished === true) return
  const route: RouteContext = reply.request.context
  void runAbortHooks(route.onRequestAbort!, reply.request, function logAbortHookFailure (error) {
    reply.log.error({ err: error }, 'onRequestAbort hook failed')
  })
}

/**
 * onTimeout hooks run when the socket times out (connectionTimeout) while this request is open.
 * One listener per socket, however many requests a keep-alive connection carries: the socket
 * points at its current reply.
 */
function watchSocketTimeout (socket: any, reply: any): void {
  if (socket === null || socket === undefined) return
  if (socket[kRawReply] === undefined) socket.on('timeout', onSocketTimeout)
  socket[kRawReply] = reply
}

function onSocketTimeout (this: any): void {
  const reply = this[kRawReply]
  // A keep-alive connection idling after its last response has no request to report.
  if (reply.raw.writableFinished === true) return
  const route: RouteContext = reply.request.context
  runHooks(route.onTimeout!, reply.request, reply)
}

function noop (): void {}

export function logHookFailure (reply: any, error: unknown): void {
  reply.log.error({ err: error }, 'hook failed after the response')
}

/** Where each request-lifecycle hook chain leads; compileRoute builds the routes' chains from these. */
export const onRequestEnd: ChainEnd = { next: afterOnRequest, fail: failLifecycle, withPayload: false, stopWhenAnswered: true }
export const preParsingEnd: ChainEnd = { next: afterPreParsing, fail: failLifecycle, withPayload: true, stopWhenAnswered: true }
export const preValidationEnd: ChainEnd = { next: validationPhase, fail: failLifecycle, withPayload: false, stopWhenAnswered: true }
export const preHandlerEnd: ChainEnd = { next: runHandler, fail: failLifecycle, withPayload: false, stopWhenAnswered: true }
export const onResponseEnd: ChainEnd = { next: logRequestCompleted, fail: logRequestErrored, withPayload: false, stopWhenAnswered: false }
export const onTimeoutEnd: ChainEnd = { next: noop, fail: logHookFailure, withPayload: false, stopWhenAnswered: false }
