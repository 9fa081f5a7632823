/** The error path: onError hooks, the chain of error handlers, the default handler's payload, and the last-resort answer. */
import type { OutgoingHttpHeaders } from 'node:http'
import { statusTexts } from '../util/status-texts.js'
import { errorFieldText } from './error-field-text.js'
import { errorCodes } from '../errors/codes.js'
import {
  kReplyRoute, kReplyHeaders, kReplyErrorPath, kReplyHijacked,
  kSpecValidationPayload, kReplySending, kReplyStatusSet, kReplySerializer, kReplyInSendHook
} from '../symbols.js'
import { runHooks, type ChainEnd } from '../lifecycle/run-hooks.js'
import { selectSerializer } from '../schema/select-serializer.js'
import { isThenable } from '../util/functions.js'
import { handlerTracing, publishFailure } from '../lifecycle/handler-tracing.js'
import { errorPathOf, type Reply } from './reply-state.js'
import type { RuntimeRequest } from '../request/request.js'
import type { EnclaveReply } from '../types/reply.js'
import type { EnclaveRequest } from '../types/request.js'
import { requestLogOff } from '../logging/request-logger.js'
import { isConnectionHeader, isHttp2Response } from '../util/http2-responses.js'

/** A user's error handler, with the context instance it runs as `this` in. */
export interface ErrorHandlerEntry {
  readonly fn: (this: object, error: unknown, request: EnclaveRequest, reply: EnclaveReply) => unknown
  readonly instance: object
}

/** What the error path reads on a thrown value, which may be anything. */
interface ErrorLike {
  statusCode?: unknown
  status?: unknown
  message?: unknown
  code?: unknown
  headers?: unknown
  [kSpecValidationPayload]?: boolean
}

/** Thrown strings, `null` and other non-Errors become Errors, so handlers and logs always get one. */
export function toError (thrown: unknown): Error {
  if (thrown instanceof Error) return thrown
  if (thrown === undefined || thrown === null) return new errorCodes.FST_ERR_SEND_UNDEFINED_ERR()
  try {
    return wrapThrown(thrown)
  } catch {
    // Its getters or toString throw (or it has no prototype to convert with): keep it out of the
    // error and the logs, which would trip over it again.
    return new Error('A value that cannot be read was thrown')
  }
}

function wrapThrown (thrown: unknown): Error {
  const message = typeof thrown === 'object' ? (thrown as ErrorLike).message : undefined
  if (typeof message === 'string') {
    const error = new Error(message)
    Object.assign(error, thrown)
    return error
  }
  const error: Error & { thrown?: unknown } = new Error(String(thrown))
  error.thrown = thrown
  return error
}

/**
 * The error's status as Fastify 4.29's default handler reads it: `statusCode`, else `status`, a
 * numeric string included; anything but an integer from 400 to 599 means 500.
 */
function statusCodeOf (error: ErrorLike): number | undefined {
  const given = error.statusCode || error.status
  const code = typeof given === 'string' ? Number(given) : given
  return typeof code === 'number' && Number.isInteger(code) && code >= 400 && code <= 599 ? code : undefined
}

// Fastify compares with the engine's coercion: `'418'` is an error status, `'418x'` is not.
function atLeast400 (value: unknown): boolean {
  return (value as number) >= 400
}

function isErrorStatus (value: unknown): boolean {
  return (value as number) >= 400 && (value as number) <= 599
}

/**
 * The status the default error handler answers an error with, given the reply's status so far.
 * Fastify sets it in two steps: first from the error (Fastify 5: `statusCode`, else `status`, each
 * from 400 to 599; Fastify 4.29: `status`, else `statusCode`, each 400 or more), kept over the
 * reply's own error status; then, unless the app chose a status with `reply.code()`, from the
 * error again (Fastify 4.29: `statusCode || status` if 400 or more, kept only if
 * `reply.code()` takes it), else 500. A status Fastify 4.29 cannot answer with (past 599, which it
 * writes as the status line or, past 999, crashes the process on; or not an integer) is a 500.
 */
