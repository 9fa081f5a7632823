import { kReplyHookState, kReplyHijacked } from '../symbols.js'
import { errorCodes } from '../errors/codes.js'
import { kReplySending } from '../reply/reply.js'
import type { HookEntry } from './hooks.js'

/** Continues the lifecycle after a hook chain. Module-level functions, so nothing is allocated per request. */
export type Next = (request: any, reply: any) => void
export type PayloadNext = (request: any, reply: any, payload: unknown) => void
export type Fail = (reply: any, error: unknown) => void

/**
 * Where a callback-style hook chain stands, so its `done` can resume it. Created at most once per
 * reply, and only when a route has a callback-style hook: the one allocation the callback API
 * forces on us (`done` must know which request it belongs to).
 */
class HookState {
  hooks: HookEntry[] = []
  index = 0
  request: any = null
  reply: any = null
  next: Next | PayloadNext | null = null
  fail: Fail | null = null
  withPayload = false
  /** False for hooks that run after the response (onResponse, onTimeout): they all run. */
  stopWhenAnswered = true
  payload: unknown = undefined
  /** True while the hook function is on the stack: a synchronous `done` must not recurse. */
  calling = false
  calledSync = false
  syncError: unknown = undefined
  /** Counts callback-style hook calls and marks when `done` ran, so a promise the hook returned continues the chain only in its stead. */
  invocation = 0
  continued = false
  readonly done: (error?: unknown, value?: unknown) => void

  constructor () {
    this.done = (error?: unknown, value?: unknown) => { hookDone(this, error, value) }
  }
}

