/** The one hook runner of the request lifecycle, and the hook chains it runs (compiled per route at ready()). */
import { kReplyHookState, kReplyHijacked, kReplySending, kReplySuspended, kReplySuspendedStep, kReplySendRun, kReplyInSendHook } from '../symbols.js'
import { errorCodes } from '../errors/codes.js'
import { isThenable } from '../util/functions.js'
import type { HookEntry } from './hooks.js'
import type { Reply } from '../reply/reply-state.js'
import type { RuntimeRequest } from '../request/request.js'

/**
 * Continues the lifecycle after a hook chain (`payload` is the chain's payload, `undefined` for
 * chains without one). Module-level functions, so nothing is allocated per request.
 */
export type Next = (request: RuntimeRequest, reply: Reply, payload: unknown) => boolean | void
export type Fail = (reply: Reply, error: unknown) => void
/** A chain's own generated runner (compile-chain.ts), started at its first hook; true when it suspended (see `drive`). */
export type CompiledChain = (chain: HookChain, request: RuntimeRequest, reply: Reply) => boolean

/**
 * Where a hook name's chain leads, declared once by the module that continues the lifecycle after
 * it: what runs next, what a failure calls, whether the hooks receive a payload, and whether a hook
 * that answers the request ends the chain (false for hooks that run while or after the response is
 * sent: they all run).
 */
export interface ChainEnd {
  readonly next: Next
  readonly fail: Fail
  readonly withPayload: boolean
  readonly stopWhenAnswered: boolean
}

/**
 * One hook at its place in one chain, linked to the next at ready(): `done` reaches the next hook
 * in one load (the same HookEntry sits at different places in different routes' chains). The
 * chain's flags are copied here so `done` reads them from the step it already holds.
 */
export class HookStep {
  readonly fn: HookEntry['fn']
  readonly instance: object
  readonly callbackStyle: boolean
  readonly chain: HookChain
  readonly index: number
  readonly withPayload: boolean
  readonly stopWhenAnswered: boolean
  next: HookStep | null = null

  constructor (entry: HookEntry, chain: HookChain, index: number) {
    this.fn = entry.fn
    this.instance = entry.instance
    this.callbackStyle = entry.callbackStyle
    this.chain = chain
    this.index = index
    this.withPayload = chain.withPayload
    this.stopWhenAnswered = chain.stopWhenAnswered
  }
}

/**
 * One route's hooks of one name with where they lead, compiled at ready(): everything about a chain
 * that never changes between requests lives here, so a request only records where it stands.
 */
export class HookChain {
  readonly hooks: HookStep[]
  readonly next: Next
  readonly fail: Fail
  readonly withPayload: boolean
  readonly stopWhenAnswered: boolean
  /** Set once at ready() by compile-route.ts when the chain has generated code (compile-chain.ts). */
  compiled: CompiledChain | null = null

  constructor (hooks: HookEntry[], end: ChainEnd) {
    this.next = end.next
    this.fail = end.fail
    this.withPayload = end.withPayload
    this.stopWhenAnswered = end.stopWhenAnswered
    this.hooks = hooks.map((entry, index) => new HookStep(entry, this, index))
    for (let i = 1; i < this.hooks.length; i++) this.hooks[i - 1]!.next = this.hooks[i]!
  }
}

/**
 * Where a reply's callback-style hook chain stands, so its `done` can resume it. Created at most
 * once per reply, and only when a route has a callback-style hook: the one allocation the callback
 * API forces on us (`done` must know which request it belongs to).
 */
export class HookState {
  readonly request: RuntimeRequest
  readonly reply: Reply
  /** The callback-style hook last called, and through it its chain. */
  step: HookStep | null = null
  payload: unknown = undefined
  /**
   * Counts callback-style hook calls; `settled` is the last call whose `done` ran, so a second `done`
   * (or a promise the hook also returned) does not continue the chain again.
   */
  invocation = 0
  settled = 0
  readonly done: (error?: unknown, value?: unknown) => void

