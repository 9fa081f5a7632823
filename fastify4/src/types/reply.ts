import type { EnclaveReply } from '@enclave/core'
import type { FastifyReplyContext } from './context.js'
import type { FastifyInstance } from './instance.js'
import type { FastifyBaseLogger } from './logger.js'
import type { FastifyRequest } from './request.js'
import type { RouteGenericInterface } from './route.js'
import type { FastifySchema } from './schema.js'
import type { CallTypeProvider, FastifyTypeProvider, FastifyTypeProviderDefault, ResolveFastifyReplyType } from './type-provider.js'
import type { CodeToReplyKey, HttpHeader, HttpKeys, ReplyKeysToCodes, StatusCodeReply, ContextConfigDefault, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerBase, RawServerDefault } from './utils.js'

export interface ReplyGenericInterface {
  Reply?: unknown
}

export type FastifyReplyType<Reply = unknown> = Reply

/** Reply members Fastify 4.29 types its own way (they return Fastify's reply type, not `this`), declared below. */
type RetypedReplyMembers =
  | 'raw' | 'request' | 'server' | 'log' | 'code' | 'status' | 'send' | 'header' | 'headers' | 'getHeader' | 'getHeaders'
  | 'removeHeader' | 'redirect' | 'hijack' | 'callNotFound' | 'type' | 'serializer' | 'serialize' | 'then' | 'trailer' | 'removeTrailer'
  // Fastify 5's: not on a Fastify 4.29 reply.
  | 'routeOptions' | 'mediaType'

/**
 * Fastify v4's reply, typed as Fastify 4.29 types it over the reply object Enclave creates: `send()`
 * takes the route's `ReplyType` (the generic's `Reply`, else the union of the response schemas'
 * types through the type provider, else anything), and `code()` narrows it to that status's entry.
 * An interface, so `declare module 'fastify' { interface FastifyReply { … } }` adds to it.
 */
export interface FastifyReply<
  RawServer extends RawServerBase = RawServerDefault,
  RawRequest extends RawRequestDefaultExpression<RawServer> = RawRequestDefaultExpression<RawServer>,
  RawReply extends RawReplyDefaultExpression<RawServer> = RawReplyDefaultExpression<RawServer>,
  RouteGeneric extends RouteGenericInterface = RouteGenericInterface,
  ContextConfig = ContextConfigDefault,
  SchemaCompiler extends FastifySchema = FastifySchema,
  TypeProvider extends FastifyTypeProvider = FastifyTypeProviderDefault,
  ReplyType extends FastifyReplyType = ResolveFastifyReplyType<TypeProvider, SchemaCompiler, RouteGeneric>
> extends Omit<EnclaveReply<RouteGeneric, any, unknown, {}, RawReply>, RetypedReplyMembers> {
  raw: RawReply
  request: FastifyRequest<RouteGeneric, RawServer, RawRequest, SchemaCompiler, TypeProvider>
  readonly server: FastifyInstance
  log: FastifyBaseLogger
  /** @deprecated Use `request.routeOptions.config` (reading it warns FSTDEP019, as in Fastify 4.29). */
  context: FastifyReplyContext<ContextConfig>
  code<Code extends ReplyKeysToCodes<keyof RouteGeneric['Reply']>> (statusCode: Code): FastifyReply<RawServer, RawRequest, RawReply, RouteGeneric, ContextConfig, SchemaCompiler, TypeProvider, ResolveReplyTypeWithRouteGeneric<RouteGeneric['Reply'], Code, SchemaCompiler, TypeProvider>>
  status<Code extends ReplyKeysToCodes<keyof RouteGeneric['Reply']>> (statusCode: Code): FastifyReply<RawServer, RawRequest, RawReply, RouteGeneric, ContextConfig, SchemaCompiler, TypeProvider, ResolveReplyTypeWithRouteGeneric<RouteGeneric['Reply'], Code, SchemaCompiler, TypeProvider>>
  send (payload?: ReplyType): FastifyReply<RawServer, RawRequest, RawReply, RouteGeneric, ContextConfig, SchemaCompiler, TypeProvider>
  header (key: HttpHeader, value: any): FastifyReply<RawServer, RawRequest, RawReply, RouteGeneric, ContextConfig, SchemaCompiler, TypeProvider>
  headers (values: Partial<Record<HttpHeader, number | string | string[] | undefined>>): FastifyReply<RawServer, RawRequest, RawReply, RouteGeneric, ContextConfig, SchemaCompiler, TypeProvider>
  getHeader (key: HttpHeader): number | string | string[] | undefined
  getHeaders (): Record<HttpHeader, number | string | string[] | undefined>
  removeHeader (key: HttpHeader): FastifyReply<RawServer, RawRequest, RawReply, RouteGeneric, ContextConfig, SchemaCompiler, TypeProvider>
  redirect (statusCode: number, url: string): FastifyReply<RawServer, RawRequest, RawReply, RouteGeneric, ContextConfig, SchemaCompiler, TypeProvider>
  redirect (url: string, statusCode?: number): FastifyReply<RawServer, RawRequest, RawReply, RouteGeneric, ContextConfig, SchemaCompiler, TypeProvider>
  hijack (): FastifyReply<RawServer, RawRequest, RawReply, RouteGeneric, ContextConfig, SchemaCompiler, TypeProvider>
  callNotFound (): void
  type (contentType: string): FastifyReply<RawServer, RawRequest, RawReply, RouteGeneric, ContextConfig, SchemaCompiler, TypeProvider>
  serializer (fn: (payload: any) => string): FastifyReply<RawServer, RawRequest, RawReply, RouteGeneric, ContextConfig, SchemaCompiler, TypeProvider>
  /** What `send()` would write for this payload (a string with the default serializers). */
  serialize (payload: any): string | ArrayBuffer | Buffer
  then (fulfilled: () => void, rejected: (err: Error) => void): void
  /** A trailer's value from an async function, or passed to `done`. */
  trailer: (
    key: string,
    fn: ((reply: FastifyReply<RawServer, RawRequest, RawReply, RouteGeneric, ContextConfig, SchemaCompiler, TypeProvider>, payload: string | Buffer | null) => Promise<string>)
      | ((reply: FastifyReply<RawServer, RawRequest, RawReply, RouteGeneric, ContextConfig, SchemaCompiler, TypeProvider>, payload: string | Buffer | null, done: (err: Error | null, value?: string) => void) => void)
  ) => FastifyReply<RawServer, RawRequest, RawReply, RouteGeneric, ContextConfig, SchemaCompiler, TypeProvider>
  removeTrailer (key: string): FastifyReply<RawServer, RawRequest, RawReply, RouteGeneric, ContextConfig, SchemaCompiler, TypeProvider>
}

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
  SchemaCompiler extends { response: infer R } ? Code extends keyof R ? CallTypeProvider<TypeProvider, R[Code]>
    : ResolveFastifyReplyType<TypeProvider, SchemaCompiler, { Reply: ReplyAtStatus<RouteGenericReply, Code> }>
    : ResolveFastifyReplyType<TypeProvider, SchemaCompiler, { Reply: ReplyAtStatus<RouteGenericReply, Code> }>
