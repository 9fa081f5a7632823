import type { EnclaveReply } from '@enclave/core'
import type { FastifyInstance } from './instance.js'
import type { FastifyBaseLogger } from './logger.js'
import type { FastifyRequest, RequestRouteOptions } from './request.js'
import type { RouteGenericInterface } from './route.js'
import type { FastifySchema } from './schema.js'
import type { CallSerializerTypeProvider, FastifyTypeProvider, FastifyTypeProviderDefault, ResolveFastifyReplyType, SendArgs } from './type-provider.js'
import type { CodeToReplyKey, HttpHeader, HttpKeys, ReplyKeysToCodes, StatusCodeReply, ContextConfigDefault, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerBase, RawServerDefault } from './utils.js'

export interface ReplyGenericInterface {
  Reply?: unknown
}

export type FastifyReplyType<Reply = unknown> = Reply

/** Reply members Fastify 5.12 types its own way (they return Fastify's reply type, not `this`), declared below. */
type RetypedReplyMembers =
  | 'raw' | 'request' | 'server' | 'log' | 'code' | 'status' | 'send' | 'header' | 'headers' | 'getHeader' | 'getHeaders'
  | 'removeHeader' | 'redirect' | 'hijack' | 'callNotFound' | 'type' | 'serializer' | 'serialize' | 'then' | 'trailer' | 'removeTrailer'
  | 'writeEarlyHints' | 'routeOptions'
  // In Fastify 5.12's documentation, not in its types.
  | 'mediaType'
  // Removed in Fastify 5: `reply.elapsedTime` replaces it.
  | 'getResponseTime'

/**
 * Fastify v5's reply, typed as Fastify 5.12 types it over the reply object Enclave creates. The route
 * generic comes first (v5's order). `send()` takes the route's `ReplyType` (the generic's `Reply`,
 * else the union of the response schemas' types through the type provider's `serializer`), required
 * once that type is known; `code()` takes the response schema's status codes and narrows the
 * payload to that status's entry. An interface, so `declare module 'fastify' { interface FastifyReply { … } }` adds to it.
 */
export interface FastifyReply<
  RouteGeneric extends RouteGenericInterface = RouteGenericInterface,
  RawServer extends RawServerBase = RawServerDefault,
  RawRequest extends RawRequestDefaultExpression<RawServer> = RawRequestDefaultExpression<RawServer>,
  RawReply extends RawReplyDefaultExpression<RawServer> = RawReplyDefaultExpression<RawServer>,
  ContextConfig = ContextConfigDefault,
  SchemaCompiler extends FastifySchema = FastifySchema,
  TypeProvider extends FastifyTypeProvider = FastifyTypeProviderDefault,
  ReplyType extends FastifyReplyType = ResolveFastifyReplyType<TypeProvider, SchemaCompiler, RouteGeneric>
