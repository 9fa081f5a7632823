/** Compiling a route's response schemas into serializers, one per status key and media type. */
import { errorCodes } from '../errors/codes.js'
import { mediaTypeAsWritten } from '../request/content-type.js'
import { expandShorthand, isResponseContentKeyed } from './normalize-schema.js'
import { serializerCompilerFor } from './compilers.js'
import { compileOnFirstCall, compilesLazily, mayDefer, replaceStub } from './lazy-compile.js'
import type { MediaTypeReading, ResponseEntry, ResponseSerializers, ResponseTable, SerializerFunction } from './select-serializer.js'
import type { RouteContext } from '../routing/route-context.js'
import type { AnyFunction } from '../types/internal.js'

const exactCode = /^[1-5]\d\d$/
const classCode = /^[1-5]xx$/i

/** Turns one response schema (expanded from the shorthand unless `jsonShorthand` is false) into a value of the table. */
export type CompileResponseSchema<T> = (httpStatus: string, schema: unknown, contentType: string | undefined) => T

/** With `jsonShorthand: false` Fastify 4.29 hands a response schema to the compiler as written. */
function asCompiled (schema: unknown, shorthand: boolean): unknown {
  return shorthand ? expandShorthand(schema) : schema
}

function buildEntry<T> (httpStatus: string, value: unknown, compile: CompileResponseSchema<T>, shorthand: boolean, reading: MediaTypeReading): ResponseEntry<T> {
  if (isResponseContentKeyed(value)) {
    const byMediaType = Object.create(null) as Record<string, T>
    for (const type of Object.keys(value.content)) {
      const entry = value.content[type]
      const schema = typeof entry === 'object' && entry !== null ? (entry as { schema?: unknown }).schema : undefined
      if (!schema) throw new errorCodes.FST_ERR_SCH_CONTENT_MISSING_SCHEMA(type)
      // Fastify keys the table as declared: a key with parameters or in capitals never matches there.
      const key = reading !== 'enclave' || type === '*/*' ? type : mediaTypeAsWritten(type)
      byMediaType[key] = compile(httpStatus, asCompiled(schema, shorthand), type)
    }
    return { fn: null, byMediaType, reading }
  }
  return { fn: compile(httpStatus, asCompiled(value, shorthand), undefined), byMediaType: null, reading }
}

function mediaTypeReadingOf (route: RouteContext): MediaTypeReading {
  const profile = route.server.profile
  if (profile.name === 'enclave') return 'enclave'
  return profile.api === 5 ? 'fastify5' : 'fastify4'
}

/** As Fastify 4.29 reports a response key that is not a status: a serialization build error naming the route. */
function notNested (route: RouteContext): Error {
  const cause = new errorCodes.FST_ERR_SCH_RESPONSE_SCHEMA_NOT_NESTED_2XX()
  const error = new errorCodes.FST_ERR_SCH_SERIALIZATION_BUILD(route.method, route.url, cause.message)
  ;(error as Error & { cause?: unknown }).cause = cause
  return error
}

/**
 * Walks the route's `schema.response` keys (exact code, Nxx class, `default`) and compiles each
 * schema with `compile`; null when the route declares no response schema. Used for the
 * serializers and, in responseValidation mode, for the inspectors, so both read the keys alike.
 */
export function buildResponseTable<T> (route: RouteContext, compile: CompileResponseSchema<T>): ResponseTable<T> | null {
  const response = route.schema?.response
  if (response === undefined || response === null) return null
  if (typeof response !== 'object') throw notNested(route)
  const byStatus = response as Record<string, unknown>
  const exact = Object.create(null) as Record<string, ResponseEntry<T>>
  const classes: Array<ResponseEntry<T> | undefined> = [undefined, undefined, undefined, undefined, undefined, undefined]
  let fallback: ResponseEntry<T> | null = null
  const shorthand = route.server.options.jsonShorthand !== false
  const reading = mediaTypeReadingOf(route)
  for (const key of Object.keys(byStatus)) {
    if (key === 'default') {
      fallback = buildEntry(key, byStatus[key], compile, shorthand, reading)
    } else if (exactCode.test(key)) {
      exact[key] = buildEntry(key, byStatus[key], compile, shorthand, reading)
    } else if (classCode.test(key)) {
      classes[Number(key[0])] = buildEntry(key, byStatus[key], compile, shorthand, reading)
    } else {
      throw notNested(route)
    }
  }
  return { exact, classes, fallback }
}

/**
 * Calls a serializer compiler with the spec's `{ schema, method, url, httpStatus, contentType }`
 * and checks that it returned a function; a failure names the route in Fastify 4.29's words
 * (method and URL only), the compiler's own error kept as `cause`.
 */
export function compileSerializer (compiler: AnyFunction, route: RouteContext, schema: unknown, httpStatus: string | undefined, contentType: string | undefined): SerializerFunction {
  let fn: unknown
  try {
    fn = compiler({ schema, method: route.method, url: route.url, httpStatus, contentType })
  } catch (error) {
    const cause = error instanceof Error ? error.message : String(error)
    const wrapped = new errorCodes.FST_ERR_SCH_SERIALIZATION_BUILD(route.method, route.url, cause)
    ;(wrapped as Error & { cause?: unknown }).cause = error
    throw wrapped
  }
  if (typeof fn !== 'function') {
    // Fastify 4.29 does not check the result at start-up: nothing (or an object) leaves the payload
    // to JSON.stringify, anything else fails each reply it would serialize with a TypeError.
    return !fn || typeof fn === 'object' ? stringifyUnchecked : serializerNotAFunction
  }
  return fn as SerializerFunction
}

function stringifyUnchecked (data: unknown): string {
  return JSON.stringify(data)
}

function serializerNotAFunction (): string {
  throw new TypeError('fnSerialize is not a function')
}

/** Compiles the route's response schemas by status key at ready(); null when it declares none. */
export function compileRouteSerialization (route: RouteContext): ResponseSerializers | null {
  if (route.schema?.response === undefined || route.schema.response === null) return null
  const compiler = serializerCompilerFor(route)
  const lazy = compilesLazily(route.server.options)
  return buildResponseTable(route, function compileResponseSerializer (httpStatus, schema, contentType) {
    if (!lazy || !mayDefer(compiler, { schema, method: route.method, url: route.url, httpStatus, contentType })) {
      return compileSerializer(compiler, route, schema, httpStatus, contentType)
    }
    return compileOnFirstCall(function compileDeferredSerializer (): SerializerFunction {
      return compileSerializer(compiler, route, schema, httpStatus, contentType)
    }, installSerializer)
  })

  function installSerializer (stub: SerializerFunction, compiled: SerializerFunction): void {
    const table = route.responseSerializers
    if (table === null) return
    replaceStub([table.fallback, ...Object.values(table.exact), ...table.classes], stub, compiled)
  }
}