function stateOf (reply: any): HookState {
  let state: HookState | null = reply[kReplyHookState]
  if (state === null) {
    state = new HookState()
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
function isFailure (state: HookState, error: unknown): boolean {
  return state.withPayload ? Boolean(error) : error !== undefined && error !== null
}

function isThenable (value: any): value is PromiseLike<unknown> {
  return value !== null && typeof value === 'object' && typeof value.then === 'function'
}

/**
 * Runs `hooks[start..]` as `hook(request, reply[, done])`, then `next(request, reply)`. A hook that
 * answers the request ends the chain, unless `stopWhenAnswered` is false (hooks after the response).
 */
export function runHooks (hooks: HookEntry[], request: any, reply: any, next: Next, fail: Fail, start = 0, stopWhenAnswered = true): void {
  for (let i = start; i < hooks.length; i++) {
    const hook = hooks[i]!
    if (hook.callbackStyle) {
      const state = stateOf(reply)
      state.hooks = hooks
      state.index = i
      state.request = request
      state.reply = reply
      state.next = next
      state.fail = fail
      state.withPayload = false
      state.stopWhenAnswered = stopWhenAnswered
      state.calledSync = false
      state.calling = true
      state.continued = false
      state.invocation++
      let returned
      try {
        returned = hook.fn.call(hook.instance, request, reply, state.done)
      } catch (error) {
        state.calling = false
        if (isNothing(error)) continue
        fail(reply, error)
        return
      }
      state.calling = false
      if (!state.calledSync) {
        if (isThenable(returned)) continueWhenSettled(state, returned)
        return
      }
      if (isFailure(state, state.syncError)) {
        const error = state.syncError
        state.syncError = undefined
        fail(reply, error)
        return
      }
    } else {
      let result
      try {
        result = hook.fn.call(hook.instance, request, reply)
      } catch (error) {
        if (isNothing(error)) continue
        fail(reply, error)
        return
      }
      if (isThenable(result)) {
        awaitHook(result, hooks, i, request, reply, next, fail, stopWhenAnswered)
        return
      }
    }
    if (stopWhenAnswered && isAnswered(reply)) return
  }
  next(request, reply)
}

async function awaitHook (promise: PromiseLike<unknown>, hooks: HookEntry[], index: number, request: any, reply: any, next: Next, fail: Fail, stopWhenAnswered: boolean): Promise<void> {
  try {
    await promise
  } catch (error) {
    fail(reply, rejectionReason(error))
    return
  }
  if (stopWhenAnswered && isAnswered(reply)) return
  runHooks(hooks, request, reply, next, fail, index + 1, stopWhenAnswered)
}

/**
 * Runs hooks that receive and may replace a payload: `hook(request, reply, payload[, done])`
 * (preParsing, preSerialization, onSend, onError), then `next(request, reply, payload)`.
 */
export function runPayloadHooks (hooks: HookEntry[], request: any, reply: any, payload: unknown, next: PayloadNext, fail: Fail, start = 0, stopWhenAnswered = false): void {
  for (let i = start; i < hooks.length; i++) {
    // preParsing hooks run before anything is sent, so one that answers ends the chain; the
    // other payload hooks run while the reply is being sent.
    if (stopWhenAnswered && i > start && isAnswered(reply)) return
    const hook = hooks[i]!
    if (hook.callbackStyle) {
      const state = stateOf(reply)
      state.hooks = hooks
      state.index = i
      state.request = request
      state.reply = reply
      state.next = next
      state.fail = fail
      state.withPayload = true
      state.stopWhenAnswered = stopWhenAnswered
      state.payload = payload
      state.calledSync = false
      state.calling = true
      state.continued = false
      state.invocation++
      let returned
      try {
        returned = hook.fn.call(hook.instance, request, reply, payload, state.done)
      } catch (error) {
        state.calling = false
        if (isNothing(error)) continue
        fail(reply, error)
        return
      }
      state.calling = false
      if (!state.calledSync) {
        if (isThenable(returned)) continueWhenSettled(state, returned)
        return
      }
      if (isFailure(state, state.syncError)) {
        const error = state.syncError
        state.syncError = undefined
        fail(reply, error)
        return
      }
      payload = state.payload
    } else {
      let result
      try {
        result = hook.fn.call(hook.instance, request, reply, payload)
      } catch (error) {
        if (isNothing(error)) continue
        fail(reply, error)
        return
      }
      if (isThenable(result)) {
        awaitPayloadHook(result, hooks, i, request, reply, payload, next, fail, stopWhenAnswered)
        return
      }
      if (result !== undefined) payload = result
    }
  }
  if (stopWhenAnswered && isAnswered(reply)) return
  next(request, reply, payload)
}

async function awaitPayloadHook (promise: PromiseLike<unknown>, hooks: HookEntry[], index: number, request: any, reply: any, payload: unknown, next: PayloadNext, fail: Fail, stopWhenAnswered: boolean): Promise<void> {
  let result
  try {
    result = await promise
  } catch (error) {
    fail(reply, rejectionReason(error))
    return
  }
  if (stopWhenAnswered && isAnswered(reply)) return
  runPayloadHooks(hooks, request, reply, result === undefined ? payload : result, next, fail, index + 1, stopWhenAnswered)
}

/**
 * A callback-style hook that returns a promise and never calls `done` (as some Fastify plugins'
 * hooks do) continues the chain when the promise settles, as in Fastify; whichever of `done` and
 * the promise comes first wins.
 */
function continueWhenSettled (state: HookState, promise: PromiseLike<unknown>): void {
  const invocation = state.invocation
  promise.then(function hookPromiseResolved (value) {
    if (state.invocation === invocation && !state.continued) hookDone(state, null, value)
  }, function hookPromiseRejected (error) {
    if (state.invocation !== invocation || state.continued) return
    state.continued = true
    // Whatever it rejected with (even undefined) is the hook's failure, as for an async hook.
    state.fail!(state.reply, rejectionReason(error))
  })
}

function hookDone (state: HookState, error: unknown, value: unknown): void {
  state.continued = true
  if (state.calling) {
    // `done` called synchronously: let the loop in runHooks continue instead of recursing.
    state.calledSync = true
    state.syncError = error
    if (state.withPayload && value !== undefined) state.payload = value
    return
  }
  const reply = state.reply
  if (isFailure(state, error)) {
    state.fail!(reply, error)
    return
  }
  if (state.withPayload) {
    if (state.stopWhenAnswered && isAnswered(reply)) return
    const payload = value === undefined ? state.payload : value
    runPayloadHooks(state.hooks, state.request, reply, payload, state.next as PayloadNext, state.fail!, state.index + 1, state.stopWhenAnswered)
    return
  }
  if (state.stopWhenAnswered && isAnswered(reply)) return
  runHooks(state.hooks, state.request, reply, state.next as Next, state.fail!, state.index + 1, state.stopWhenAnswered)
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
