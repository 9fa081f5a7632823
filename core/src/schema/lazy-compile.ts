/** The `lazySchemaCompilation` option: compiling a schema on the first request that needs it instead of at ready(). */
import type { AnyFunction } from '../types/internal.js'

/**
 * Whether lazySchemaCompilation applies. Not with `schemaCache: { code }` (code made at build
 * time): loading it is cheap, a schema the build missed fails ready() instead of a request, the
 * build step must see every schema, and Ajv's deferral check would need code generation.
 */
export function compilesLazily (options: { lazySchemaCompilation: boolean, schemaCache: object | null }): boolean {
  return options.lazySchemaCompilation && (options.schemaCache === null || !('code' in options.schemaCache))
}

/**
 * lazySchemaCompilation. A compiler may offer `canDefer(input)`: true when compiling that input
 * later cannot fail, as far as a cheap check can tell. Compilers without it (custom ones) are
 * called at ready() as usual, so a broken schema always fails start-up.
 */
export function mayDefer (compiler: AnyFunction, input: object): boolean {
  const canDefer = (compiler as { canDefer?: unknown }).canDefer
  if (typeof canDefer !== 'function') return false
  try {
    return canDefer.call(compiler, input) === true
  } catch {
    // A check that fails is no reason to fail start-up: compiling now reports the real error.
    return false
  }
}

/** Where a compiled function lives in a route's tables: `{ fn }` or a media-type map. */
interface Slot { fn: unknown, byMediaType: Record<string, unknown> | null }

/** Puts `compiled` wherever `stub` sits in the slots, so later requests call it directly. */
export function replaceStub (slots: Iterable<Slot | null | undefined>, stub: unknown, compiled: unknown): void {
  for (const slot of slots) {
    if (slot === null || slot === undefined) continue
    if (slot.fn === stub) slot.fn = compiled
    const byType = slot.byMediaType
    if (byType === null) continue
    for (const type of Object.keys(byType)) {
      if (byType[type] === stub) byType[type] = compiled
    }
  }
}

/** On a stand-in: compiles (once) and installs the function, returning it. */
const kCompileNow = Symbol('enclave.compileNow')

/**
 * The function itself, or for a stand-in the compiled function, compiled now: what an app reads
 * (`request.getValidationFunction()`) is the compiled validator with its properties (`schema`,
 * `errors`), as when everything was compiled at ready().
 */
export function compiledNow (fn: unknown): unknown {
  const compileNow = typeof fn === 'function' ? (fn as { [kCompileNow]?: () => unknown })[kCompileNow] : undefined
  return compileNow === undefined ? fn : compileNow()
}

/**
 * A stand-in that compiles on its first call, installs the result in the route's tables
 * (`install`) and forwards the call. Requests are handled one at a time up to the validator, and
 * compilation is synchronous, so concurrent first requests compile once. `errors` reads through to
 * the compiled validator, as the validation step reads it from the function it called.
 */
export function compileOnFirstCall<F extends AnyFunction> (compile: () => F, install: (stub: F, compiled: F) => void): F {
  let compiled: F | null = null
  function compileNow (): F {
    if (compiled === null) {
      compiled = compile()
      install(stub, compiled)
    }
    return compiled
  }
  const stub = function compileThenCall (this: unknown, data: unknown, context?: unknown): unknown {
    const fn = compiled ?? compileNow()
    // A second argument (Ajv's data context, see validate.ts) only when the caller gave one.
    return context === undefined ? fn.call(this, data) : fn.call(this, data, context)
  } as F
  Object.defineProperty(stub, kCompileNow, { value: compileNow })
  Object.defineProperty(stub, 'errors', {
    get () { return compiled === null ? undefined : (compiled as { errors?: unknown }).errors },
    configurable: true
  })
  return stub
}
