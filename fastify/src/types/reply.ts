import type { EnclaveReply, ReplyPayload, ReplyTable } from '@enclave/core'
import type { FastifyReplyContext } from './context.js'
import type { FastifyInstance } from './instance.js'
import type { FastifyBaseLogger } from './logger.js'
import type { FastifyRequest } from './request.js'
import type { RouteGenericInterface } from './route.js'
import type { FastifySchema } from './schema.js'
import type { CallTypeProvider, FastifyTypeProvider, FastifyTypeProviderDefault, ResolveFastifyReplyType } from './type-provider.js'
import type { CodeToReplyKey, HttpHeader, ReplyKeysToCodes, StatusCodeReply, ContextConfigDefault, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerBase, RawServerDefault } from './utils.js'

export interface ReplyGenericInterface {
  Reply?: unknown
}

export type FastifyReplyType<Reply = unknown> = Reply

/**
 * Fastify v4's reply: Enclave's reply under Fastify's name and type parameters. Its payloads are
 * checked against the route generic's `Reply` or the response schema, as Enclave's are. An
 * interface, so `declare module 'fastify' { interface FastifyReply { … } }` adds to it.
 */
export interface FastifyReply<
  RawServer extends RawServerBase = RawServerDefault,
  RawRequest extends RawRequestDefaultExpression<RawServer> = RawRequestDefaultExpression<RawServer>,
  RawReply extends RawReplyDefaultExpression<RawServer> = RawReplyDefaultExpression<RawServer>,
  RouteGeneric extends RouteGenericInterface = RouteGenericInterface,
  ContextConfig = ContextConfigDefault,
  SchemaCompiler extends FastifySchema = FastifySchema,
  TypeProvider extends FastifyTypeProvider = FastifyTypeProviderDefault,
  ReplyType extends FastifyReplyType = unknown
> extends EnclaveReply<RouteGeneric, ReplyTable<RouteGeneric, SchemaCompiler>, ReplyPayload<ReplyTable<RouteGeneric, SchemaCompiler>, unknown>, {}, RawReply> {
  readonly server: FastifyInstance
  request: FastifyRequest
  log: FastifyBaseLogger
  getHeader (key: HttpHeader): number | string | string[] | undefined
  getHeaders (): Record<HttpHeader, number | string | string[] | undefined>
  /** @deprecated Use `request.routeOptions.config` (reading it warns FSTDEP019, as in Fastify 4.29). */
  context: FastifyReplyContext<ContextConfig>
  /** As in Fastify v4, the reply itself, keeping what apps and plugins added to `FastifyReply`. */
  code<Code extends number> (statusCode: Code): this & EnclaveReply<RouteGeneric, ReplyTable<RouteGeneric, SchemaCompiler>, ReplyPayload<ReplyTable<RouteGeneric, SchemaCompiler>, Code>, {}, RawReply>
  status<Code extends number> (statusCode: Code): this & EnclaveReply<RouteGeneric, ReplyTable<RouteGeneric, SchemaCompiler>, ReplyPayload<ReplyTable<RouteGeneric, SchemaCompiler>, Code>, {}, RawReply>
}

type ReplyForCode<Map, Code extends number> =
  Code extends keyof Map ? Map[Code] : CodeToReplyKey<Code> extends keyof Map ? Map[CodeToReplyKey<Code>] : unknown
/** The payload a route's reply takes once `code(Code)` is set: the response schema's for that code, else the generic's entry. */
export type ResolveReplyTypeWithRouteGeneric<RouteGenericReply, Code extends ReplyKeysToCodes<keyof RouteGenericReply>,
  SchemaCompiler extends FastifySchema = FastifySchema, TypeProvider extends FastifyTypeProvider = FastifyTypeProviderDefault> =
  SchemaCompiler extends { response: infer R } ? Code extends keyof R ? CallTypeProvider<TypeProvider, R[Code]>
    : ResolveFastifyReplyType<TypeProvider, SchemaCompiler, { Reply: RouteGenericReply extends StatusCodeReply ? ReplyForCode<RouteGenericReply, Code> : RouteGenericReply }>
    : ResolveFastifyReplyType<TypeProvider, SchemaCompiler, { Reply: RouteGenericReply extends StatusCodeReply ? ReplyForCode<RouteGenericReply, Code> : RouteGenericReply }>