  constructor (request: RuntimeRequest, reply: Reply) {
    this.request = request
    this.reply = reply
    this.done = (error?: unknown, value?: unknown) => { hookDone(this, error, value) }
  }
}

/** The reply's first callback-style hook: its HookState (and `done`) is created now. */
export function createHookState (request: RuntimeRequest, reply: Reply): HookState {
  const state = new HookState(request, reply)
  reply[kReplyHookState] = state
  return state
}

// Module-local copies of the keys `answered` reads before every hook: V8 folds a module's own
// constants into optimised code, while an imported binding is loaded and checked at each use.
const sendingKey: typeof kReplySending = kReplySending
const hijackedKey: typeof kReplyHijacked = kReplyHijacked
const sendRunKey: typeof kReplySendRun = kReplySendRun
const inSendHookKey: typeof kReplyInSendHook = kReplyInSendHook

/** A hook answered the request (or took it over), so the rest of the chain is skipped. */
const answered = function isAnswered (reply: Reply): boolean {
  return reply[sendingKey] === true || reply[hijackedKey] === true || reply.raw.writableEnded === true
}
// Two bindings: an exported one is read through its module cell (and checked) at each use, a
// module-local const is folded into optimised code; this module's hot paths use `answered`.
export const isAnswered: (reply: Reply) => boolean = answered

/** A hook that throws `null` or `undefined` synchronously has not failed: the chain goes on, as in Fastify. */
function isNothing (error: unknown): boolean {
  return error === null || error === undefined
}

/** A hook's promise that rejects with a falsy value fails with Fastify's FST_ERR_SEND_UNDEFINED_ERR. */
function rejectionReason (error: unknown): unknown {
  return error || new errorCodes.FST_ERR_SEND_UNDEFINED_ERR()
}

// The functions a callback-style hook's `done` runs through (isFailure, callWithDone, hookDone) are
// const bindings, like `answered`: V8 checks a function declaration's binding at each inlined call.

/**
 * Whether `done(error)` reports a failure: anything but null/undefined does, except for the payload
 * hooks (preParsing, preSerialization, onSend, onError), where every falsy value means success, as in Fastify.
 */
const isFailure = function isFailure (withPayload: boolean, error: unknown): boolean {
  return withPayload ? Boolean(error) : error !== undefined && error !== null
}

/**
 * The one runner for every request-lifecycle chain: runs `chain.hooks[start..]` as
 * `hook(request, reply[, payload][, done])`, then `chain.next(request, reply, payload)`. A payload
 * chain's hook may replace the payload (by returning or resolving a value, or through `done`).
 * Once a hook answers the request, the rest is skipped, unless the chain runs after the response.
 *
 * A callback-style hook's `done` runs the rest of the chain itself, synchronously when the hook
 * calls it synchronously (as Fastify's `next` does): the loop stops at a callback-style hook, so
 * nothing is left to read or record once the hook returns (see hookDone).
 */
export function runHooks (chain: HookChain, request: RuntimeRequest, reply: Reply, payload: unknown, start: number): void {
  if (runChain(chain, request, reply, payload, start)) driveSuspended(reply)
}

/**
 * runHooks for the request's own pipeline (handle-request.ts): true when a step returned a promise
 * and was suspended rather than awaited (see `drive`); the caller then returns true as well,
 * up to the function that drives the request.
 */
