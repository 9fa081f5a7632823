/** Turning a reply's payload into the string it sends: the serializer precedence, and the JSON content type it implies. */
import { kReplyRoute, kReplyHeaders, kReplySerializer } from '../symbols.js'
import { selectSerializer } from '../schema/select-serializer.js'
import type { Reply } from './reply-state.js'
import { fastify5JsonContentType, isFastify5JsonType } from './fastify5-reply-content-type.js'

const jsonContentType = 'application/json; charset=utf-8'

/**
 * Precedence, as in Fastify: reply.serializer() > setReplySerializer > the route's response schema >
 * JSON.stringify. Also reply.serialize(). What a serializer throws (a schema's missing required
 * property, a BigInt, a cycle) is answered as it is: a 500 with its message, as Fastify does.
 */
export function serializePayload (reply: Reply, payload: unknown): string {
  const custom = reply[kReplySerializer]
  if (custom !== null) return custom(payload)
  return serializeWithRoute(reply, payload)
}

function serializeWithRoute (reply: Reply, payload: unknown): string {
  const route = reply[kReplyRoute]
  // setReplySerializer's function, checked to be a function when it was set; it returns the body.
  if (route.replySerializer !== null) return route.replySerializer(payload, reply.raw.statusCode) as string
  if (route.responseSerializers !== null) {
    // Before the lookup: the inspector also reports a content-keyed schema without the reply's type.
    if (route.responseInspector !== null) route.responseInspector(reply, payload)
    const contentType = reply[kReplyHeaders]['content-type']
    const serializer = selectSerializer(route.responseSerializers, reply.raw.statusCode, typeof contentType === 'string' ? contentType : undefined)
    if (serializer !== null) return serializer(payload)
  }
  return JSON.stringify(payload)
}

/**
 * A payload serialized by the framework is JSON: without a content type it gets Fastify's JSON one,
 * and a type set with reply.type() but no charset gets `charset=utf-8`. Not for reply.serializer(),
 * whose output may be anything.
 */
export function setSerializedContentType (reply: Reply, contentType: unknown): void {
  if (reply[kReplySerializer] !== null) return
  const headers = reply[kReplyHeaders]
  if (contentType === undefined) headers['content-type'] = jsonContentType
  else if (typeof contentType === 'string') nameJsonCharset(reply, contentType, reply[kReplyRoute].server.profile.api)
}

/**
 * A string sent with a JSON content type of the route's own choosing (`reply.type('application/json')`):
 * without a charset, utf-8 is named, as Fastify 4.29 does (its test: the header contains `json`).
 */
export function nameJsonCharset (reply: Reply, contentType: string, api: 4 | 5): void {
  if (api === 5) {
    if (isFastify5JsonType(contentType)) reply[kReplyHeaders]['content-type'] = fastify5JsonContentType(contentType)
  } else if (contentType.includes('json') && !contentType.includes('charset')) reply[kReplyHeaders]['content-type'] = withUtf8Charset(contentType)
}

function withUtf8Charset (contentType: string): string {
  const trimmed = contentType.trim()
  return trimmed.endsWith(';') ? trimmed + ' charset=utf-8' : trimmed + '; charset=utf-8'
}
