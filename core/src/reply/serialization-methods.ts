import { errorCodes } from '../errors/codes.js'
import { kReplyRoute } from '../symbols.js'
import { serializerCompilerFor } from '../schema/compilers.js'
import { compileSerializer } from '../schema/compile-serialization.js'
import { expandShorthand } from '../schema/normalize-schema.js'
import { entryForKey, pickForMediaType, type SerializerFunction } from '../schema/select-serializer.js'
import { serializePayload } from './send.js'
import type { RouteContext } from '../routing/route-context.js'
import type { AnyFunction } from '../types/internal.js'

/**
 * Fastify v4's reply serialization API. Functions compiled from a schema object are cached per
 * route, keyed by the object (a WeakMap), so a handler calling compileSerializationSchema on every
 * request compiles once; a schema mutated after its first use is not recompiled (as in Fastify).
 */
interface RouteSerializationCache {
  compiler: AnyFunction | null
  readonly bySchema: WeakMap<object, SerializerFunction>
}

const routeCaches = new WeakMap<RouteContext, RouteSerializationCache>()

function cacheOf (route: RouteContext): RouteSerializationCache {
  let cache = routeCaches.get(route)
  if (cache === undefined) {
    cache = { compiler: null, bySchema: new WeakMap() }
    routeCaches.set(route, cache)
  }
  return cache
}

type StatusKey = string | number

function isStatusKey (value: unknown): value is StatusKey {
  return typeof value === 'number' || (typeof value === 'string' && /^(?:[1-5](?:\d\d|xx)|default)$/i.test(value))
}

/** The route's compiled response serializer for a status (or `Nxx` / `default` key) and media type. */
function routeSerializer (route: RouteContext, status: StatusKey, contentType: string | undefined): SerializerFunction | undefined {
  if (route.responseSerializers === null) return undefined
  const entry = entryForKey(route.responseSerializers, status)
  if (entry === null) return undefined
  return pickForMediaType(entry, contentType) ?? undefined
}

function compileForRoute (route: RouteContext, schema: unknown, httpStatus: unknown, contentType: unknown): SerializerFunction {
  const cache = cacheOf(route)
  const cacheable = typeof schema === 'object' && schema !== null
  if (cacheable) {
    const cached = cache.bySchema.get(schema)
    if (cached !== undefined) return cached
  }
  // The same compiler the route's response schemas use: its own, its context's, or the default
  // built from the shared schemas its context sees.
  if (cache.compiler === null) cache.compiler = serializerCompilerFor(route)
  const status = httpStatus === undefined || httpStatus === null ? undefined : String(httpStatus)
  const type = typeof contentType === 'string' ? contentType : undefined
  const fn = compileSerializer(cache.compiler, route, expandShorthand(schema), status, type)
  if (cacheable) cache.bySchema.set(schema, fn)
  return fn
}

/** reply.serialize(payload): what reply.send would write for the current status and type. */
function serialize (this: any, payload: unknown): string {
  return serializePayload(this, payload)
}

/**
 * reply.getSerializationFunction(schema | status, contentType?): for a schema object, the function
 * compileSerializationSchema made for it on this route; for a status, the route's response
 * serializer (a code resolves exact > Nxx > default; `'2xx'` and `'default'` name their key).
 * `undefined` when there is none.
 */
function getSerializationFunction (this: any, schemaOrStatus: unknown, contentType?: string): SerializerFunction | undefined {
  const route: RouteContext = this[kReplyRoute]
  if (typeof schemaOrStatus === 'object' && schemaOrStatus !== null) return routeCaches.get(route)?.bySchema.get(schemaOrStatus)
  if (!isStatusKey(schemaOrStatus)) return undefined
  return routeSerializer(route, schemaOrStatus, contentType)
}

/** reply.compileSerializationSchema(schema, httpStatus?, contentType?): compiled once per route and schema object. */
function compileSerializationSchema (this: any, schema: unknown, httpStatus?: StatusKey, contentType?: string): SerializerFunction {
  return compileForRoute(this[kReplyRoute], schema, httpStatus, contentType)
}

/**
 * reply.serializeInput(data, status, contentType?) uses the route's response serializer for that
 * status and throws FST_ERR_MISSING_(CONTENTTYPE_)SERIALIZATION_FN without one.
 * reply.serializeInput(data, schema, httpStatus?, contentType?) prefers the route's serializer for
 * httpStatus when there is one, else compiles `schema` (once per route).
 */
function serializeInput (this: any, data: unknown, schemaOrStatus: unknown, httpStatus?: unknown, contentType?: string): string {
  const route: RouteContext = this[kReplyRoute]
  if (isStatusKey(schemaOrStatus)) {
    // (data, status, contentType): the third argument is the media type.
    const type = typeof httpStatus === 'string' && !isStatusKey(httpStatus) ? httpStatus : contentType
    const fn = routeSerializer(route, schemaOrStatus, type)
    if (fn === undefined) throw missingSerializer(route, schemaOrStatus, type)
    return fn(data)
  }
  if (isStatusKey(httpStatus)) {
    const fn = routeSerializer(route, httpStatus, contentType)
    if (fn !== undefined) return fn(data)
  }
  return compileForRoute(route, schemaOrStatus, httpStatus, contentType)(data)
}

function missingSerializer (route: RouteContext, status: StatusKey, contentType: string | undefined): Error {
  if (contentType !== undefined && route.responseSerializers !== null && entryForKey(route.responseSerializers, status) !== null) {
    return new errorCodes.FST_ERR_MISSING_CONTENTTYPE_SERIALIZATION_FN(String(status), contentType)
  }
  return new errorCodes.FST_ERR_MISSING_SERIALIZATION_FN(String(status))
}

export const serializationMethods = { serialize, getSerializationFunction, compileSerializationSchema, serializeInput }
