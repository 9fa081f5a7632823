// Types both Fastify faces (`@enclave/fastify4` and `@enclave/fastify`) declare alike: Fastify 4.29
// and 5.12 type these the same way, and none of them is an interface apps augment through
// `declare module 'fastify'`. Each face re-exports them under Fastify's names from its own
// modules; what differs between the faces (or what apps augment) each face declares itself.
import type * as http from 'node:http'
import type * as http2 from 'node:http2'
import type * as https from 'node:https'
import type { OutgoingHttpHeaders } from 'node:http'
import type { AjvCompilerOptions, AjvPlugin as EnclaveAjvPlugin } from '@enclave/ajv'
import type { Config as FindMyWayConfig, ConstraintStrategy as FindMyWayConstraintStrategy, HTTPVersion } from 'find-my-way'
import type { LoggerOptions } from 'pino'
import type { HttpPart } from './schema.js'
import type { InjectResponse } from './instance.js'

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

/** What `inject()` takes: light-my-request's options (Enclave's inject is light-my-request's). */
export interface InjectOptions {
  url?: string | { pathname: string, protocol?: string, hostname?: string, port?: string | number, query?: string | Record<string, string | string[]> }
  path?: string | { pathname: string, protocol?: string, hostname?: string, port?: string | number, query?: string | Record<string, string | string[]> }
  headers?: Record<string, string | string[] | number | undefined>
  query?: string | Record<string, string | string[]>
  simulate?: { end?: boolean, split?: boolean, error?: boolean, close?: boolean }
  authority?: string
  remoteAddress?: string
  method?: string
  validate?: boolean
  payload?: string | object | Buffer | NodeJS.ReadableStream
  body?: string | object | Buffer | NodeJS.ReadableStream
  server?: unknown
  cookies?: Record<string, string>
  signal?: AbortSignal
}

export type LightMyRequestResponse = InjectResponse
export type LightMyRequestCallback = (err: Error | undefined, response: LightMyRequestResponse | undefined) => void

/** The chain `inject()` returns when called without options. */
export interface LightMyRequestChain extends Promise<LightMyRequestResponse> {
  delete (url: string): LightMyRequestChain
  get (url: string): LightMyRequestChain
  head (url: string): LightMyRequestChain
  options (url: string): LightMyRequestChain
  patch (url: string): LightMyRequestChain
  post (url: string): LightMyRequestChain
  put (url: string): LightMyRequestChain
  trace (url: string): LightMyRequestChain
  body (body: InjectOptions['body']): LightMyRequestChain
  headers (headers: InjectOptions['headers']): LightMyRequestChain
  payload (payload: InjectOptions['payload']): LightMyRequestChain
  query (query: InjectOptions['query']): LightMyRequestChain
  cookies (query: InjectOptions['cookies']): LightMyRequestChain
  end (): Promise<LightMyRequestResponse>
  end (callback: LightMyRequestCallback): void
}

export interface FastifyRouteSchemaDef<T> {
  schema: T
  method: string
  url: string
  httpPart?: string
  httpStatus?: string
  contentType?: string
}

/** One validation failure, as Ajv reports it (an Ajv `ErrorObject` is one). */
export interface FastifySchemaValidationError {
  keyword: string
  instancePath: string
  schemaPath: string
  params: Record<string, unknown>
  message?: string
}
export interface FastifyValidationResult {
  (data: any): boolean | PromiseLike<any> | { error?: Error | unknown, value?: any }
  errors?: FastifySchemaValidationError[] | null
}

/** A validator compiler for schemas of type `T` (`setValidatorCompiler`, the `validatorCompiler` route option). */
export type FastifySchemaCompiler<T> = (routeSchema: FastifyRouteSchemaDef<T>) => FastifyValidationResult
export type FastifySerializerCompiler<T> = (routeSchema: FastifyRouteSchemaDef<T>) => (data: any) => string

export type SchemaErrorDataVar = HttpPart
export type SchemaErrorFormatter = (errors: FastifySchemaValidationError[], dataVar: SchemaErrorDataVar) => Error

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'
/** A log method, called as pino's are: an object to merge and/or a message with its format arguments. */
export interface FastifyLogFn {
  <T extends object> (obj: T, msg?: string, ...args: any[]): void
  (obj: unknown, msg?: string, ...args: any[]): void
  (msg: string, ...args: any[]): void
}

export interface FastifyLoggerStreamDestination {
  write (msg: string): void
}

