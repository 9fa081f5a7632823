import type * as http from 'node:http'
import type * as http2 from 'node:http2'
import type * as https from 'node:https'

/** The servers Fastify v4's types are parameterised over. Enclave serves HTTP/1.1 (and HTTPS). */
export type RawServerBase = http.Server | https.Server | http2.Http2Server | http2.Http2SecureServer
export type RawServerDefault = http.Server

/** The raw request and response objects a server of type `RawServer` hands over. */
export type RawRequestDefaultExpression<RawServer extends RawServerBase = RawServerDefault> =
  RawServer extends http.Server | https.Server ? http.IncomingMessage
    : RawServer extends http2.Http2Server | http2.Http2SecureServer ? http2.Http2ServerRequest
      : never
export type RawReplyDefaultExpression<RawServer extends RawServerBase = RawServerDefault> =
  RawServer extends http.Server | https.Server ? http.ServerResponse
    : RawServer extends http2.Http2Server | http2.Http2SecureServer ? http2.Http2ServerResponse
      : never

type MethodName = 'delete' | 'get' | 'head' | 'patch' | 'post' | 'put' | 'options' |
  'propfind' | 'proppatch' | 'mkcol' | 'copy' | 'move' | 'lock' | 'unlock' | 'trace' | 'search' | 'report' | 'mkcalendar'
/** The method names a route may be declared with, in either case (Fastify v4's list). */
export type HTTPMethods = Uppercase<MethodName> | Lowercase<MethodName>

export type ContextConfigDefault = unknown
export type RequestBodyDefault = unknown
export type RequestQuerystringDefault = unknown
export type RequestParamsDefault = unknown
export type RequestHeadersDefault = unknown
export type ReplyDefault = unknown