export function runChain (chain: HookChain, request: RuntimeRequest, reply: Reply, payload: unknown, start: number): boolean {
  if (start === 0 && chain.compiled !== null) return chain.compiled(chain, request, reply)
  // Read once into locals: a hook call could change any object, so V8 reloads (and re-checks) every
  // field read after one; the chain never changes after ready(). `=== true` tests a boolean with
  // one comparison where a truthiness test checks for every falsy kind (bench/notes.md, S5 second pass).
  const hooks = chain.hooks
  const count = hooks.length
  const withPayload = chain.withPayload === true
  const stopWhenAnswered = chain.stopWhenAnswered === true
  // preSerialization and onSend (and onError, where send() is refused): a hook's reply.send() starts the send over.
  const sendPhase = withPayload && !stopWhenAnswered
  const run = reply[sendRunKey]
  for (let i = start; i < count; i++) {
    if (stopWhenAnswered && i > start && answered(reply)) return false
    const hook = hooks[i]!
    if (hook.callbackStyle === true) {
      const state = reply[kReplyHookState] ?? createHookState(request, reply)
      callWithDone(state, hook, payload, withPayload)
      return false
    }
    let returned: unknown
    if (sendPhase) {
      const outerHook = reply[inSendHookKey]
      reply[inSendHookKey] = run + 1
      try {
        returned = hook.fn.call(hook.instance, request, reply, payload)
      } catch (error) {
        reply[inSendHookKey] = outerHook
        if (reply[sendRunKey] !== run) {
          abandonedHookFailed(reply, error)
          return false
        }
        if (isNothing(error)) continue
        chain.fail(reply, error)
        return false
      }
      reply[inSendHookKey] = outerHook
      if (reply[sendRunKey] !== run) {
        if (isThenable(returned)) void awaitAbandonedHook(returned, reply)
        return false
      }
    } else {
      try {
        returned = withPayload
          ? hook.fn.call(hook.instance, request, reply, payload)
          : hook.fn.call(hook.instance, request, reply)
      } catch (error) {
        if (isNothing(error)) continue
        chain.fail(reply, error)
        return false
      }
    }
    if (isThenable(returned)) {
      // Payload chains and the chains that run after the answer keep their own await.
      if (withPayload || !stopWhenAnswered) {
        void awaitHook(returned, chain, i, request, reply, payload)
        return false
      }
      return suspendHook(returned, chain, i, request, reply)
    }
    if (withPayload && returned !== undefined) payload = returned
  }
  if (stopWhenAnswered && answered(reply)) return false
  return chain.next(request, reply, payload) === true
}

/**
 * One async function per request instead of one per awaited hook or handler. A step of the
 * request's pipeline that returns a promise (a request-phase hook, the handler) records it on the
 * reply and returns true; every function between it and the pipeline's entry returns at once, doing
 * nothing more, and the entry hands the reply to `drive`, which awaits the promise, runs the step's
 * continuation, and goes on with whatever that continuation suspends next. The promise is awaited
 * before any other code runs (only returns happen in between), so each await happens in the same
 * microtask, and each step resumes after the same number of microtask turns, as when every step
 * awaited its own promise (and as in Fastify, where each is one `then`).
 */

/** What a suspended handler's promise resolves to or rejects with is handled by handle-request.ts. */
let handlerSettled: { resolved: (reply: Reply, value: unknown) => boolean, rejected: (reply: Reply, error: unknown) => void } | null = null

export function setHandlerSettled (handlers: typeof handlerSettled): void {
  handlerSettled = handlers
}

// Module-local copies of the keys, as for `answered` above.
const suspendedKey: typeof kReplySuspended = kReplySuspended
const suspendedStepKey: typeof kReplySuspendedStep = kReplySuspendedStep

export function suspendHook (promise: PromiseLike<unknown>, chain: HookChain, index: number, _request: RuntimeRequest, reply: Reply): boolean {
  reply[suspendedKey] = promise
  reply[suspendedStepKey] = chain.hooks[index]!
  return true
}

export function suspendHandler (promise: PromiseLike<unknown>, _request: RuntimeRequest, reply: Reply): boolean {
  reply[suspendedKey] = promise
  reply[suspendedStepKey] = null
  return true
}

/** Where the pipeline was entered from outside (a listener, a callback, a body parser): the reply's suspension just recorded is driven from here. */
export function driveSuspended (reply: Reply): void {
  void drive(reply)
}

// Every suspension writes both fields before the driver reads them, so they are not cleared after.
async function drive (reply: Reply): Promise<void> {
  for (;;) {
    const promise = reply[suspendedKey]!
    const step = reply[suspendedStepKey]
    let value: unknown
    let failed = false
    try {
      value = await promise
    } catch (error) {
      value = error
      failed = true
    }
    if (step === null) {
      if (failed) {
        handlerSettled!.rejected(reply, value)
        return
      }
      if (!handlerSettled!.resolved(reply, value)) return
    } else {
      if (failed) {
        step.chain.fail(reply, rejectionReason(value))
        return
      }
      if (answered(reply) || !runChain(step.chain, reply.request, reply, undefined, step.index + 1)) return
    }
  }
}

