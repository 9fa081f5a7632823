/** The hook names, how a hook's style is told from its arity, and each context's store of added hooks. */
import { errorCodes } from '../errors/codes.js'
import { isAsyncFunction, takesRestParameters } from '../util/functions.js'

export const requestHookNames = [
  'onRequest', 'preParsing', 'preValidation', 'preHandler', 'preSerialization',
  'onSend', 'onResponse', 'onError', 'onTimeout', 'onRequestAbort'
] as const
export const applicationHookNames = ['onRoute', 'onRegister', 'onReady', 'onListen', 'preClose', 'onClose'] as const

export type RequestHookName = typeof requestHookNames[number]
export type ApplicationHookName = typeof applicationHookNames[number]
export type HookName = RequestHookName | ApplicationHookName

/** How many parameters a hook declares when it uses the `done` callback style. */
const callbackArity: Record<HookName, number> = {
  onRequest: 3,
  preParsing: 4,
  preValidation: 3,
  preHandler: 3,
  preSerialization: 4,
  onSend: 4,
  onResponse: 3,
  onError: 4,
  onTimeout: 3,
  onRequestAbort: 2,
  onRoute: Infinity,
  onRegister: Infinity,
  onReady: 1,
  onListen: 1,
  preClose: 1,
  onClose: 2
}

export type AnyHook = (...args: any[]) => unknown // eslint-disable-line @typescript-eslint/no-explicit-any -- a user's hook: its parameters are whatever its hook name passes

/** One registration of a hook, remembered with the context instance it runs as `this` in. */
export interface HookEntry {
  readonly fn: AnyHook
  readonly instance: object
  readonly callbackStyle: boolean
  /**
   * When it was added, across every context: a route runs the hooks of its contexts in this order,
   * which is Fastify's (avvio's) order — a plugin registered earlier adds its hooks before the hooks
   * its parent adds after the register() call.
   */
  readonly sequence: number
}

let addedHooks = 0

export type HookStore = { [K in HookName]: HookEntry[] }

export function createHookStore (): HookStore {
  const store = {} as HookStore
  for (const name of requestHookNames) store[name] = []
  for (const name of applicationHookNames) store[name] = []
  return store
}

/**
 * Validates a hook at addHook time, so a wrong hook fails at start-up, not on a request. A hook
 * from route options passes `fromRouteOptions`: see createRouteHookEntry.
 */
export function createHookEntry (name: unknown, fn: unknown, instance: object, fromRouteOptions = false): HookEntry {
  if (typeof name !== 'string') throw new errorCodes.FST_ERR_HOOK_INVALID_TYPE()
  if (!(name in callbackArity)) throw new errorCodes.FST_ERR_HOOK_NOT_SUPPORTED(name)
  if (typeof fn !== 'function') throw new errorCodes.FST_ERR_HOOK_INVALID_HANDLER(name, Object.prototype.toString.call(fn))
  const length = (fn as AnyHook).length
  let declaresDone = takesDone(name as HookName, length)
  if (isAsyncFunction(fn)) {
    if (!fromRouteOptions && refusedAsAsync(name as HookName, length)) throw new errorCodes.FST_ERR_HOOK_INVALID_ASYNC_HANDLER()
    // A route's async hook runs by its promise, whatever it declares (checked by createRouteHookEntry).
    if (fromRouteOptions) declaresDone = false
  }
  // Fastify hands `done` to every request hook whatever it declares, so a wrapper that passes its
  // arguments through reaches the `done` of the hook it wraps; such a hook waits for `done` (or its
  // promise), as in Fastify.
  const callbackStyle = declaresDone ||
    (isRequestHook(name) && !isAsyncFunction(fn) && takesRestParameters(fn as AnyHook))
  return { fn: fn as AnyHook, instance, callbackStyle, sequence: ++addedHooks }
}

/**
 * A hook given in a route's options. Fastify checks an async hook's parameters there only in a
 * list, with a rule of its own per hook (an async `onRequestAbort` takes exactly the request); a
 * single async hook is not checked and runs by its promise, a `done` it declares never awaited.
 */
export function createRouteHookEntry (name: RequestHookName, fn: unknown, instance: object, checked: boolean): HookEntry {
  if (checked && typeof fn === 'function' && isAsyncFunction(fn) && refusedInRouteList(name, fn.length)) {
    throw new errorCodes.FST_ERR_HOOK_INVALID_ASYNC_HANDLER()
  }
  return createHookEntry(name, fn, instance, true)
}

function refusedInRouteList (name: RequestHookName, length: number): boolean {
  return name === 'onRequestAbort' ? length !== 1 : length === callbackArity[name]
}

/** The one check Fastify makes when addHook is called rather than when the hook is added: an async hook that declares `done`. */
export function assertHookStyle (name: unknown, fn: unknown): void {
  if (typeof name !== 'string' || !(name in callbackArity) || typeof fn !== 'function') return
  if (isAsyncFunction(fn) && refusedAsAsync(name as HookName, fn.length)) throw new errorCodes.FST_ERR_HOOK_INVALID_ASYNC_HANDLER()
}

/**
 * Whether a hook is called with `done` and waited for through it. onReady, onListen and preClose
 * take it when they declare exactly one parameter, as Fastify's runner of them decides (two or
 * more: a promise or nothing, as for none); a request hook from `done`'s place on; onRoute and
 * onRegister never. (onClose hooks go to avvio, which decides by the same count.)
 */
function takesDone (name: HookName, length: number): boolean {
  if (name === 'onReady' || name === 'onListen' || name === 'preClose') return length === 1
  return length >= callbackArity[name]
}

/**
 * The async hooks addHook refuses as declaring `done`, by Fastify's own rule: a payload hook with
 * four parameters, onReady and onListen with any, any other hook with three (exactly: an async
 * function declaring more is accepted and, for a request hook, called with `done` too, as Fastify
 * passes it). An async onRequestAbort hook is refused from two (see the differences table).
 */
function refusedAsAsync (name: HookName, length: number): boolean {
  switch (name) {
    case 'preParsing': case 'preSerialization': case 'onSend': case 'onError': return length === 4
    case 'onReady': case 'onListen': return length !== 0
    case 'onRequestAbort': return length >= 2
    default: return length === 3
  }
}

/** Merges hook lists (one per context, root first) into the order the hooks were added. */
export function inAddedOrder (lists: HookEntry[][]): HookEntry[] {
  const merged: HookEntry[] = []
  for (const list of lists) for (const hook of list) merged.push(hook)
  return merged.sort((a, b) => a.sequence - b.sequence)
}

export function isRequestHook (name: string): name is RequestHookName {
  return (requestHookNames as readonly string[]).includes(name)
}