function defaultErrorStatus (error: ErrorLike, current: number, statusChosen: boolean, api: 4 | 5): number {
  const { statusCode, status } = error
  let chosen: unknown
  if (api === 5) {
    if (isErrorStatus(statusCode)) chosen = statusCode
    else if (isErrorStatus(status)) chosen = status
    else chosen = statusChosen && isErrorStatus(current) ? current : 500
  } else {
    if (atLeast400(status)) chosen = status
    else if (atLeast400(statusCode)) chosen = statusCode
    else chosen = atLeast400(current) ? current : 500
    if (!statusChosen) {
      const given = statusCode || status
      const second = atLeast400(given) ? given : 500
      if ((second as number) <= 599) chosen = second
    }
  }
  const code = Number(chosen)
  return Number.isInteger(code) && code >= 400 && code <= 599 ? code : 500
}

/** The status a failure answers with by default, for the tracing channel's `error` (500 for anything but a valid error status). */
export function failureStatus (thrown: unknown): number {
  return (typeof thrown === 'object' && thrown !== null ? statusCodeOf(thrown as ErrorLike) : undefined) ?? 500
}

/**
 * The error path: the onError hooks, then the context's error handlers from the route's own up to
 * the default. Whatever was thrown travels as is (a string, `null`, a plain object): a custom error
 * handler receives exactly the thrown value, as in Fastify.
 */
export function handleError (reply: Reply, thrown: unknown): void {
  enterErrorPath(reply, thrown)
}

/** A preSerialization or onSend hook failed: the same path (an onSend hook may also fail on the error's answer). */
export function handlePayloadHookError (reply: Reply, thrown: unknown): void {
  enterErrorPath(reply, thrown)
}

/**
 * As in Fastify, the onError hooks run for an error met before any error handler ran, and again
 * once every handler has run (the default one's answer failed too); not for an error met while a
 * handler further up the chain is still to come.
 */
function enterErrorPath (reply: Reply, thrown: unknown): void {
  if (reply[kReplyHijacked] === true) return
  const route = reply[kReplyRoute]
  const errorPath = errorPathOf(reply)
  // A failure met inside an onError hook's reply.callNotFound() (whose handler's send is refused
  // there) does not answer the request: in Fastify the send() that would answer it throws into the
  // hook (whose failure is ignored), and the error the hooks run for goes on.
  if (errorPath.runningOnError && reply[kReplyInSendHook] === -1) throw new errorCodes.FST_ERR_SEND_INSIDE_ONERR()
  const index = errorPath.handlerIndex
  const runOnError = index === 0 || index >= route.errorHandlers.length
  if (route.onError !== null && runOnError && !errorPath.runningOnError) {
    errorPath.runningOnError = true
    errorPath.error = thrown
    runHooks(route.onError, reply.request, reply, thrown, 0)
    return
  }
  invokeErrorHandler(reply, thrown)
}

function afterOnError (_request: RuntimeRequest, reply: Reply): void {
  const errorPath = errorPathOf(reply)
  errorPath.runningOnError = false
  invokeErrorHandler(reply, errorPath.error)
}

function onErrorHookFailed (reply: Reply, hookError: unknown): void {
  // Fastify ignores a failing onError hook (the rest are skipped); kept visible at debug level only.
  reply.log.debug({ err: hookError }, 'onError hook failed')
  afterOnError(reply.request, reply)
}

function invokeErrorHandler (reply: Reply, error: unknown): void {
  const route = reply[kReplyRoute]
  const errorPath = errorPathOf(reply)
  const index = errorPath.handlerIndex
  const entry = route.errorHandlers[index]
  if (entry === undefined) {
    writeLastResort(reply, error)
    return
  }
  errorPath.handlerIndex = index + 1
  // A custom handler gets the reply as the failing code left it (status and headers untouched,
  // as in Fastify); only the default handler applies the error's statusCode and headers.
  const headers = reply[kReplyHeaders]
  // Removed, as Fastify does: the content type the error's answer gets goes out after the headers
  // already set (an onError hook's, say), as in Fastify; the error path alone pays for the delete.
  if (errorPath.keepContentType) errorPath.keepContentType = false
  else if ('content-type' in headers) delete headers['content-type']
  if ('content-length' in headers) delete headers['content-length']
  reply[kReplySending] = false
  let result
  try {
    result = entry.fn.call(entry.instance, error, reply.request, reply)
  } catch (handlerError) {
    errorHandlerFailed(reply, handlerError)
    return
  }
  if (result !== reply && isThenable(result)) {
    // Traced, the handler's call has become asynchronous, as Fastify 5 reports it.
    if (errorPath.trace !== null) errorPath.trace.async = true
    void awaitErrorHandler(result, reply)
    return
  }
  if (result !== undefined && result !== reply && reply[kReplySending] === false && !reply.sent) sendResult(reply, result)
}