> extends Omit<EnclaveReply<RouteGeneric, any, unknown, {}, RawReply>, RetypedReplyMembers> {
  raw: RawReply
  request: FastifyRequest<RouteGeneric, RawServer, RawRequest, SchemaCompiler, TypeProvider>
  readonly server: FastifyInstance
  log: FastifyBaseLogger
  /** The options of the route this reply answers (as `request.routeOptions`). */
  readonly routeOptions: Readonly<RequestRouteOptions<ContextConfig, SchemaCompiler>>
  code<Code extends ReplyCodes<RouteGeneric, SchemaCompiler>> (statusCode: Code): FastifyReply<RouteGeneric, RawServer, RawRequest, RawReply, ContextConfig, SchemaCompiler, TypeProvider, ResolveReplyTypeWithRouteGeneric<RouteGeneric['Reply'], Code, SchemaCompiler, TypeProvider>>
  status<Code extends ReplyCodes<RouteGeneric, SchemaCompiler>> (statusCode: Code): FastifyReply<RouteGeneric, RawServer, RawRequest, RawReply, ContextConfig, SchemaCompiler, TypeProvider, ResolveReplyTypeWithRouteGeneric<RouteGeneric['Reply'], Code, SchemaCompiler, TypeProvider>>
  send (...args: SendArgs<ReplyType>): FastifyReply<RouteGeneric, RawServer, RawRequest, RawReply, ContextConfig, SchemaCompiler, TypeProvider>
  header (key: HttpHeader, value: any): FastifyReply<RouteGeneric, RawServer, RawRequest, RawReply, ContextConfig, SchemaCompiler, TypeProvider>
  headers (values: Partial<Record<HttpHeader, number | string | string[] | undefined>>): FastifyReply<RouteGeneric, RawServer, RawRequest, RawReply, ContextConfig, SchemaCompiler, TypeProvider>
  getHeader (key: HttpHeader): number | string | string[] | undefined
  getHeaders (): Record<HttpHeader, number | string | string[] | undefined>
  removeHeader (key: HttpHeader): FastifyReply<RouteGeneric, RawServer, RawRequest, RawReply, ContextConfig, SchemaCompiler, TypeProvider>
  redirect (url: string, statusCode?: number): FastifyReply<RouteGeneric, RawServer, RawRequest, RawReply, ContextConfig, SchemaCompiler, TypeProvider>
  /** Sends a 103 Early Hints response before the final one. */
  writeEarlyHints (hints: Record<string, string | string[]>, callback?: () => void): void
  hijack (): FastifyReply<RouteGeneric, RawServer, RawRequest, RawReply, ContextConfig, SchemaCompiler, TypeProvider>
  callNotFound (): void
  type (contentType: string): FastifyReply<RouteGeneric, RawServer, RawRequest, RawReply, ContextConfig, SchemaCompiler, TypeProvider>
  serializer (fn: (payload: any) => string): FastifyReply<RouteGeneric, RawServer, RawRequest, RawReply, ContextConfig, SchemaCompiler, TypeProvider>
  /** What `send()` would write for this payload (a string with the default serializers). */
  serialize (payload: any): string | ArrayBuffer | Buffer
  then (fulfilled: () => void, rejected: (err: Error) => void): void
  /** A trailer's value from an async function, or passed to `done`. */
  trailer: (
    key: string,
    fn: ((reply: FastifyReply<RouteGeneric, RawServer, RawRequest, RawReply, ContextConfig, SchemaCompiler, TypeProvider>, payload: string | Buffer | null) => Promise<string>)
      | ((reply: FastifyReply<RouteGeneric, RawServer, RawRequest, RawReply, ContextConfig, SchemaCompiler, TypeProvider>, payload: string | Buffer | null, done: (err: Error | null, value?: string) => void) => void)
  ) => FastifyReply<RouteGeneric, RawServer, RawRequest, RawReply, ContextConfig, SchemaCompiler, TypeProvider>
  removeTrailer (key: string): FastifyReply<RouteGeneric, RawServer, RawRequest, RawReply, ContextConfig, SchemaCompiler, TypeProvider>
}

/** The codes `code()` takes: the response schema's when it lists some the generic allows, else the generic's `Reply` keys (any status without them). */
type ReplyCodes<RouteGeneric extends RouteGenericInterface, SchemaCompiler extends FastifySchema> =
  keyof SchemaCompiler['response'] extends never ? ReplyKeysToCodes<keyof RouteGeneric['Reply']>
    : keyof SchemaCompiler['response'] extends ReplyKeysToCodes<keyof RouteGeneric['Reply']> ? keyof SchemaCompiler['response']
      : ReplyKeysToCodes<keyof RouteGeneric['Reply']>

/**
 * A `Reply` generic keyed by status codes only (`{ 200: A, '4xx': B }`) gives the entry for `Code`
 * (`unknown` when it has none); any other `Reply` stands for every status.
 */
type ReplyAtStatus<Reply, Code extends number> =
  Reply extends StatusCodeReply & Record<Exclude<keyof Reply, HttpKeys>, never> ? ReplyForCode<Reply, Code> : Reply
type ReplyForCode<Map, Code extends number> =
  Code extends keyof Map ? Map[Code] : CodeToReplyKey<Code> extends keyof Map ? Map[CodeToReplyKey<Code>] : unknown
/** The payload a route's reply takes once `code(Code)` is set: the response schema's for that code, else the generic's entry. */
export type ResolveReplyTypeWithRouteGeneric<RouteGenericReply, Code extends ReplyKeysToCodes<keyof RouteGenericReply>,
  SchemaCompiler extends FastifySchema = FastifySchema, TypeProvider extends FastifyTypeProvider = FastifyTypeProviderDefault> =
  SchemaCompiler extends { response: infer R } ? Code extends keyof R ? CallSerializerTypeProvider<TypeProvider, R[Code]>
    : ResolveFastifyReplyType<TypeProvider, SchemaCompiler, { Reply: ReplyAtStatus<RouteGenericReply, Code> }>
    : ResolveFastifyReplyType<TypeProvider, SchemaCompiler, { Reply: ReplyAtStatus<RouteGenericReply, Code> }>
