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
 * A function with a rest parameter (`(...args) => …`, `function (request, reply, ...rest)`): its
 * arity counts only the parameters before it, so it says nothing about whether it takes `done`.
 * Wrappers that pass their arguments through (instrumentation such as @fastify/otel wraps every
 * hook so) are written so.
 */
export function takesRestParameters (fn: (...args: never[]) => unknown): boolean {
  let source: string
  try {
    source = Function.prototype.toString.call(fn)
  } catch {
    return false
  }
  const list = firstParameterList.exec(source)
  // An arrow without parentheses (`x => f(...x)`) has its one parameter before the first `(`.
  return list !== null && !list[1]!.includes('=>') && list[2]!.includes('...')
}

// Up to the first `(` no other parameter list can open: a `function` keyword and a name, a method
// name, or nothing (an arrow). A list whose default values hold parentheses is not read: taken as
// having no rest parameter.
const firstParameterList = /^([^(]*)\(([^()]*)\)/
