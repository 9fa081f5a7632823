import type { RouteContext } from '../routing/route-context.js'
import type { AnyFunction } from '../types/internal.js'

const compilerKinds = {
  validator: { option: 'validatorCompiler', cache: 'validatorCompilerCache', factory: 'defaultValidatorFactory' },
  serializer: { option: 'serializerCompiler', cache: 'serializerCompilerCache', factory: 'defaultSerializerFactory' }
} as const

/**
 * The compiler a route uses: its own option, else the nearest context's setXCompiler, else the
 * default built from the shared schemas the route's context sees. Contexts that see the same
 * schemas share one default compiler (and with it Ajv's / fast-json-stringify's caches).
 */
function compilerFor (route: RouteContext, kind: keyof typeof compilerKinds): AnyFunction {
  const { option, cache, factory } = compilerKinds[kind]
  const own = route.options[option]
  if (typeof own === 'function') return own
  const inherited = route.context.inherited(option)
  if (inherited !== null) return inherited
  const server = route.server
  const key = route.context.schemas.identity()
  let compiler = server[cache].get(key)
  if (compiler === undefined) {
    compiler = server[factory](route.context.schemas.all()) as AnyFunction
    server[cache].set(key, compiler)
  }
  return compiler
}

export function validatorCompilerFor (route: RouteContext): AnyFunction {
  return compilerFor(route, 'validator')
}

/** Also used by reply.compileSerializationSchema at request time. */
export function serializerCompilerFor (route: RouteContext): AnyFunction {
  return compilerFor(route, 'serializer')
}

/** Whether the route's responses are written by fast-json-stringify, the only serializer the responseValidation inspector models. */
export function isUsingDefaultSerializer (route: RouteContext): boolean {
  return typeof route.options.serializerCompiler !== 'function' && route.context.inherited('serializerCompiler') === null
}