/**
 * reply.send() of a value the framework sends for user code (a handler's or error handler's
 * result): what send() throws (FST_ERR_REP_INVALID_PAYLOAD_TYPE) takes the error path, as in Fastify 4.29.
 */
export function sendResult (reply: Reply, payload: unknown): void {
  try {
    reply.send(payload)
  } catch (error) {
    handleError(reply, error)
  }
}

/**
 * A custom error handler threw: an `Error` goes to the next handler up; anything else is sent as
 * the reply's payload, as Fastify 4.29 does (Errors.md: it does not reach the parent's).
 */
function errorHandlerFailed (reply: Reply, handlerError: unknown): void {
  reply[kReplySending] = false
  if (handlerError instanceof Error) handleError(reply, handlerError)
  else sendResult(reply, handlerError)
}

async function awaitErrorHandler (promise: PromiseLike<unknown>, reply: Reply): Promise<void> {
  let result
  try {
    result = await promise
  } catch (handlerError) {
    // A rejection goes to the next handler up whatever it is, as in Fastify 4.29.
    reply[kReplySending] = false
    const trace = errorPathOf(reply).trace
    if (trace === null) {
      handleError(reply, handlerError)
      return
    }
    publishFailure(trace, handlerError, failureStatus(handlerError), reply[kReplyRoute].server.profile.api !== 5)
    handlerTracing.asyncStart.publish(trace)
    handleError(reply, handlerError)
    handlerTracing.asyncEnd.publish(trace)
    return
  }
  const trace = errorPathOf(reply).trace
  if (trace !== null) handlerTracing.asyncStart.publish(trace)
  // An async handler that resolves without sending answers what it resolved with, even nothing
  // (an empty reply with the status it left), as in Fastify: the request never hangs.
  if (result !== reply && reply[kReplySending] === false && !reply.sent) sendResult(reply, result)
  if (trace !== null) handlerTracing.asyncEnd.publish(trace)
}

/**
 * The payload of the default error handler, in Fastify's key order. Validation errors under
 * `validationPayload: 'spec'` follow the spec's shape (no `code`: docs/validation.md); every other error also
 * names its `code`. Never a stack.
 */
function errorPayloadObject (error: ErrorLike, statusCode: number): Record<string, unknown> {
  // A status Node has no text for (599) has no `error` key, as in Fastify 4.29; an undefined field
  // is left out by JSON.stringify, as by Fastify's serializer.
  const statusText = statusTexts[statusCode]
  const message = errorFieldText(error.message)
  if (error[kSpecValidationPayload] === true) return { statusCode, error: statusText, message }
  return { statusCode, code: errorFieldText(error.code), error: statusText, message }
}

/**
 * The default error payload. When the error's `message` cannot be made text (its `toString()`
 * throws), Fastify answers the error that threw, a 500; when its `code` cannot (no `toString()`, or
 * one that throws), Fastify's 500 FST_ERR_FAILED_ERROR_SERIALIZATION payload. `failed` gets the 500.
 */
export function errorPayload (error: ErrorLike, statusCode: number, failed?: { statusCode: number }): string {
  let messageFailure: unknown = null
  try {
    errorFieldText(error.message)
  } catch (failure) {
    // A message with no toString() at all fails in the serializer instead (below).
    if (typeof (error.message as { toString?: unknown }).toString === 'function') messageFailure = failure
  }
  try {
    if (messageFailure instanceof Error) {
      if (failed !== undefined) failed.statusCode = 500
      return JSON.stringify(errorPayloadObject(messageFailure, 500))
    }
    return JSON.stringify(errorPayloadObject(error, statusCode))
  } catch (failure) {
    if (failed !== undefined) failed.statusCode = 500
    return JSON.stringify(failedSerializationObject(failure, error))
  }
}

function failedSerializationObject (failure: unknown, error: ErrorLike): Record<string, unknown> {
  let original: string
  try {
    original = errorFieldText(error.message) ?? ''
  } catch {
    original = ''
  }
  const failed = new errorCodes.FST_ERR_FAILED_ERROR_SERIALIZATION(failure instanceof Error ? failure.message : 'unreadable value', original)
  return { statusCode: 500, code: failed.code, message: failed.message }
}

