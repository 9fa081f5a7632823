import { kReplyHookState, kReplyHijacked } from '../symbols.js'
import { errorCodes } from '../errors/codes.js'
import { kReplySending } from '../reply/reply.js'
import type { HookEntry } from './hooks.js'

/** Continues the lifecycle after a hook chain. Module-level functions, so nothing is allocated per request. */
export type Next = (request: any, reply: any) => void
export type PayloadNext = (request: any, reply: any, payload: unknown) => void
export type Fail = (reply: any, error: unknown) => void

/**
 * Where a hook name's chain leads, declared once by the module that continues the lifecycle after
 * it: what runs next, what a failure calls, whether the hooks receive a payload, and whether a hook
 * that answers the request ends the chain (false for hooks that run while or after the response is
 * sent: they all run).
 */
export interface ChainEnd {
  readonly next: Next | PayloadNext
  readonly fail: Fail
  readonly withPayload: boolean
  readonly stopWhenAnswered: boolean
}

/**
 * One route's hooks of one name with where they lead, compiled at ready(): everything about a chain
 * that never changes between requests lives here, so a request only records where it stands.
 */
export class HookChain {
  readonly hooks: HookEntry[]
  readonly next: Next | PayloadNext
  readonly fail: Fail
  readonly withPayload: boolean
  readonly stopWhenAnswered: boolean

  constructor (hooks: HookEntry[], end: ChainEnd) {
    this.hooks = hooks
    this.next = end.next
    this.fail = end.fail
    this.withPayload = end.withPayload
    this.stopWhenAnswered = end.stopWhenAnswered
  }
}

/** Whether the running callback-style hook has called `done` yet, and how. */
const idle = 0
const calling = 1
const doneWhileCalling = 2

/**
 * Where a reply's callback-style hook chain stands, so its `done` can resume it. Created at most
 * once per reply, and only when a route has a callback-style hook: the one allocation the callback
 * API forces on us (`done` must know which request it belongs to).
 */
class HookState {
  readonly request: any
  readonly reply: any
  chain: HookChain | null = null
  index = 0
  payload: unknown = undefined
  /** `calling` while the hook function is on the stack: a synchronous `done` must not recurse. */
  phase = idle
  syncError: unknown = undefined
  /**
   * Counts callback-style hook calls; `settled` is the call whose `done` ran, so a promise the hook
   * returned continues the chain only in its stead.
   */
  invocation = 0
  settled = 0
  readonly done: (error?: unknown, value?: unknown) => void

  constructor (request: any, reply: any) {
    this.request = request
    this.reply = reply
    this.done = (error?: unknown, value?: unknown) => { hookDone(this, error, value) }
  }
}

function stateOf (request: any, reply: any): HookState {
  let state: HookState | null = reply[kReplyHookState]
  if (state === null) {
    state = new HookState(request, reply)
    reply[kReplyHookState] = state
  }
  return state
}

/** A hook answered the request (or took it over), so the rest of the chain is skipped. */
export function isAnswered (reply: any): boolean {
  return reply[kReplySending] === true || reply[kReplyHijacked] === true || reply.raw.writableEnded === true
}

/** A hook that throws `null` or `undefined` synchronously has not failed: the chain goes on, as in Fastify. */
function isNothing (error: unknown): boolean {
  return error === null || error === undefined
}

/** A hook's promise that rejects with a falsy value fails with Fastify's FST_ERR_SEND_UNDEFINED_ERR. */
function rejectionReason (error: unknown): unknown {
  return error ? error : new errorCodes.FST_ERR_SEND_UNDEFINED_ERR()
}

/**
 * Whether `done(error)` reports a failure: anything but null/undefined does, except for the payload
 * hooks (preParsing, preSerialization, onSend, onError), where any falsy value means success, as in Fastify.
 */
function isFailure (chain: HookChain, error: unknown): boolean {
  return chain.withPayload ? Boolean(error) : error !== undefined && error !== null
}

function isThenable (value: any): value is PromiseLike<unknown> {
  return value !== null && typeof value === 'object' && typeof value.then === 'function'
}

/**
 * Runs `chain.hooks[start..]` as `hook(request, reply[, done])`, then `chain.next(request, reply)`.
 * A hook that answers the request ends the chain, unless the chain runs after the response.
 */
export function runHooks (chain: HookChain, request: any, reply: any, start = 0): void {
  const hooks = chain.hooks
  let state: HookState | null = null
  for (let i = start; i < hooks.length; i++) {
    const hook = hooks[i]!
    if (hook.callbackStyle) {
      if (state === null) state = stateOf(request, reply)
      // A hook may run another chain of the same reply (reply.send() in onRequest runs onSend), so
      // which chain this is and where it stands are written before each call.
      state.chain = chain
      state.index = i
      state.phase = calling
      state.invocation++
      let returned
      try {
        returned = hook.fn.call(hook.instance, request, reply, state.done)
      } catch (error) {
        state.phase = idle
        if (isNothing(error)) continue
        chain.fail(reply, error)
        return
      }
      if (state.phase !== doneWhileCalling) {
        state.phase = idle
        if (isThenable(returned)) continueWhenSettled(state, returned)
        return
      }
      state.phase = idle
      if (isFailure(chain, state.syncError)) {
        const error = state.syncError
        state.syncError = undefined
        chain.fail(reply, error)
        return
      }
    } else {
      let result
      try {
        result = hook.fn.call(hook.instance, request, reply)
      } catch (error) {
        if (isNothing(error)) continue
        chain.fail(reply, error)
        return
      }
      if (isThenable(result)) {
        awaitHook(result, chain, i, request, reply)
        return
      }
    }
    if (chain.stopWhenAnswered && isAnswered(reply)) return
  }
  ;(chain.next as Next)(request, reply)
}

