import { errorCodes } from '../errors/codes.js'
import { mediaTypeOf } from '../request/content-type.js'
import { expandShorthand, isPlainSchema } from './normalize-schema.js'
import { serializerCompilerFor } from './compilers.js'
import type { ResponseEntry, ResponseSerializers, SerializerFunction } from './select-serializer.js'
import type { RouteContext } from '../routing/route-context.js'
import type { AnyFunction } from '../types/internal.js'

const exactCode = /^[1-5]\d\d$/
const classCode = /^[1-5]xx$/i

function compileOne (compiler: AnyFunction, route: RouteContext, httpStatus: string, schema: unknown, contentType?: string): SerializerFunction {
  let fn: unknown
  try {
    fn = compiler({ schema, method: route.method, url: route.url, httpStatus, contentType })
  } catch (error) {
    const cause = error instanceof Error ? error.message : String(error)
    const wrapped = new errorCodes.FST_ERR_SCH_SERIALIZATION_BUILD(route.method, `${route.url} (response ${httpStatus}${contentType === undefined ? '' : ' ' + contentType})`, cause)
    ;(wrapped as any).cause = error
    throw wrapped
  }
  if (typeof fn !== 'function') {
    throw new errorCodes.FST_ERR_SCH_SERIALIZATION_BUILD(route.method, `${route.url} (response ${httpStatus})`, `the serializer compiler returned ${typeof fn}, not a function`)
  }
  return fn as SerializerFunction
}

function compileEntry (compiler: AnyFunction, route: RouteContext, httpStatus: string, value: unknown): ResponseEntry {
  if (isPlainSchema(value) && isPlainSchema(value.content) && value.type === undefined && value.properties === undefined) {
    const byMediaType: Record<string, SerializerFunction> = Object.create(null)
    for (const type of Object.keys(value.content)) {
      const entry = value.content[type]
      if (!isPlainSchema(entry) && typeof entry !== 'object') throw new errorCodes.FST_ERR_SCH_CONTENT_MISSING_SCHEMA(type)
      const schema = (entry as { schema?: unknown } | null)?.schema
      if (schema === undefined) throw new errorCodes.FST_ERR_SCH_CONTENT_MISSING_SCHEMA(type)
      byMediaType[type === '*/*' ? type : mediaTypeOf(type)] = compileOne(compiler, route, httpStatus, expandShorthand(schema), type)
    }
    return { fn: null, byMediaType }
  }
  return { fn: compileOne(compiler, route, httpStatus, expandShorthand(value)), byMediaType: null }
}

/** Compiles the route's response schemas by status key; null when it declares none. */
export function compileRouteSerialization (route: RouteContext): ResponseSerializers | null {
  const response = route.schema?.response
  if (response === undefined || response === null) return null
  if (typeof response !== 'object') throw new errorCodes.FST_ERR_SCH_RESPONSE_SCHEMA_NOT_NESTED_2XX()
  const compiler = serializerCompilerFor(route)
  const exact: Record<string, ResponseEntry> = Object.create(null)
  const classes: Array<ResponseEntry | undefined> = [undefined, undefined, undefined, undefined, undefined, undefined]
  let fallback: ResponseEntry | null = null
  for (const key of Object.keys(response)) {
    if (key === 'default') {
      fallback = compileEntry(compiler, route, key, response[key])
    } else if (exactCode.test(key)) {
      exact[key] = compileEntry(compiler, route, key, response[key])
    } else if (classCode.test(key)) {
      classes[Number(key[0])] = compileEntry(compiler, route, key, response[key])
    } else {
      throw new errorCodes.FST_ERR_SCH_RESPONSE_SCHEMA_NOT_NESTED_2XX()
    }
  }
  return { exact, classes, fallback }
}
