import type { IncomingMessage, ServerResponse } from 'node:http'
import type { EnclaveLogger } from '../logging/logger.js'
import type { EnclaveInstanceCore } from './instance.js'
import type { EnclaveReplyDecorations } from './decorations.js'
import type { EnclaveRequest } from './request.js'
import type { ReplyPayload, ReplyTable, ResolveRequestParts, RouteGeneric } from './route-types.js'
import type { SerializerFunction } from './schema.js'
import type { RouteOptionsView } from './route.js'

/**
 * A trailer's value, from the reply and the payload written (`null` for a stream or a HEAD request):
 * resolved by an async function, or passed to `done`. `reply.trailer()` takes either form (as two
 * overloads, so a function's parameters need no annotation).
 */
export type ReplyTrailerFunction<Reply> =
  | ((reply: Reply, payload: string | Buffer | null) => Promise<string>)
  | ((reply: Reply, payload: string | Buffer | null, done: (err: Error | null, value?: string) => void) => void)

/**
 * The reply a handler or hook receives. `Table` maps the route's status keys to payload types (see
 * ReplyTable), and `Payload` is what `send()` takes for the status in use: any 2xx payload (or
 * `default`) until `code()`/`status()` picks a status, then that status's payload (exact code,
 * then `2xx`-style class, then `default`). Without a response schema (or a `Reply` generic) anything
 * may be sent. `Decorations` are the reply decorations of the instance the route was declared on;
 * `code()` returns a reply that keeps them.
 *
 * `reply.request` is a plain request: a typed reply must also pass where a plain `EnclaveReply`
 * (Fastify's `FastifyReply`) is expected, which a request typed from `G` would prevent.
 */
// `Raw` is the raw response's type: Node's ServerResponse, or what Fastify's types give (HTTP/2's response).
export interface EnclaveReply<G extends RouteGeneric = RouteGeneric, Table = ReplyTable<G, unknown>, Payload = ReplyPayload<Table, unknown>, Decorations = {}, Raw = ServerResponse> extends EnclaveReplyDecorations {
  raw: Raw
  // Any route config (`Record<string, any>` takes interfaces too): a face's request types it its own way.
  request: EnclaveRequest<RouteGeneric, ResolveRequestParts<RouteGeneric, unknown, string>, IncomingMessage, Record<string, any>>
  log: EnclaveLogger
  statusCode: number
  readonly sent: boolean
  readonly elapsedTime: number
  /** The route's options, the same view as `request.routeOptions` (Fastify 5; not on the v4 face). */
  readonly routeOptions: Readonly<RouteOptionsView<Record<string, any>>>
  /** The type/subtype of the reply's `Content-Type` so far, lower-cased; `undefined` without one (Fastify 5; not on the v4 face). */
  readonly mediaType: string | undefined
  readonly server: EnclaveInstanceCore
  /** Sets the status code; the reply it returns checks `send()` against that status's schema. */
  code<Code extends number> (statusCode: Code): EnclaveReply<G, Table, ReplyPayload<Table, Code>, Decorations, Raw> & Decorations
  status<Code extends number> (statusCode: Code): EnclaveReply<G, Table, ReplyPayload<Table, Code>, Decorations, Raw> & Decorations
  header (name: string, value: unknown): this
  headers (values: Record<string, unknown>): this
  getHeader (name: string): unknown
  getHeaders (): Record<string, unknown>
  hasHeader (name: string): boolean
  removeHeader (name: string): this
  /**
   * Sets a response trailer, computed once the body is written: the response then goes out chunked,
   * with a `Trailer` header. Throws FST_ERR_BAD_TRAILER_NAME / FST_ERR_BAD_TRAILER_VALUE.
   */
  trailer (key: string, fn: (reply: this, payload: string | Buffer | null, done: (err: Error | null, value?: string) => void) => void): this
  trailer (key: string, fn: (reply: this, payload: string | Buffer | null) => Promise<string>): this
  hasTrailer (key: string): boolean
  removeTrailer (key: string): this
  type (contentType: string): this
  serializer (fn: (payload: any) => string): this
  /** What `send()` would write for this payload, with the serializer of the current status and type. */
  serialize (payload: unknown): string
  /** The route's serializer for a status key (`200`, `'4xx'`, `'default'`), or the one compiled for a schema object. */
  getSerializationFunction (schemaOrStatus: number | string | object, contentType?: string): SerializerFunction | undefined
  compileSerializationSchema (schema: object, httpStatus?: number | string, contentType?: string): SerializerFunction
  serializeInput (data: unknown, status: number | string, contentType?: string): string
  serializeInput (data: unknown, schema: object, httpStatus?: number | string, contentType?: string): string
  send (payload?: Payload): this
  redirect (url: string, statusCode?: number): this
  redirect (statusCode: number, url: string): this
  /** Sends an HTTP/1 `103 Early Hints` (Node sends one only with a `link` hint); `callback` runs once it is written. */
  writeEarlyHints (hints: Record<string, string | string[]>, callback?: () => void): this
  /** A reply member by name (a decoration or a built-in), a function bound to the reply; FST_ERR_DEC_UNDECLARED when there is none. */
  getDecorator<T = unknown> (name: string | symbol): T
  callNotFound (): this
  hijack (): this
  /** @deprecated Use `reply.elapsedTime` (as in Fastify 4.29). */
  getResponseTime (): number
  statusText (): string | undefined
  then (fulfilled: () => void, rejected?: (error: Error) => void): void
}
