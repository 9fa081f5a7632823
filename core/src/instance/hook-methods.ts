/** addHook() and onClose(): application hooks take effect at once, request hooks in avvio's order. */
import { errorCodes } from '../errors/codes.js'
import { createHookEntry, assertHookStyle, type HookEntry, type RequestHookName } from '../lifecycle/hooks.js'
import { assertNotStarted } from './configuration-guard.js'
import { contextOf, type AvvioDone, type RuntimeInstance } from './context-state.js'
import type { MethodGroup } from './method-table.js'

const asyncDispose: symbol | undefined = (Symbol as { asyncDispose?: symbol }).asyncDispose
const syncDispose: symbol | undefined = (Symbol as { dispose?: symbol }).dispose

/** An onClose resource with `Symbol.asyncDispose` (preferred) or `Symbol.dispose`, as the hook that disposes of it; anything else unchanged. */
function disposerOf (fn: unknown): unknown {
  if (typeof fn !== 'object' || fn === null) return fn
  const resource = fn as Record<symbol, unknown>
  const key = asyncDispose !== undefined && typeof resource[asyncDispose] === 'function'
    ? asyncDispose
    : syncDispose !== undefined && typeof resource[syncDispose] === 'function' ? syncDispose : undefined
  if (key === undefined) return fn
  // Settles with nothing, whatever the disposer resolves to; a throw or rejection fails close().
  return async function disposeOnClose (): Promise<void> {
    await (resource[key] as () => unknown).call(resource)
  }
}

export const hookMethods = {
  addHook (name: unknown, fn: unknown) {
    const context = contextOf(this)
    // As in Fastify 4.29: no hook of any kind once the server has started, and a missing handler
    // refused at once, whatever the name, both named as text.
    assertNotStarted(context, 'addHook')
    if (fn === null || fn === undefined) throw new errorCodes.FST_ERR_HOOK_INVALID_HANDLER(String(name), String(fn))
    if (name === 'onClose') {
      // Fastify 5: a Disposable or AsyncDisposable resource is disposed on close (Fastify 4.29 refuses it).
      if (context.server.profile.name !== 'fastify') fn = disposerOf(fn)
      createHookEntry(name, fn, this)
      // As Fastify 4.29: an onClose hook added with addHook runs with its instance as `this`
      // (the onClose() method leaves it unbound, as avvio calls it).
      this._avvioOnClose((fn as (...args: unknown[]) => unknown).bind(this))
      return this
    }
    if (name === 'onReady' || name === 'onListen' || name === 'preClose' || name === 'onRoute') {
      // These application hooks take effect at once, as in Fastify.
      const entry = createHookEntry(name, fn, this)
      context.hooks[name].push(entry)
      return this
    }
    assertHookStyle(name, fn)
    // Request hooks and onRegister are added in avvio's order (after the plugins registered before
    // this call have loaded), as Fastify does; a bad name or handler then rejects register()/ready().
    const instance: RuntimeInstance = this
    this.after(function addQueuedHook (error: unknown, done: AvvioDone) {
      let entry: HookEntry
      try {
        entry = createHookEntry(name, fn, instance)
      } catch (invalid) {
        done(invalid)
        return
      }
      context.hooks[name as RequestHookName | 'onRegister'].push(entry)
      done(error)
    })
    return this
  },
  onClose (fn: unknown) {
    if (typeof fn !== 'function') throw new errorCodes.FST_ERR_HOOK_INVALID_HANDLER('onClose', typeof fn)
    this._avvioOnClose(fn)
    return this
  }
} satisfies MethodGroup
