/** Fastify v4's request validation API: getValidationFunction, compileValidationSchema, validateInput. */
import { errorCodes } from '../errors/codes.js'
import { kRequestRoute } from '../symbols.js'
import { isUsingDefaultValidator, validatorCompilerFor } from '../schema/compilers.js'
import { compiledNow } from '../schema/lazy-compile.js'
import type { RouteContext } from '../routing/route-context.js'
import type { AnyFunction } from '../types/internal.js'
import type { EnclaveRequest } from '../types/request.js'

/**
 * Functions compiled from a schema object are cached per route, keyed by the object (a WeakMap),
 * as in Fastify: a handler compiling the same schema on every request compiles once, and a schema
 * mutated after its first use is not recompiled. `getValidationFunction(schema)` finds only what
 * `compileValidationSchema` or `validateInput` compiled on the same route.
 */
interface RouteValidationCache {
  compiler: AnyFunction | null
  /** The route uses Enclave's default (Ajv) compiler, which requires one of the four parts. */
  defaultCompiler: boolean
  readonly bySchema: WeakMap<object, unknown>
}

/** What the methods read from the request they are called on. */
interface RequestWithRoute { [kRequestRoute]: RouteContext }

const routeCaches = new WeakMap<RouteContext, RouteValidationCache>()

function cacheOf (route: RouteContext): RouteValidationCache {
  let cache = routeCaches.get(route)
  if (cache === undefined) {
    cache = { compiler: null, defaultCompiler: false, bySchema: new WeakMap() }
    routeCaches.set(route, cache)
  }
  return cache
}

/**
 * The route's own validator for a part (`query` is an alias of `querystring`), as Fastify exposes
 * it: the compiled function, or for a content-keyed body the functions by media type. Under
 * lazySchemaCompilation a validator not compiled yet is compiled now, so the app gets what it
 * would have got from ready().
 */
function partValidator (route: RouteContext, part: string): unknown {
  const validators = route.validators
  if (validators === null) return undefined
  const wanted = part === 'query' ? 'querystring' : part
  for (const validator of validators) {
    if (validator.part !== wanted) continue
    if (validator.fn !== null) return compiledNow(validator.fn)
    const byMediaType = validator.byMediaType
    if (byMediaType === null) return undefined
    // Compiling a stand-in puts the compiled function in its place in this map.
    for (const type of Object.keys(byMediaType)) compiledNow(byMediaType[type])
    return byMediaType
  }
  return undefined
}

const knownParts = new Set<unknown>(['body', 'querystring', 'params', 'headers'])

/**
 * The httpPart the compiler receives. A custom compiler gets what the caller passed, `null` when
 * nothing (as in Fastify). Enclave's default Ajv compiler requires one of the four parts (the spec)
 * but compiles the same function whatever the part, so it gets the nearest part instead: Fastify's
 * Ajv compiler accepts any value there.
 */
function compilerPart (cache: RouteValidationCache, httpPart: unknown): unknown {
  if (!cache.defaultCompiler) return httpPart === undefined ? null : httpPart
  if (knownParts.has(httpPart)) return httpPart
  return httpPart === 'query' ? 'querystring' : 'body'
}

function compileForRoute (route: RouteContext, schema: unknown, httpPart: unknown): unknown {
  const cache = cacheOf(route)
  if (typeof schema === 'object' && schema !== null) {
    const cached = cache.bySchema.get(schema)
    if (cached !== undefined) return cached
  }
  // The compiler the route's own schemas use: its own, its context's, or the default built from
  // the shared schemas its context sees.
  if (cache.compiler === null) {
    cache.compiler = validatorCompilerFor(route)
    cache.defaultCompiler = isUsingDefaultValidator(route)
  }
  const fn: unknown = cache.compiler({ schema, method: route.method, url: route.url, httpPart: compilerPart(cache, httpPart) })
  // Like Fastify, a schema that is not an object (true, a string the compiler accepted) cannot be
  // a WeakMap key: the call throws Fastify's TypeError.
  cache.bySchema.set(schema as object, fn)
  return fn
}

/**
 * request.getValidationFunction(httpPart | schema): the route's validator for a part, or the
 * function compiled for a schema object on this route; `undefined` when there is none.
 */
function getValidationFunction (this: RequestWithRoute, schemaOrPart: unknown): unknown {
  const route = this[kRequestRoute]
  let found: unknown
  if (typeof schemaOrPart === 'string') found = partValidator(route, schemaOrPart)
  else if (typeof schemaOrPart === 'object' && schemaOrPart !== null) found = routeCaches.get(route)?.bySchema.get(schemaOrPart)
  // It may be undefined, or for a content-keyed body the media-type map (typed as a function, as Fastify types it).
  return found
}

/** request.compileValidationSchema(schema, httpPart?): compiled by the route's compiler, once per route and schema object. */
function compileValidationSchema (this: RequestWithRoute, schema: unknown, httpPart?: unknown): unknown {
  // Whatever the compiler returned, as in Fastify.
  return compileForRoute(this[kRequestRoute], schema, httpPart)
}

function isSchemaObject (value: unknown): value is object {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * request.validateInput(input, schema | httpPart, httpPart?): what the validator returns, as it
 * returns it (the default Ajv validators return a boolean and leave their errors on `.errors`).
 * A part given as a string wins over the schema: the route's validator for that part is used when
 * it has one, else the schema is compiled with the part. With neither a validator for the part nor
 * a schema object, it throws FST_ERR_REQ_INVALID_VALIDATION_INVOCATION, as in Fastify 4.29.
 */
function validateInput (this: RequestWithRoute, input: unknown, schemaOrPart?: unknown, httpPart?: unknown): unknown {
  const route = this[kRequestRoute]
  const part = typeof schemaOrPart === 'string' ? schemaOrPart : httpPart
  let validate = typeof part === 'string' ? partValidator(route, part) : undefined
  if (validate === undefined) {
    if (typeof schemaOrPart === 'string' || !isSchemaObject(schemaOrPart)) {
      throw new errorCodes.FST_ERR_REQ_INVALID_VALIDATION_INVOCATION(String(part))
    }
    validate = compileForRoute(route, schemaOrPart, httpPart)
  }
  // A content-keyed body has one validator per media type, not one function (Fastify's TypeError).
  if (typeof validate !== 'function') throw new TypeError('validate is not a function')
  return (validate as AnyFunction)(input)
}

/**
 * The methods as the request prototype holds them: typed as the public request types them (generic
 * in the validator's result, the function as Fastify types it), since they hand back whatever
 * the compiler made.
 */
export const validationMethods = {
  getValidationFunction: getValidationFunction as EnclaveRequest['getValidationFunction'],
  compileValidationSchema: compileValidationSchema as EnclaveRequest['compileValidationSchema'],
  validateInput: validateInput as EnclaveRequest['validateInput']
}
