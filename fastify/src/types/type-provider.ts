import type { RouteGenericInterface } from './route.js'
import type { FastifySchema } from './schema.js'

/**
 * Fastify's type providers map a schema (`input`) to a type (`output`). Enclave infers TypeBox,
 * JSON Schema literals, Zod and other Standard Schemas without one, so a provider given through
 * `withTypeProvider<P>()` or a plugin type is accepted and changes nothing.
 */
export interface FastifyTypeProvider {
  readonly input: unknown
  readonly output: unknown
}

export interface FastifyTypeProviderDefault extends FastifyTypeProvider {}

/** What provider `F` maps schema `I` to. */
export type CallTypeProvider<F extends FastifyTypeProvider, I> = (F & { input: I })['output']

export type { FastifyRequestType, ResolveFastifyRequestType } from './request.js'
export type { FastifyReplyType } from './reply.js'

type NoKeys<T> = [T extends unknown ? keyof T : never] extends [never] ? true : false
/** The payload type of a route: the generic's `Reply`, else every response schema's type (through the provider), else `unknown`. */
export type ResolveFastifyReplyType<TypeProvider extends FastifyTypeProvider, SchemaCompiler extends FastifySchema, RouteGeneric extends RouteGenericInterface> =
  NoKeys<RouteGeneric['Reply']> extends true
    ? (SchemaCompiler extends { response: infer R } ? ([keyof R] extends [never] ? unknown : { [K in keyof R]: CallTypeProvider<TypeProvider, R[K]> }[keyof R]) : unknown)
    : RouteGeneric['Reply']
/** What a handler of such a route may return. */
export type ResolveFastifyReplyReturnType<TypeProvider extends FastifyTypeProvider, SchemaCompiler extends FastifySchema, RouteGeneric extends RouteGenericInterface> =
  ResolveFastifyReplyType<TypeProvider, SchemaCompiler, RouteGeneric> extends infer Return ? Return | void | Promise<Return | void> : unknown
