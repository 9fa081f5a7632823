import { errorCodes } from '../errors/codes.js'
import type { HookEntry } from './hooks.js'

function withTimeout (promise: Promise<void>, ms: number, name: string): Promise<void> {
  if (ms <= 0) return promise
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<void>((_resolve, reject) => {
    timer = setTimeout(() => reject(new errorCodes.FST_ERR_HOOK_TIMEOUT(name)), ms)
    timer.unref()
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
export async function runApplicationHooks (hooks: HookEntry[], args: unknown[], timeout: number, name: string): Promise<void> {
  for (const hook of hooks) {
    await withTimeout(callHook(hook, args), timeout, name)
  }
}