async function awaitHook (promise: PromiseLike<unknown>, chain: HookChain, index: number, request: any, reply: any): Promise<void> {
  try {
    await promise
  } catch (error) {
    chain.fail(reply, rejectionReason(error))
    return
  }
  if (chain.stopWhenAnswered && isAnswered(reply)) return
  runHooks(chain, request, reply, index + 1)
}

/**
 * Runs hooks that receive and may replace a payload: `hook(request, reply, payload[, done])`
 * (preParsing, preSerialization, onSend, onError), then `chain.next(request, reply, payload)`.
 */
export function runPayloadHooks (chain: HookChain, request: any, reply: any, payload: unknown, start = 0): void {
  const hooks = chain.hooks
  const stopWhenAnswered = chain.stopWhenAnswered
  let state: HookState | null = null
  for (let i = start; i < hooks.length; i++) {
    // preParsing hooks run before anything is sent, so one that answers ends the chain; the
    // other payload hooks run while the reply is being sent.
    if (stopWhenAnswered && i > start && isAnswered(reply)) return
    const hook = hooks[i]!
    if (hook.callbackStyle) {
      if (state === null) state = stateOf(request, reply)
      state.chain = chain
      state.index = i
      state.payload = payload
      state.phase = calling
      state.invocation++
      let returned
      try {
        returned = hook.fn.call(hook.instance, request, reply, payload, state.done)
      } catch (error) {
        state.phase = idle
        if (isNothing(error)) continue
        chain.fail(reply, error)
        return
      }
      if (state.phase !== doneWhileCalling) {
        state.phase = idle
        if (isThenable(returned)) continueWhenSettled(state, returned)
        return
      }
      state.phase = idle
      if (isFailure(chain, state.syncError)) {
        const error = state.syncError
        state.syncError = undefined
        chain.fail(reply, error)
        return
      }
      payload = state.payload
    } else {
      let result
      try {
        result = hook.fn.call(hook.instance, request, reply, payload)
      } catch (error) {
        if (isNothing(error)) continue
        chain.fail(reply, error)
        return
      }
      if (isThenable(result)) {
        awaitPayloadHook(result, chain, i, request, reply, payload)
        return
      }
      if (result !== undefined) payload = result
    }
  }
  if (stopWhenAnswered && isAnswered(reply)) return
  ;(chain.next as PayloadNext)(request, reply, payload)
}

async function awaitPayloadHook (promise: PromiseLike<unknown>, chain: HookChain, index: number, request: any, reply: any, payload: unknown): Promise<void> {
  let result
  try {
    result = await promise
  } catch (error) {
    chain.fail(reply, rejectionReason(error))
    return
  }
  if (chain.stopWhenAnswered && isAnswered(reply)) return
  runPayloadHooks(chain, request, reply, result === undefined ? payload : result, index + 1)
}

/**
 * A callback-style hook that returns a promise and never calls `done` (as some Fastify plugins'
 * hooks do) continues the chain when the promise settles, as in Fastify; whichever of `done` and
 * the promise comes first wins.
 */
function continueWhenSettled (state: HookState, promise: PromiseLike<unknown>): void {
  // Read after the hook returned: a chain it ran meanwhile on the same reply counts as newer.
  const invocation = state.invocation
  promise.then(function hookPromiseResolved (value) {
    if (state.invocation === invocation && state.settled !== invocation) hookDone(state, null, value)
  }, function hookPromiseRejected (error) {
    if (state.invocation !== invocation || state.settled === invocation) return
    state.settled = invocation
    // Whatever it rejected with (even undefined) is the hook's failure, as for an async hook.
    state.chain!.fail(state.reply, rejectionReason(error))
  })
}

function hookDone (state: HookState, error: unknown, value: unknown): void {
  state.settled = state.invocation
  const chain = state.chain!
  if (state.phase !== idle) {
    // `done` called synchronously: let the loop in runHooks continue instead of recursing.
    state.phase = doneWhileCalling
    state.syncError = error
    if (chain.withPayload && value !== undefined) state.payload = value
    return
  }
  const reply = state.reply
  if (isFailure(chain, error)) {
    chain.fail(reply, error)
    return
  }
  if (chain.stopWhenAnswered && isAnswered(reply)) return
  if (chain.withPayload) {
    runPayloadHooks(chain, state.request, reply, value === undefined ? state.payload : value, state.index + 1)
    return
  }
  runHooks(chain, state.request, reply, state.index + 1)
}

/** onRequestAbort hooks take `(request[, done])`; the client is gone, so failures are only logged. */
export async function runAbortHooks (hooks: HookEntry[], request: any, onFailure: (error: unknown) => void): Promise<void> {
  for (const hook of hooks) {
    try {
      if (hook.callbackStyle) {
        await new Promise<void>((resolve, reject) => {
          hook.fn.call(hook.instance, request, (error?: unknown) => { if (error === undefined || error === null) resolve(); else reject(error) })
        })
      } else {
        await hook.fn.call(hook.instance, request)
      }
    } catch (error) {
      onFailure(error)
    }
  }
}
