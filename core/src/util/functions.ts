/**
 * Checks on user-supplied values that several layers make (hooks, plugins, parsers, validators,
 * error handlers): one copy each, so they agree on what counts as a promise or an async function.
 */

/** A value with a callable `then`: what Fastify awaits (a promise from every implementation, not only native ones). */
export function isThenable (value: unknown): value is PromiseLike<unknown> {
  return value !== null && typeof value === 'object' && typeof (value as { then?: unknown }).then === 'function'
}

/** A function declared `async`, which Fastify treats as promise style whatever its parameter count. */
export function isAsyncFunction (fn: unknown): boolean {
  return typeof fn === 'function' && fn.constructor?.name === 'AsyncFunction'
}
