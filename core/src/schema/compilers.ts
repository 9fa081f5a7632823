/** Which schema compiler a route uses (its own, its context's, or a default shared by contexts that see the same schemas). */
import { errorCodes } from '../errors/codes.js'
import type { RouteContext } from '../routing/route-context.js'
import type { AnyFunction } from '../types/internal.js'

const compilerKinds = {
  validator: { option: 'validatorCompiler', cache: 'validatorCompilerCache', factory: 'defaultValidatorFactory', custom: 'buildValidator', factoryOptions: 'validatorFactoryOptions', built: 'builtValidatorCompiler' },
  serializer: { option: 'serializerCompiler', cache: 'serializerCompilerCache', factory: 'defaultSerializerFactory', custom: 'buildSerializer', factoryOptions: 'serializerFactoryOptions', built: 'builtSerializerCompiler' }
} as const

/** Compilers built by a `schemaController.compilersFactory`, per factory and set of visible schemas. */
const customCompilerCaches = new WeakMap<AnyFunction, Map<string, AnyFunction>>()

function cacheFor (factory: AnyFunction): Map<string, AnyFunction> {
  let cache = customCompilerCaches.get(factory)
  if (cache === undefined) {
    cache = new Map()
    customCompilerCaches.set(factory, cache)
  }
  return cache
}

/**
 * The compiler a route uses: its own option, else the nearest context's setXCompiler, else the
 * default built from the shared schemas the route's context sees. Contexts that see the same
 * schemas share one default compiler (and with it Ajv's / fast-json-stringify's caches).
 */
function compilerFor (route: RouteContext, kind: keyof typeof compilerKinds): AnyFunction {
  const { option, cache, factory, custom, factoryOptions, built } = compilerKinds[kind]
  const own = route.options[option]
  if (typeof own === 'function') return own as AnyFunction
  const context = route.context
  const inherited = inheritedCompiler(route, option)
  if (inherited !== null) return inherited
  const server = route.server
  const customFactory = context.controllerSetting(custom)
  const compilers = customFactory === null ? server[cache] : cacheFor(customFactory)
  const key = context.schemas.identity()
  let compiler = compilers.get(key)
  if (compiler === undefined) {
    const build = customFactory ?? server[factory]
    compiler = build(context.schemas.all(), server[factoryOptions]) as AnyFunction
    if (typeof compiler !== 'function') {
      throw new errorCodes.FST_ERR_INIT_OPTS_INVALID(`schemaController.compilersFactory.${custom} must return a compiler function`)
    }
    compilers.set(key, compiler)
  }
  // What the context's validatorCompiler / serializerCompiler property shows from now on.
  context[built] = compiler
  return compiler
}

/**
 * The compiler set with setValidatorCompiler() / setSerializerCompiler() that reaches the route's
 * context, or null for the default. Fastify 4.29 and 5.12 give a context that added shared schemas
 * the default compilers, unless it set one itself; `keepCompilersOnAddSchema` (enclave()) keeps the
 * inherited one, as the spec's encapsulation rule says.
 */
function inheritedCompiler (route: RouteContext, option: 'validatorCompiler' | 'serializerCompiler'): AnyFunction | null {
  const context = route.context
  const inherited = context.inherited(option)
  if (inherited === null || context[option] !== null || !context.addedSchemas || route.server.options.keepCompilersOnAddSchema) return inherited
  return null
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
  return typeof route.options.serializerCompiler !== 'function' && inheritedCompiler(route, 'serializerCompiler') === null &&
    route.context.controllerSetting('buildSerializer') === null
}

/** Whether the route's validators come from Enclave's default (Ajv) compiler: no compiler of its own, its context's or a schemaController's. */
export function isUsingDefaultValidator (route: RouteContext): boolean {
  return typeof route.options.validatorCompiler !== 'function' && inheritedCompiler(route, 'validatorCompiler') === null &&
    route.context.controllerSetting('buildValidator') === null
}
