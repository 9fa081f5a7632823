import type { InferSchema } from '@enclave/core'
import type { RouteGenericInterface } from './route.js'
import type { FastifySchema } from './schema.js'
import type { RecordKeysToLowercase } from './utils.js'

/**
 * Fastify's type providers map a schema (`input`) to a type (`output`). As in Fastify 4.29, a
 * route's request parts and replies are typed from its route generic (`Body`, `Reply` …), else
 * from its schemas through the instance's provider (`withTypeProvider<P>()`), else `unknown`:
 * the default provider maps every schema to `unknown`.
 */
export interface FastifyTypeProvider {
  readonly input: unknown
  readonly output: unknown
}

export interface FastifyTypeProviderDefault extends FastifyTypeProvider {}

/**
 * Enclave's own inference as a type provider: `fastify().withTypeProvider<EnclaveTypeProvider>()`
 * types routes from JSON Schema literals (no `as const` needed), TypeBox, Zod and any Standard
 * Schema, as `enclave()` does without a provider.
 */
export interface EnclaveTypeProvider extends FastifyTypeProvider {
  readonly output: InferSchema<this['input']>
}

/** What provider `F` maps schema `I` to. */
export type CallTypeProvider<F extends FastifyTypeProvider, I> = (F & { input: I })['output']

export type { FastifyRequestType, ResolveFastifyRequestType } from './request.js'
export type { FastifyReplyType } from './reply.js'

/** `undefined` (a part nothing types) reads as `unknown`. */
type UnknownIfUndefined<T> = [T] extends [undefined] ? unknown : T
/** The keys of every member of a union (`never` for `unknown`, which is what an absent generic part is). */
type KeysOfEach<T> = T extends unknown ? keyof T : never
/** The generic's part when it gives one, else what the provider makes of the schema's part (its names lower-cased for headers). */
export type GenericOrProvided<Given, Schema, TypeProvider extends FastifyTypeProvider, Names extends 'as-is' | 'lowercase' = 'as-is'> =
  UnknownIfUndefined<[KeysOfEach<Given>] extends [never]
    ? (Names extends 'lowercase' ? RecordKeysToLowercase<CallTypeProvider<TypeProvider, Schema>> : CallTypeProvider<TypeProvider, Schema>)
    : Given>

/** A response entry's type: the provider's for its schema, or the union over its media types (`content`). */
type ProvidedResponse<TypeProvider extends FastifyTypeProvider, Entry> =
  Entry extends { content: { [mediaType: string]: { schema: unknown } } }
    ? { [Media in keyof Entry['content']]: CallTypeProvider<TypeProvider, Entry['content'][Media]['schema']> }[keyof Entry['content']]
    : CallTypeProvider<TypeProvider, Entry>
/** The union of every response schema's type. */
type ProvidedResponses<TypeProvider extends FastifyTypeProvider, SchemaCompiler extends FastifySchema> =
  { [Status in keyof SchemaCompiler['response']]: ProvidedResponse<TypeProvider, SchemaCompiler['response'][Status]> } extends infer ByStatus
    ? ByStatus[keyof ByStatus]
    : unknown

/** The payload type of a route: the generic's `Reply`, else the union of every response schema's type (through the provider), else `unknown`. */
export type ResolveFastifyReplyType<TypeProvider extends FastifyTypeProvider, SchemaCompiler extends FastifySchema, RouteGeneric extends RouteGenericInterface> =
  UnknownIfUndefined<[KeysOfEach<RouteGeneric['Reply']>] extends [never] ? ProvidedResponses<TypeProvider, SchemaCompiler> : RouteGeneric['Reply']>

/** What a handler of such a route may return: that payload, nothing, or a promise of either. */
export type ResolveFastifyReplyReturnType<TypeProvider extends FastifyTypeProvider, SchemaCompiler extends FastifySchema, RouteGeneric extends RouteGenericInterface> =
  ResolveFastifyReplyType<TypeProvider, SchemaCompiler, RouteGeneric> extends infer Return ? Return | void | Promise<Return | void> : unknown