/** Fastify's line for an error payload its response schema refuses; `disableRequestLogging` silences it. */
function logSerializerFailure (reply: Reply, failure: unknown): void {
  const server = reply[kReplyRoute].server
  const statusCode = reply.raw.statusCode
  if (server.logController !== null) server.logController.serializerError(failure, reply.request, reply, { statusCode })
  else if (!requestLogOff(server.options.disableRequestLogging, reply.request)) reply.log.error({ err: failure, statusCode }, 'The serializer for the given status code failed')
}

/**
 * The type a content-keyed response schema is looked up by: on the faces, as Fastify's fallback error
 * handler, the reply's Content-Type or else JSON (so a schema listing only `application/vnd.x+json`
 * does not reshape a JSON error); `enclave()` takes the `application/json` entry, else the first.
 */
function errorContentType (reply: Reply): string | undefined {
  if (reply[kReplyRoute].server.profile.name === 'enclave') return undefined
  const set = reply[kReplyHeaders]['content-type']
  return typeof set === 'string' ? set : 'application/json; charset=utf-8'
}

/**
 * As in Fastify, the payload goes through the route's response schema for its status (exact code,
 * `4xx`/`5xx`, `default`) when there is one, so such a schema can reshape it; the
 * `protectErrorPayloads` option keeps it whole. A payload the schema rejects becomes Fastify's
 * 500 FST_ERR_FAILED_ERROR_SERIALIZATION, which has no `error` key.
 */
function serializeErrorPayload (reply: Reply, error: ErrorLike, statusCode: number): string {
  const route = reply[kReplyRoute]
  if (route.responseSerializers === null || route.server.options.protectErrorPayloads === true) return errorPayload(error, statusCode, reply.raw)
  const serializer = selectSerializer(route.responseSerializers, statusCode, errorContentType(reply))
  if (serializer === null) return errorPayload(error, statusCode, reply.raw)
  const message = typeof error.message === 'string' ? error.message : ''
  let body: unknown
  try {
    body = serializer(errorSchemaView(error, statusCode, message))
  } catch (failure) {
    logSerializerFailure(reply, failure)
    // The failure's `message` as Fastify reads it: `undefined` for a thrown string, and for null.
    const failureMessage = failure === null || failure === undefined ? undefined : (failure as { message?: unknown }).message
    reply.raw.statusCode = 500
    return unsendableErrorPayload(new errorCodes.FST_ERR_FAILED_ERROR_SERIALIZATION(failureMessage, message))
  }
  // A custom serializer's output that is no string: Fastify 4.29 and 5 answer its send() error the
  // same way, unlogged, the status left as it is (the body says 500).
  if (typeof body !== 'string' && !Buffer.isBuffer(body)) return unsendableErrorPayload(new errorCodes.FST_ERR_REP_INVALID_PAYLOAD_TYPE(typeof body))
  return body as string
}

/** Fastify 4.29's payload when the error payload cannot be serialized: a 500 naming why, without `error`. */
function unsendableErrorPayload (failed: Error & { code: string }): string {
  return JSON.stringify({ statusCode: 500, code: failed.code, message: failed.message })
}

/**
 * What a response schema sees of an error, as in Fastify 4.29: every property of the error, its own
 * and its class's (Reply docs: "add the additional properties to the Error instance"), with
 * `statusCode`, `error` and `message` the answer's. They are non-enumerable own properties over the
 * error, so a schema's `additionalProperties` adds nothing and the error itself is left unchanged.
 */
function errorSchemaView (error: ErrorLike, statusCode: number, message: string): object {
  const view: PropertyDescriptorMap = {
    statusCode: { value: statusCode },
    error: { value: statusTexts[statusCode] ?? 'Unknown Error' },
    message: { value: message }
  }
  // The spec's validation payload has no `code` (docs/validation.md).
  if (error[kSpecValidationPayload] === true) view.code = { value: undefined }
  return Object.create(error, view) as object
}

/** What Fastify 4's default handler answers when `null` or `undefined` reaches it (it fails reading its statusCode). */
function nullishStandIn (value: null | undefined): TypeError {
  return new TypeError(`Cannot read properties of ${String(value)} (reading 'statusCode')`)
}