export type PinoLoggerOptions = Record<string, unknown>
/**
 * pino's own `LoggerOptions`, key by key (Fastify 5 types its `logger` option with them): no index
 * signature, so an object is checked against pino's options rather than taken whole.
 */
export type PinoOwnLoggerOptions = LoggerOptions

/** What `child()` binds into every line of the child logger. */
export type Bindings = Record<string, unknown>
/** The options `child()` takes (pino's child options). */
export interface ChildLoggerOptions {
  level?: string
  serializers?: Record<string, (value: any) => unknown>
  redact?: string[] | { paths: string[], censor?: string | ((value: any, path: string[]) => any), remove?: boolean }
  msgPrefix?: string
}

/** What the `res` serializer receives: the reply, its status code always there. */
export type ResSerializerReply<_RawServer extends RawServerBase, RawReply extends { statusCode: number }> = Partial<RawReply> & Pick<RawReply, 'statusCode'>

export type ProtoAction = 'error' | 'remove' | 'ignore'
export type ConstructorAction = 'error' | 'remove' | 'ignore'

export type hasContentTypeParser = (contentType: string | RegExp) => boolean

// The content-type parser signatures both faces share, given the face's request type.
/** A body parser given `parseAs: 'string' | 'buffer'`: it receives the whole body. */
export type BodyParserFor<Request, RawBody extends string | Buffer> =
  ((request: Request, rawBody: RawBody, done: (err: Error | null, body?: any) => void) => void)
  | ((request: Request, rawBody: RawBody) => Promise<any>)
/** A body parser reading the raw request stream itself. */
export type ContentTypeParserFor<Request, RawRequest> =
  ((request: Request, payload: RawRequest) => Promise<any>)
  | ((request: Request, payload: RawRequest, done: (err: Error | null, body?: any) => void) => void)
/** `addContentTypeParser`: a stream parser, or a whole-body one with `parseAs`. */
export interface AddContentTypeParserFor<Request, RawRequest> {
  (contentType: string | string[] | RegExp, opts: { bodyLimit?: number }, parser: ContentTypeParserFor<Request, RawRequest>): void
  (contentType: string | string[] | RegExp, parser: ContentTypeParserFor<Request, RawRequest>): void
  <parseAs extends string | Buffer>(contentType: string | string[] | RegExp, opts: { parseAs: parseAs extends Buffer ? 'buffer' : 'string', bodyLimit?: number },
    parser: BodyParserFor<Request, parseAs>): void
}
export type removeContentTypeParser = (contentType: string | RegExp | Array<string | RegExp>) => void
export type removeAllContentTypeParsers = () => void

/** The `serverFactory` option: builds the server from Fastify's request handler. */
export type FastifyServerFactoryHandler<
  RawServer extends RawServerBase = RawServerDefault,
  RawRequest extends RawRequestDefaultExpression<RawServer> = RawRequestDefaultExpression<RawServer>,
  RawReply extends RawReplyDefaultExpression<RawServer> = RawReplyDefaultExpression<RawServer>
> = (request: RawRequest, reply: RawReply) => void
export interface FastifyServerFactory<RawServer extends RawServerBase = RawServerDefault> {
  (handler: FastifyServerFactoryHandler<RawServer>, opts: Record<string, unknown>): RawServer
}

export interface ConnectionError extends Error {
  code: string
  bytesParsed: number
  rawPacket: { type: string, data: number[] }
}
export type ValidationResult = FastifySchemaValidationError

/** The find-my-way router version a server type routes with (HTTP/2 servers get HTTP/2 requests). */
export type FindMyWayVersion<RawServer extends RawServerBase> = RawServer extends http.Server ? HTTPVersion.V1 : HTTPVersion.V2
/** find-my-way's router settings and constraint strategies, typed for the requests of a router version. */
export type { FindMyWayConfig, FindMyWayConstraintStrategy }

/** The Ajv 8 instance the default validator compiler creates, which `onCreate` and Ajv plugins receive. */
export type Ajv = Parameters<EnclaveAjvPlugin>[0]
/** Ajv's own options, which `customOptions` hands to it. */
export type AjvOptions = NonNullable<AjvCompilerOptions['customOptions']>
/** An Ajv plugin (`ajv-formats` …), as Ajv types one: it receives the instance and returns it. */
export type AjvPlugin = (ajv: Ajv, options?: any) => Ajv
export type * from './fastify-face-hooks.js'
