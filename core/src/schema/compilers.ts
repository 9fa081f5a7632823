import type { RouteContext } from '../routing/route-context.js'
import type { AnyFunction } from '../types/internal.js'

/**
 * The compiler a route uses: its own option, else the nearest context's setXCompiler, else the
 * default built from the shared schemas the route's context sees. Contexts that see the same
 * schemas share one default compiler (and with it Ajv's / fast-json-stringify's caches).
 */
export function validatorCompilerFor (route: RouteContext): AnyFunction {
  const own = route.options.validatorCompiler
  if (typeof own === 'function') return own
  const inherited = route.context.inherited('validatorCompiler')
  if (inherited !== null) return inherited
  const server = route.server
  const key = route.context.schemas.identity()
  let compiler = server.validatorCompilerCache.get(key)
  if (compiler === undefined) {
    compiler = server.defaultValidatorFactory(route.context.schemas.all()) as AnyFunction
    server.validatorCompilerCache.set(key, compiler)
  }
  return compiler
}

/** Same precedence for responses; also used by reply.compileSerializationSchema at request time. */
export function serializerCompilerFor (route: RouteContext): AnyFunction {
  const own = route.options.serializerCompiler
  if (typeof own === 'function') return own
  const inherited = route.context.inherited('serializerCompiler')
  if (inherited !== null) return inherited
  const server = route.server
  const key = route.context.schemas.identity()
  let compiler = server.serializerCompilerCache.get(key)
  if (compiler === undefined) {
    compiler = server.defaultSerializerFactory(route.context.schemas.all()) as AnyFunction
    server.serializerCompilerCache.set(key, compiler)
  }
  return compiler
}

/** Whether the route's responses are written by fast-json-stringify, the only serializer the responseValidation inspector models. */
export function isUsingDefaultSerializer (route: RouteContext): boolean {
  return typeof route.options.serializerCompiler !== 'function' && route.context.inherited('serializerCompiler') === null
}