/**
 * Fastify 5: a thrown `null` or `undefined` is logged as the error and sent as the payload (`null`
 * as JSON, `undefined` as an empty body), with 500 unless an error status was set.
 */
function answerNullish (error: null | undefined, request: EnclaveRequest, reply: Reply): void {
  const res = reply.raw
  const api = reply[kReplyRoute].server.profile.api
  if (res.statusCode < 400) res.statusCode = 500
  const controller = reply[kReplyRoute].server.logController
  if (controller !== null) controller.defaultErrorLog(error, request, reply)
  else if (!requestLogOff(reply[kReplyRoute].server.options.disableRequestLogging, request)) {
    // Fastify 4.29 passes the error's message, `null` or `undefined` here, as the line's message.
    if (res.statusCode >= 500) {
      if (api === 5) reply.log.error({ req: request, res: reply, err: error })
      else reply.log.error({ req: request, res: reply, err: error }, error as unknown as string)
    } else if (api === 5) {
      reply.log.info({ res: reply, err: error })
    } else {
      reply.log.info({ res: reply, err: error }, error as unknown as string)
    }
  }
  reply.send(error)
}

/**
 * The root error handler every chain ends with: the error's statusCode (else 500 unless an error
 * status was set) and headers, then Fastify's payload. A thrown non-Error is sent as the payload
 * itself, as Fastify v4 does (rate-limit's `errorResponseBuilder` objects rely on it).
 */
export function defaultErrorHandler (this: unknown, error: unknown, request: EnclaveRequest, publicReply: EnclaveReply): void {
  // The runtime reply, whose hidden state this handler reads: only the lifecycle calls it with a reply.
  const reply = publicReply as Reply
  // Fastify 4.29 answers a thrown null or undefined as Fastify 5 does only when the route chose a
  // status; otherwise its handler fails reading the error (the stand-in below).
  if ((error === null || error === undefined) && (reply[kReplyRoute].server.profile.api === 5 || reply[kReplyStatusSet])) {
    answerNullish(error, request, reply)
    return
  }
  const failure: ErrorLike = error === null || error === undefined ? nullishStandIn(error) : error as ErrorLike
  const res = reply.raw
  res.statusCode = defaultErrorStatus(failure, res.statusCode, reply[kReplyStatusSet], reply[kReplyRoute].server.profile.api)
  const errorHeaders = failure.headers
  if (errorHeaders !== null && typeof errorHeaders === 'object') reply.headers(errorHeaders as Record<string, unknown>)
  const message = failure.message
  const controller = reply[kReplyRoute].server.logController
  // A thrown null or undefined: Fastify 4.29's default handler fails on it before logging, so the answer comes unlogged.
  const logged = error !== null && error !== undefined
  if (logged && controller !== null) {
    controller.defaultErrorLog(failure, request, reply)
  } else if (logged && !requestLogOff(reply[kReplyRoute].server.options.disableRequestLogging, request)) {
    // disableRequestLogging silences these lines too, as in Fastify.
    if (res.statusCode >= 500) reply.log.error({ req: request, res: reply, err: failure }, message)
    else reply.log.info({ res: reply, err: failure }, message)
  }
  // The route's headers were refused: Fastify's answer to it fails on them again and it warns of the
  // refused head. Enclave's answer goes out without them (the differences table), with the same warning.
  // A head that already went out (through reply.raw) is warned of as "already sent" instead, when
  // the answer meets it again.
  if (reply[kReplyErrorPath]?.headerFailure === true && (failure as { code?: unknown }).code !== 'ERR_HTTP_HEADERS_SENT') logRefusedHead(reply, failure)
  if (!(failure instanceof Error)) {
    reply.send(failure)
    return
  }
  const headers = reply[kReplyHeaders]
  headers['content-type'] = 'application/json; charset=utf-8'
  const body = serializeErrorPayload(reply, failure, res.statusCode)
  // Fastify's error payload carries its length from here on: the header comes before any an onSend
  // hook adds (the order Fastify 4.29 writes), the writer corrects it if a hook changes the payload,
  // and beside trailers Fastify 4 sends it along with the chunked encoding.
  headers['content-length'] = String(Buffer.byteLength(body))
  // As Fastify, the default error payload is written as it is: a reply.serializer() the handler set
  // is for the payloads the handler sends, not for this one.
  const custom = reply[kReplySerializer]
  reply[kReplySerializer] = null
  try {
    reply.send(body)
  } finally {
    reply[kReplySerializer] = custom
  }
}

