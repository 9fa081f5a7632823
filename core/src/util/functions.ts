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

/**
 * A function whose parameter list begins with a rest parameter (`(...args) => …`): it declares no
 * parameter, so its arity says nothing about whether it takes `done`. Wrappers that pass their
 * arguments through (instrumentation such as @fastify/otel wraps every hook so) are written so.
 */
export function takesRestParameters (fn: (...args: never[]) => unknown): boolean {
  if (fn.length !== 0) return false
  let source: string
  try {
    source = Function.prototype.toString.call(fn)
  } catch {
    return false
  }
  return restFirst.test(source)
}

// Up to the first `(` no other parameter list can open: a `function` keyword and a name, a method
// name, or nothing (an arrow); a rest parameter is the first thing inside it.
const restFirst = /^[^(]*\(\s*\.\.\./