/**
 * Calls one callback-style hook with the reply's `done`. A hook may run another chain of the same
 * reply (reply.send() in onRequest runs onSend), so where the reply stands is written before each call.
 */
export const callWithDone = function callWithDone (state: HookState, hook: HookStep, payload: unknown, withPayload: boolean): void {
  state.step = hook
  if (withPayload) state.payload = payload
  const invocation = ++state.invocation
  if (withPayload && hook.stopWhenAnswered === false) {
    callSendPhaseHook(state, hook, payload, invocation)
    return
  }
  let returned: unknown
  try {
    returned = withPayload
      ? hook.fn.call(hook.instance, state.request, state.reply, payload, state.done)
      : hook.fn.call(hook.instance, state.request, state.reply, state.done)
  } catch (error) {
    callbackHookThrew(state, hook.chain, hook.index, payload, invocation, error)
    return
  }
  if (returned !== undefined && state.settled < invocation && isThenable(returned)) continueWhenSettled(state, returned, invocation)
}

/** callWithDone for a preSerialization or onSend hook, which may start the send over (see sendPayload). */
function callSendPhaseHook (state: HookState, hook: HookStep, payload: unknown, invocation: number): void {
  const reply = state.reply
  const run = reply[sendRunKey]
  let returned: unknown
  const outerHook = reply[inSendHookKey]
  reply[inSendHookKey] = run + 1
  try {
    returned = hook.fn.call(hook.instance, state.request, reply, payload, state.done)
  } catch (error) {
    reply[inSendHookKey] = outerHook
    if (reply[sendRunKey] !== run) {
      if (state.invocation === invocation) state.settled = invocation
      abandonedHookFailed(reply, error)
    } else {
      callbackHookThrew(state, hook.chain, hook.index, payload, invocation, error)
    }
    return
  }
  reply[inSendHookKey] = outerHook
  if (reply[sendRunKey] !== run) {
    // Its `done`, called later, must not continue the abandoned chain (while the new send has called
    // no callback-style hook yet, the latest call is still this one).
    if (state.invocation === invocation) state.settled = invocation
    if (isThenable(returned)) void awaitAbandonedHook(returned, reply)
    return
  }
  if (returned !== undefined && state.settled < invocation && isThenable(returned)) continueWhenSettled(state, returned, invocation)
}

/**
 * A preSerialization or onSend hook whose reply.send() started the send over is out of the reply's
 * way: what it returns is ignored, and what it throws (or rejects with) is logged, since the reply
 * it could fail is already on its way with the new payload.
 */
function abandonedHookFailed (reply: Reply, error: unknown): void {
  if (!isNothing(error)) reply.log.error({ err: error }, 'A hook failed after its reply.send() started the reply over')
}

async function awaitAbandonedHook (promise: PromiseLike<unknown>, reply: Reply): Promise<void> {
  try {
    await promise
  } catch (error) {
    abandonedHookFailed(reply, rejectionReason(error))
  }
}

/**
 * Whether reply.send() called while the reply is already being sent starts it over, as Fastify's
 * does while nothing is written: only from one of the reply's preSerialization or onSend hooks of
 * the send under way (while it runs, or while a callback-style one has not called `done`), so that
 * a hook that answers with a payload of its own (a CORS preflight, a cached body) is not lost. A
 * second send from elsewhere (the handler, while an onSend hook awaits) only warns, the first
 * payload going out.
 */
export function sendStartsOver (reply: Reply): boolean {
  if (reply.raw.headersSent === true || reply.raw.writableEnded === true || reply[hijackedKey] === true) return false
  // The hook running now must belong to the send under way: one that already started it over
  // (and so belongs to an abandoned run) sends again in vain, as Fastify's first new send wins.
  const runningHook = reply[inSendHookKey]
  if (runningHook !== 0) return runningHook === reply[sendRunKey] + 1
  const state = reply[kReplyHookState]
  if (state === null || state.settled >= state.invocation) return false
  const step = state.step
  return step !== null && step.withPayload === true && step.stopWhenAnswered === false
}