/**
 * When every handler failed (or the error reply itself failed in onSend, or its headers were
 * unusable): the latest error in the default payload, written directly, past every hook, so it
 * cannot fail again.
 */
export function writeLastResort (reply: Reply, error: unknown): void {
  const res = reply.raw
  const route = reply[kReplyRoute]
  // Once the default handler has logged this reply's error, its own reply failing again (an onSend
  // hook that throws every time) is not logged a second time, as in Fastify.
  if (errorPathOf(reply).handlerIndex < route.errorHandlers.length) {
    reply.log.error({ err: error }, 'error handling failed; answering without hooks')
  }
  const failure = toError(error)
  if (res.headersSent === true || res.writableEnded === true) {
    // Nothing more can be written: the response is aborted with the error, as in Fastify 5 (its
    // 'error' event is what the request's completion log reports).
    res.destroy(failure)
    return
  }
  if (errorPathOf(reply).headerFailure) {
    writeWithOwnHeaders(res, failure)
    return
  }
  writeWithReplyHeaders(reply, failure)
}

/**
 * As Fastify 4.29 and 5: the status the reply has (the default handler's), the reply's headers and
 * those set on the raw response, a JSON type unless the reply has one, and the error's payload
 * through the route's response schema for that status.
 */
function writeWithReplyHeaders (reply: Reply, failure: ErrorLike): void {
  const res = reply.raw
  if (res.statusCode < 400) res.statusCode = 500
  const headers = reply[kReplyHeaders]
  headers['content-type'] ??= 'application/json; charset=utf-8'
  const body = serializeErrorPayload(reply, failure, res.statusCode)
  headers['content-length'] = String(Buffer.byteLength(body))
  const http2 = isHttp2Response(res)
  const head: OutgoingHttpHeaders = {}
  for (const name in headers) {
    const value = headers[name]
    if (value === undefined || (http2 && isConnectionHeader(name))) continue
    head[name] = value as OutgoingHttpHeaders[string]
  }
  try {
    res.writeHead(res.statusCode, head)
  } catch (headError) {
    // A header Node refuses: the head goes out without the reply's headers, as in Fastify.
    logRefusedHead(reply, headError)
    if (!writeBareHead(res, res.statusCode)) return
  }
  res.end(body)
}

/** Fastify's warning when its last-resort head is refused: the header error, at warn level. */
function logRefusedHead (reply: Reply, headError: unknown): void {
  const server = reply[kReplyRoute].server
  if (server.logController !== null) server.logController.writeHeadError(headError, reply.request, reply)
  else if (!requestLogOff(server.options.disableRequestLogging, reply.request)) {
    reply.log.warn({ req: reply.request, res: reply, err: headError }, (headError as Error).message)
  }
}

/** The answer when the reply's own headers are what failed: the error's status and payload, with only its type and length. */
function writeWithOwnHeaders (res: Reply['raw'], failure: ErrorLike): void {
  const answer = { statusCode: statusCodeOf(failure) ?? (res.statusCode >= 400 ? res.statusCode : 500) }
  const body = errorPayload(failure, answer.statusCode, answer)
  const statusCode = answer.statusCode
  for (const name of res.getHeaderNames()) res.removeHeader(name)
  if (!writeBareHead(res, statusCode, { 'content-type': 'application/json; charset=utf-8', 'content-length': String(Buffer.byteLength(body)) })) return
  res.end(body)
}

/**
 * writeHead that cannot throw: when it refuses (replaced by the app, or the head went out behind
 * Enclave's back) the response is aborted rather than the process crashed, as Fastify 5 does.
 */
function writeBareHead (res: Reply['raw'], statusCode: number, headers?: Record<string, string>): boolean {
  try {
    res.writeHead(statusCode, headers)
  } catch {
    res.destroy()
    return false
  }
  return true
}

/** Where the onError chain leads (see compileRoute). */
export const onErrorEnd: ChainEnd = { next: afterOnError, fail: onErrorHookFailed, withPayload: true, stopWhenAnswered: false }
