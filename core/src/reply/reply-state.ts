/** The reply object as the lifecycle sees it: the public shape plus the hidden state kept on it. */
import type { ServerResponse } from 'node:http'
import {
  type kReplyRoute, type kReplyHeaders, type kReplySerializer, type kReplySending, type kReplyHijacked,
  type kReplyHookState, type kReplyStartTime, type kReplyEndTime, type kReplyTrailers, kReplyErrorPath,
  type kReplySuspended, type kReplySuspendedStep, type kReplyStatusSet, type kReplySendRun, type kReplyInSendHook
} from '../symbols.js'
import type { EnclaveLogger } from '../logging/logger.js'
import type { EnclaveReply } from '../types/reply.js'
import type { RuntimeRequest } from '../request/request.js'
import type { RouteContext } from '../routing/route-context.js'
import type { HookState, HookStep } from '../lifecycle/run-hooks.js'
import type { ReplyTrailers } from './trailers.js'
import type { HandlerTrace } from '../lifecycle/handler-tracing.js'

/** A header as the reply keeps it before writing: `undefined` marks a removed one (no `delete` on the hot path). */
export type ReplyHeaders = Record<string, unknown>

/** Every field the Reply constructor sets, so every reply has one shape. */
export interface ReplyState {
  raw: ServerResponse
  request: RuntimeRequest
  log: EnclaveLogger
  [kReplyRoute]: RouteContext
  [kReplyHeaders]: ReplyHeaders
  /** reply.serializer(fn): beats every other serializer for this reply. */
  [kReplySerializer]: ((payload: unknown) => string) | null
  /** reply.send() has begun (serializing, onSend or writing): another send only warns. */
  [kReplySending]: boolean
  [kReplyHijacked]: boolean
  /** null until the reply first takes the error path (see ErrorPathState). */
  [kReplyErrorPath]: ErrorPathState | null
  [kReplyHookState]: HookState | null
  [kReplyStartTime]: number
  /** When 'finish' fired (0 until then), for elapsedTime after the response. */
  [kReplyEndTime]: number
  /** reply.trailer(): null until one is set, so a reply without trailers costs one field check. */
  [kReplyTrailers]: ReplyTrailers | null
  /**
   * The promise a pipeline step returned, until the request's driver awaits it (run-hooks.ts), and
   * the hook step it came from (null for the handler). Kept on the reply, a young object like the
   * promise, rather than in a module-level record, which lives in V8's old space and so pays a
   * remembered-set write barrier for every young object stored into it.
   */
  [kReplySuspended]: PromiseLike<unknown> | null
  [kReplySuspendedStep]: HookStep | null
  /** reply.code() was called: the default error handler and redirect() then keep the status chosen. */
  [kReplyStatusSet]: boolean
  /**
   * Counts the times reply.send() started the reply over from inside its own preSerialization or
   * onSend hooks (as Fastify's send does while nothing is written): a chain of an earlier run is
   * abandoned, and what its hooks do later is ignored.
   */
  [kReplySendRun]: number
  /**
   * The run (plus one) of the preSerialization/onSend hook of this reply running now (its
   * synchronous part); 0 for none; -1 while an onError hook's reply.callNotFound() runs.
   */
  [kReplyInSendHook]: number
}

/** The runtime reply: the public methods (on the prototype) over the per-reply state. */
export type Reply = EnclaveReply & ReplyState

/**
 * Where a reply stands on the error path, created the first time it takes it: a reply that succeeds
 * never needs these, so the constructor stores one null instead of four fields on every request.
 */
export class ErrorPathState {
  /** The onError hooks are running: reply.send() is refused (FST_ERR_SEND_INSIDE_ONERR). */
  runningOnError = false
  /** The next error handler to try, from the route's own up to the default. */
  handlerIndex = 0
  /** The error reply's own headers were refused once: a second refusal writes the last-resort answer. */
  headerFailure = false
  /** The error the onError hooks are running for, handed to the error handler after them. */
  error: unknown = undefined
  /** The failure came from a stream payload: the error handler gets the reply's content type as the route set it, as in Fastify. */
  keepContentType = false
  /** The handler's tracing message while the tracing channel is subscribed: error handlers' promises are reported on it. */
  trace: HandlerTrace | null = null
}

export function errorPathOf (reply: ReplyState): ErrorPathState {
  let state = reply[kReplyErrorPath]
  if (state === null) {
    state = new ErrorPathState()
    reply[kReplyErrorPath] = state
  }
  return state
}