/** The chains of the send under way are abandoned: their hooks' later outcomes are ignored. */
export function startSendOver (reply: Reply): void {
  reply[sendRunKey]++
}

function callbackHookThrew (state: HookState, chain: HookChain, index: number, payload: unknown, invocation: number, error: unknown): void {
  const reply = state.reply
  if (state.settled >= invocation) {
    // done() ran first and has run the rest of the chain already; the throw fails the request
    // only if nothing answered it meanwhile (an async handler still pending), as in Fastify 4.29.
    if (!isNothing(error) && !answered(reply)) chain.fail(reply, error)
    return
  }
  if (isNothing(error)) {
    if (chain.stopWhenAnswered === true && answered(reply)) return
    if (runChain(chain, state.request, reply, payload, index + 1)) driveSuspended(reply)
    return
  }
  chain.fail(reply, error)
}

export async function awaitHook (promise: PromiseLike<unknown>, chain: HookChain, index: number, request: RuntimeRequest, reply: Reply, payload: unknown): Promise<void> {
  const run = reply[sendRunKey]
  let result: unknown
  try {
    result = await promise
  } catch (error) {
    if (reply[sendRunKey] !== run) abandonedHookFailed(reply, rejectionReason(error))
    else chain.fail(reply, rejectionReason(error))
    return
  }
  if (reply[sendRunKey] !== run) return
  if (chain.stopWhenAnswered && answered(reply)) return
  if (runChain(chain, request, reply, chain.withPayload && result !== undefined ? result : payload, index + 1)) driveSuspended(reply)
}

/**
 * A callback-style hook that returns a promise and never calls `done` (as some Fastify plugins'
 * hooks do) continues the chain when the promise settles, as in Fastify; whichever of `done` and
 * the promise comes first wins. A newer call meanwhile (another chain of the same reply) makes the
 * promise's outcome stale.
 */
export function continueWhenSettled (state: HookState, promise: PromiseLike<unknown>, invocation: number): void {
  promise.then(function hookPromiseResolved (value) {
    if (state.invocation === invocation && state.settled !== invocation) hookDone(state, null, value)
  }, function hookPromiseRejected (error) {
    if (state.invocation !== invocation || state.settled === invocation) return
    state.settled = invocation
    // Whatever it rejected with (even undefined) is the hook's failure, as for an async hook.
    state.step!.chain.fail(state.reply, rejectionReason(error))
  })
}

const hookDone = function hookDone (state: HookState, error: unknown, value: unknown): void {
  // The latest call has had its `done` already (done called twice, or a hook that answered and then
  // called done: its answer ran the reply's onSend chain meanwhile): nothing is left to continue.
  const invocation = state.invocation
  if (state.settled === invocation) return
  state.settled = invocation
  const step = state.step!
  const reply = state.reply
  const withPayload = step.withPayload === true
  // `done()` passes nothing: one comparison decides it is no failure.
  if (error !== undefined && isFailure(withPayload, error)) {
    step.chain.fail(reply, error)
    return
  }
  if (step.stopWhenAnswered === true && answered(reply)) return
  const payload = withPayload ? (value !== undefined ? value : state.payload) : undefined
  // The next hook, when it is callback-style too, is called from here: a chain of them runs as
  // hook → done → hook, without entering the runner's loop for each one.
  const next = step.next
  if (next !== null && next.callbackStyle === true) {
    callWithDone(state, next, payload, withPayload)
    return
  }
  if (runChain(step.chain, state.request, reply, payload, step.index + 1)) driveSuspended(reply)
}

/** onRequestAbort hooks take `(request[, done])`; the client is gone, so failures are only logged. */
export async function runAbortHooks (hooks: HookEntry[], request: RuntimeRequest, onFailure: (error: unknown) => void): Promise<void> {
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
