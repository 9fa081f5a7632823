/** The runner of the application hooks that run one after another with a timeout: onReady, onListen, preClose. */
import { errorCodes } from '../errors/codes.js'
import { fastify5ErrorCodes } from '../errors/fastify5-codes.js'
import { createError } from '../errors/create-error.js'
import type { AnyHook, HookEntry } from './hooks.js'

/** avvio's timeout error, which Fastify gives as the `cause` of FST_ERR_HOOK_TIMEOUT (its plugin name is empty there). */
const ReadyTimeout = createError('AVV_ERR_READY_TIMEOUT', "Plugin did not start in time: '%s'. You may have forgotten to call 'done' function or to resolve a Promise")

/** Fastify 5 names the hook function that did not finish (when it has a name); Fastify 4.29 names the hook only. */
function hookTimeout (name: string, hook: HookEntry, api: 4 | 5): Error {
  const error = api === 5
    ? new fastify5ErrorCodes.FST_ERR_HOOK_TIMEOUT(name, hook.fn.name === '' ? '' : ` "${hook.fn.name}"`)
    : new errorCodes.FST_ERR_HOOK_TIMEOUT(name)
  // avvio's error carries the function that did not finish as `fn` (Fastify's is avvio's bound wrapper
  // of the step; here the hook, bound to its instance as it was called).
  const cause = new ReadyTimeout('') as Error & { fn?: AnyHook }
  cause.fn = hook.fn.bind(hook.instance) as AnyHook
  error.cause = cause
  return error
}

function withTimeout (promise: Promise<void>, ms: number, name: string, hook: HookEntry, api: 4 | 5): Promise<void> {
  if (ms <= 0) return promise
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<void>((_resolve, reject) => {
    // Not unref'd: as in Fastify, a hook that never finishes keeps the process up until the timeout
    // rejects ready()/listen()/close(), rather than letting it exit with the promise unsettled.
    timer = setTimeout(() => reject(hookTimeout(name, hook, api)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

function callHook (hook: HookEntry, args: unknown[]): Promise<void> {
  if (hook.callbackStyle) {
    return new Promise<void>((resolve, reject) => {
      hook.fn.call(hook.instance, ...args, (error?: unknown) => {
        if (error === undefined || error === null) resolve()
        else reject(error)
      })
    })
  }
  return Promise.resolve(hook.fn.call(hook.instance, ...args)).then(() => undefined)
}

/** onReady / onListen / preClose: one after another, in registration order, each bounded by pluginTimeout. */
export async function runApplicationHooks (hooks: HookEntry[], args: unknown[], timeout: number, name: string, api: 4 | 5): Promise<void> {
  for (const hook of hooks) {
    await withTimeout(callHook(hook, args), timeout, name, hook, api)
  }
}
