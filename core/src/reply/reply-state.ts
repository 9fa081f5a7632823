/** The reply object as the lifecycle sees it: the public shape plus the hidden state kept on it. */
import type { ServerResponse } from 'node:http'
import type {
  kReplyRoute, kReplyHeaders, kReplySerializer, kReplySending, kReplyHijacked, kReplyIsRunningOnError,
  kReplyErrorHandlerIndex, kReplyHookState, kReplyStartTime, kReplyEndTime, kReplyHeaderFailure, kReplyError, kReplyTrailers
} from '../symbols.js'
import type { EnclaveLogger } from '../logging/logger.js'
import type { EnclaveReply } from '../types/reply.js'
import type { RuntimeRequest } from '../request/request.js'
import type { RouteContext } from '../routing/route-context.js'
import type { HookState } from '../lifecycle/run-hooks.js'
import type { ReplyTrailers } from './trailers.js'

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
  /** The onError hooks are running: reply.send() is refused (FST_ERR_SEND_INSIDE_ONERR). */
  [kReplyIsRunningOnError]: boolean
  /** The next error handler to try, from the route's own up to the default. */
  [kReplyErrorHandlerIndex]: number
  [kReplyHookState]: HookState | null
  [kReplyStartTime]: number
  /** When 'finish' fired (0 until then), for elapsedTime after the response. */
  [kReplyEndTime]: number
  /** The error reply's own headers were refused once: a second refusal writes the last-resort answer. */
  [kReplyHeaderFailure]: boolean
  /** The error the onError hooks are running for, handed to the error handler after them. */
  [kReplyError]: unknown
  /** reply.trailer(): null until one is set, so a reply without trailers costs one field check. */
  [kReplyTrailers]: ReplyTrailers | null
}

/** The runtime reply: the public methods (on the prototype) over the per-reply state. */
export type Reply = EnclaveReply & ReplyState
