/** Fastify v4's reply serialization API (serialize, getSerializationFunction, compileSerializationSchema, serializeInput). */
import { errorCodes } from '../errors/codes.js'
import { kReplyRoute } from '../symbols.js'
import { serializerCompilerFor } from '../schema/compilers.js'
import { compileSerializer } from '../schema/compile-serialization.js'
import type { SerializerFunction } from '../schema/select-serializer.js'
import { serializePayload } from './serialize-payload.js'
import type { Reply } from './reply-state.js'
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
  // As Fastify 4.29: a schema given to these methods reaches the compiler as written, never read as the shorthand.
  const fn = compileSerializer(cache.compiler, route, schema, status, type)
  if (cacheable) cache.bySchema.set(schema, fn)
  return fn
}

/** reply.serialize(payload): what reply.send would write for the current status and type. */
function serialize (this: Reply, payload: unknown): string {
  return serializePayload(this, payload)
}

/**
 * reply.getSerializationFunction(schema | status, contentType?): for a schema object, the function
 * compileSerializationSchema made for it on this route; for a status, the route's serializer under
 * exactly that key (`201` does not find `2xx`, as in Fastify). `undefined` when there is none.
 */
function getSerializationFunction (this: Reply, schemaOrStatus: unknown, contentType?: string): SerializerFunction | undefined {
  const route = this[kReplyRoute]
  if (typeof schemaOrStatus === 'object' && schemaOrStatus !== null) return routeCaches.get(route)?.bySchema.get(schemaOrStatus)
  if (!isStatusKey(schemaOrStatus)) return undefined
  return serializerForKey(route, schemaOrStatus, contentType)
}

/** reply.compileSerializationSchema(schema, httpStatus?, contentType?): compiled once per route and schema object. */
function compileSerializationSchema (this: Reply, schema: unknown, httpStatus?: StatusKey, contentType?: string): SerializerFunction {
  return compileForRoute(this[kReplyRoute], schema, httpStatus, contentType)
}

/**
 * The route's serializer under exactly this response key, as Fastify's serializeInput looks it up:
 * no fallback from a code to its `Nxx` class or `default`; with a content type, only a
 * `content`-keyed entry for that type.
 */
function serializerForKey (route: RouteContext, status: StatusKey, contentType: string | undefined): SerializerFunction | undefined {
  const table = route.responseSerializers
  if (table === null) return undefined
  const key = String(status)
  const entry = key === 'default' ? table.fallback : classKeyPattern.test(key) ? table.classes[Number(key[0])] : table.exact[key]
  if (entry === null || entry === undefined) return undefined
  if (contentType === undefined) return entry.fn ?? undefined
  return entry.byMediaType?.[contentType] ?? undefined
}

const classKeyPattern = /^[1-5]xx$/i

/**
 * reply.serializeInput(data, status, contentType?) and reply.serializeInput(data, schema, status,
 * contentType?) use the route's serializer for exactly that status (and content type), and throw
 * FST_ERR_MISSING_(CONTENTTYPE_)SERIALIZATION_FN without one, as in Fastify;
 * reply.serializeInput(data, schema) compiles `schema` (once per route). The arguments are read as
 * Fastify reads them: a string or number second argument is the status (any string: `'nope'` is a
 * key no schema has) and the third, when it differs from it, the content type.
 */
function serializeInput (this: Reply, data: unknown, schemaOrStatus: unknown, httpStatus?: unknown, contentType?: unknown): string {
  const route = this[kReplyRoute]
  const statusFirst = typeof schemaOrStatus === 'string' || typeof schemaOrStatus === 'number'
  const status = statusFirst ? schemaOrStatus : httpStatus
  const type = statusFirst && Boolean(status) && httpStatus !== status ? httpStatus : contentType
  if (status === undefined || status === null) return compileForRoute(route, schemaOrStatus, httpStatus, contentType)(data)
  const fn = serializerForKey(route, String(status), type === null || type === undefined ? undefined : String(type))
  if (fn === undefined) throw missingSerializer(String(status), type)
  return fn(data)
}

function missingSerializer (status: string, contentType: unknown): Error {
  // As Fastify: any truthy content type is named, whatever its type.
  if (contentType !== undefined && contentType !== null && contentType !== '' && contentType !== 0 && contentType !== false) {
    return new errorCodes.FST_ERR_MISSING_CONTENTTYPE_SERIALIZATION_FN(status, String(contentType))
  }
  return new errorCodes.FST_ERR_MISSING_SERIALIZATION_FN(status)
}

export const serializationMethods = { serialize, getSerializationFunction, compileSerializationSchema, serializeInput }
