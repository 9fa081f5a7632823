/** The request pipeline: from the router's match through every phase of the lifecycle to the handler. */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import { kRequestRoute, kReplyRoute, kReplySending, kReplyHijacked, kReplyErrorPath } from '../symbols.js'
import { createRequestLogger, requestLogOff, logIncomingRequest } from '../logging/request-logger.js'
import { runHooks, runChain, isAnswered, suspendHandler, driveSuspended, setHandlerSettled, type ChainEnd } from './run-hooks.js'
import { watchFinish, watchAbort, watchTimeout } from './response-events.js'
import { watchHandlerTimeout } from './handler-timeout.js'
import { isThenable } from '../util/functions.js'
import type { EnclaveLogger } from '../logging/logger.js'
import type { ValidationError } from '../types/schema.js'
import type { EnclaveReply } from '../types/reply.js'
import type { RuntimeRequest } from '../request/request.js'
import { parseBody, type BodyStream, type ParsingFailed } from '../request/read-body.js'
import { failureStatus, handleError, sendResult } from '../reply/error-handler.js'
import { handlerTracing, publishFailure, type HandlerTrace } from './handler-tracing.js'
import { errorPathOf, type Reply } from '../reply/reply-state.js'
import { warnAlreadySent } from '../reply/send.js'
import { validateRequest } from '../schema/validate.js'
import type { RouteContext } from '../routing/route-context.js'

/** find-my-way's handler for every route: builds request and reply, then walks the lifecycle. */
// Kept small on purpose: V8 inlines it into the router's lookup, and what it leaves of its inlining
// budget decides whether the Request and Reply constructors are inlined too (bench/notes.md, "The
// request's first steps"). Rare paths are functions of their own.
export function dispatchRoute (raw: IncomingMessage, res: ServerResponse, params: Record<string, string>, route: RouteContext, query: unknown): void {
  const id = route.genReqId(raw)
  const log = createRequestLogger(route, id, raw)
  if (route.server.closing && refusedWhileClosing(route, raw, res, log)) return
  const request = new route.Request(id, params, raw, query, log, route)
  const reply = new route.Reply(res, request, log, route)
  if (route.watchesRequest) watchRequest(route, raw, request, reply)
  if (route.onRequest !== null ? runChain(route.onRequest, request, reply, undefined, 0) : afterOnRequest(request, reply)) driveSuspended(reply)
}

/** What follows the request outside the pipeline (handlerTimeout's timer among it), and the "incoming request" log line. */
function watchRequest (route: RouteContext, raw: IncomingMessage, request: RuntimeRequest, reply: Reply): void {
  if (route.watchFinish) watchFinish(reply.raw, reply)
  if (route.onRequestAbort !== null) watchAbort(raw, reply)
  if (route.onTimeout !== null) watchTimeout(raw, reply)
  const server = route.server
  if (server.logController !== null) {
    server.logController.incomingRequest(request, reply)
  } else if (server.loggingEnabled && !requestLogOff(server.options.disableRequestLogging, request)) {
    logIncomingRequest(route.requestLines, request)
  }
  if (route.handlerTimeout > 0) watchHandlerTimeout(reply, route.handlerTimeout)
}

/**
 * close() has begun: the last answer on a connection says so, and with return503OnClosing the
 * request is refused before a hook runs. True when it was refused.
 */
