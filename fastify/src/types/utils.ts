import type * as http from 'node:http'
import type * as http2 from 'node:http2'
import type * as https from 'node:https'
import type { OutgoingHttpHeaders } from 'node:http'

/** The servers Fastify's types are parameterised over. Enclave serves HTTP/1.1 (and HTTPS). */
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

type MethodName = 'delete' | 'get' | 'head' | 'patch' | 'post' | 'put' | 'options' | 'query' |
  'propfind' | 'proppatch' | 'mkcol' | 'copy' | 'move' | 'lock' | 'unlock' | 'trace' | 'search' | 'report' | 'mkcalendar'
/** `T`'s literals offered by editors, while any value of their primitive type is accepted. */
export type Autocomplete<T> = T | ((T extends string ? string : T extends number ? number : T extends boolean ? boolean : never) & Record<never, never>)
/**
 * The method names a route may be declared with: Fastify 5's list in upper or lower case, or any
 * other name (a method added by `addHttpMethod`).
 */
export type HTTPMethods = Autocomplete<Uppercase<MethodName> | Lowercase<MethodName>>

export type ContextConfigDefault = unknown
export type RequestBodyDefault = unknown
export type RequestQuerystringDefault = unknown
export type RequestParamsDefault = unknown
export type RequestHeadersDefault = unknown
export type ReplyDefault = unknown

type StatusNumber<T extends string> = T extends `${infer N extends number}` ? N : never
type StatusClass = 1 | 2 | 3 | 4 | 5
type StatusDigit = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9
type HttpCodes = StatusNumber<`${StatusClass}${StatusDigit}${StatusDigit}`>
/** The keys a reply map may use: a status code or a class (`'2xx'`). */
export type HttpKeys = HttpCodes | `${StatusDigit}xx`
export type StatusCodeReply = { [Key in HttpKeys]?: unknown }
/** The status codes `code()` accepts for a reply map's keys (`number` when the map gives none). */
export type ReplyKeysToCodes<Key> = [Key] extends [never] ? number
  : Key extends HttpCodes ? Key
    : Key extends `${infer C extends StatusClass}xx` ? StatusNumber<`${C}${StatusDigit}${StatusDigit}`> : number
/** The class key (`'4xx'`) a status code falls under. */
export type CodeToReplyKey<Code extends number> = `${Code}` extends `${infer First extends StatusClass}${number}` ? `${First}xx` : never
export type RecordKeysToLowercase<Input> = Input extends Record<string, unknown>
  ? { [Key in keyof Input as Key extends string ? Lowercase<Key> : Key]: Input[Key] }
  : Input
/** A header name: the ones Node knows, or any string. */
export type HttpHeader = keyof OutgoingHttpHeaders | (string & Record<never, never>)