function refusedWhileClosing (route: RouteContext, raw: IncomingMessage, res: ServerResponse, log: EnclaveLogger): boolean {
  // HTTP/2 has no Connection header: its sessions end with GOAWAY (see http2-server.ts).
  if (raw.httpVersionMajor !== 2) answerLastOnConnection(raw, res)
  if (!route.server.options.return503OnClosing) return false
  refuseWhileClosing(res, log)
  return true
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

/**
 * Any hook, parser or validator failure before the handler: answer through the error handlers. Once
 * a hook has answered the request, a failure after it is dropped without a log line, as in Fastify 4.29.
 */
export function failLifecycle (reply: Reply, error: unknown): void {
  if (isAnswered(reply)) return
  // Whatever was thrown (an Error or not) takes the error path unchanged.
  handleError(reply, error)
}

// From here to the handler, each step returns true when it (or a step it ran) suspended on a
// promise (run-hooks.ts, `drive`): its caller then returns at once, up to the entry that drives it.

function afterOnRequest (request: RuntimeRequest, reply: Reply): boolean {
  const route = request[kRequestRoute]
  if (route.preParsing !== null) {
    // A payload chain: its hooks' promises are awaited where they are returned.
    runHooks(route.preParsing, request, reply, request.raw, 0)
    return false
  }
  return afterPreParsing(request, reply, request.raw)
}

function afterPreParsing (request: RuntimeRequest, reply: Reply, payload: unknown): boolean {
  if (isAnswered(reply)) return false
  const route = request[kRequestRoute]
  // A not-found route serves every method: the request's own says whether its body is read.
  if (route.parseBody && (!route.isNotFound || route.server.httpMethods.get(request.raw.method as string) === true)) {
    // The raw request, or the stream a preParsing hook replaced it with (Fastify requires a stream there).
    parseBody(request, reply, payload as BodyStream, afterParsingEntry, failLifecycle as ParsingFailed)
    return false
  }
  return afterParsing(request, reply)
}

/** Where the body reader continues; it hands back the reply it was given, typed as the public one. */
function afterParsingEntry (request: RuntimeRequest, bodyReply: EnclaveReply): void {
  if (afterParsing(request, bodyReply as Reply)) driveSuspended(bodyReply as Reply)
}

function afterParsing (request: RuntimeRequest, reply: Reply): boolean {
  const route = request[kRequestRoute]
  if (route.preValidation !== null) return runChain(route.preValidation, request, reply, undefined, 0)
  return validationPhase(request, reply)
}

function validationPhase (request: RuntimeRequest, reply: Reply): boolean {
  const route = request[kRequestRoute]
  if (route.validators !== null) {
    const outcome = validateRequest(route, request)
    if (outcome !== null) {
      if (outcome instanceof Error) return onValidationFailed(request, reply, outcome)
      void awaitValidation(outcome, request, reply)
      return false
    }
  }
  return preHandlerPhase(request, reply)
}

async function awaitValidation (outcome: Promise<Error | null>, request: RuntimeRequest, reply: Reply): Promise<void> {
  let error: Error | null
  try {
    error = await outcome
  } catch (thrown) {
    failLifecycle(reply, thrown)
    return
  }
  if (error !== null ? onValidationFailed(request, reply, error) : preHandlerPhase(request, reply)) driveSuspended(reply)
}

function onValidationFailed (request: RuntimeRequest, reply: Reply, error: Error): boolean {
  const route = request[kRequestRoute]
  if (route.attachValidation && (error as ValidationError).validationContext !== undefined) {
    request.validationError = error as ValidationError
    return preHandlerPhase(request, reply)
  }
  reply.send(error)
  return false
}

function preHandlerPhase (request: RuntimeRequest, reply: Reply): boolean {
  if (isAnswered(reply)) return false
  const route = request[kRequestRoute]
  if (route.preHandler !== null) return runChain(route.preHandler, request, reply, undefined, 0)
  return runHandler(request, reply)
}

/**
 * reply.callNotFound(): the request moves to the not-found route of its prefix, whose preHandler
 * hooks and handler run next (Fastify's order); its onSend hooks and error handlers apply from here.
 */
export function runInNotFoundRoute (request: RuntimeRequest, reply: Reply, route: RouteContext): void {
  request[kRequestRoute] = route
  reply[kReplyRoute] = route
  if (route.preHandler !== null ? runChain(route.preHandler, request, reply, undefined, 0) : runHandler(request, reply)) driveSuspended(reply)
}

function runHandler (request: RuntimeRequest, reply: Reply): boolean {
  const route = request[kRequestRoute]
  // Fastify 5's tracing channel, on every entry: only a subscribed tracer pays for it.
  if (handlerTracing.hasSubscribers && !route.isNotFound) {
    traceHandler(request, reply, route)
    return false
  }
  let result: unknown
  try {
    result = route.handler.call(route.instance, request, reply)
  } catch (error) {
    handlerThrew(reply, error)
    return false
  }
  if (result === undefined || result === reply) return false
  if (isThenable(result)) return suspendHandler(result, request, reply)
  if (reply[kReplySending] === false && !reply.sent) sendResult(reply, result)
  return false
}

// As Fastify 4.29: the throw is sent like any error, so after the reply it is the "already sent" warning.
function handlerThrew (reply: Reply, error: unknown): void {
  if (isAnswered(reply)) warnAlreadySent(reply)
  else handleError(reply, error)
}

function handlerRejected (reply: Reply, error: unknown): void {
  if (isAnswered(reply)) reply.log.error({ err: error }, 'Promise errored, but reply.sent = true was set')
  else handleError(reply, error)
}

function handlerResolved (reply: Reply, payload: unknown): void {
  if (payload === reply || reply[kReplyHijacked] === true) return
  if (reply[kReplySending] === true || reply.raw.writableEnded === true) {
    // Fastify 4.29 sends the value, which only warns that the reply was already sent.
    if (payload !== undefined) warnAlreadySent(reply)
    return
  }
  // A handler that wrote the head on reply.raw itself (server-sent events) owns the response: Fastify 4.29 sends nothing.
  if (payload === undefined && reply.raw.headersSent) return
  // Its reply.send() failed in onSend and the onError hooks are running: the error path answers, as in Fastify 4.29.
  if (payload === undefined && reply[kReplyErrorPath] !== null && reply[kReplyErrorPath].runningOnError) return
  // Resolving undefined without sending answers an empty reply, silently, as Fastify 4.29 does.
  sendResult(reply, payload)
}

function invokeHandler (this: RouteContext, request: RuntimeRequest, reply: Reply): unknown {
  return this.handler.call(this.instance, request, reply)
}

/**
 * The handler run under the tracing channel: `start` (its stores bound around the handler) and
 * `end` always; `asyncStart`/`asyncEnd` around the answer to a promise the handler returned, and
 * (error-handler.ts) around each error handler's promise.
 */
function traceHandler (request: RuntimeRequest, reply: Reply, route: RouteContext): void {
  const trace: HandlerTrace = { request, reply, async: false, route: { url: route.url, method: route.method } }
  let result: unknown
  try {
    result = handlerTracing.start.runStores(trace, invokeHandler, route, request, reply)
  } catch (error) {
    failTraced(trace, error, route)
    // An error handler returning a promise marks the trace async before `end`.
    handlerThrew(reply, error)
    handlerTracing.end.publish(trace)
    return
  }
  if (isThenable(result)) {
    trace.async = true
    handlerTracing.end.publish(trace)
    result.then((payload) => {
      handlerTracing.asyncStart.publish(trace)
      handlerResolved(reply, payload)
      handlerTracing.asyncEnd.publish(trace)
    }, (error: unknown) => {
      failTraced(trace, error, route)
      handlerTracing.asyncStart.publish(trace)
      handlerRejected(reply, error)
      handlerTracing.asyncEnd.publish(trace)
    })
    return
  }
  if (result !== undefined && result !== reply && reply[kReplySending] === false && !reply.sent) sendResult(reply, result)
  handlerTracing.end.publish(trace)
}

function failTraced (trace: HandlerTrace, error: unknown, route: RouteContext): void {
  publishFailure(trace, error, failureStatus(error), route.server.profile.api !== 5)
  errorPathOf(trace.reply).trace = trace
}

// How run-hooks.ts's driver finishes a suspended handler (it suspends nothing after it).
setHandlerSettled({ resolved: handlerResolvedStep, rejected: handlerRejected })

function handlerResolvedStep (reply: Reply, payload: unknown): boolean {
  handlerResolved(reply, payload)
  return false
}

/** Where each request-lifecycle hook chain leads; compileRoute builds the routes' chains from these. */
export const onRequestEnd: ChainEnd = { next: afterOnRequest, fail: failLifecycle, withPayload: false, stopWhenAnswered: true }
export const preParsingEnd: ChainEnd = { next: afterPreParsing, fail: failLifecycle, withPayload: true, stopWhenAnswered: true }
export const preValidationEnd: ChainEnd = { next: validationPhase, fail: failLifecycle, withPayload: false, stopWhenAnswered: true }
export const preHandlerEnd: ChainEnd = { next: runHandler, fail: failLifecycle, withPayload: false, stopWhenAnswered: true }
// Declared beside the listeners that start these chains; compileRoute reads every chain end from here.
export { onResponseEnd, onTimeoutEnd } from './response-events.js'
