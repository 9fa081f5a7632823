import type { InferSchema } from '@enclave/core'
import type { RouteGenericInterface } from './route.js'
import type { FastifySchema } from './schema.js'
import type { HttpKeys, RecordKeysToLowercase } from './utils.js'

/**
 * Fastify 5's type providers map a schema (`schema`) to two types: what validation lets through
 * (`validator`, which types the request's parts) and what the serializer takes (`serializer`,
 * which types the reply's payload). A route's request parts and replies are typed from its route
 * generic (`Body`, `Reply` …), else from its schemas through the instance's provider
 * (`withTypeProvider<P>()`), else `unknown`: the default provider maps every schema to `unknown`.
 */
export interface FastifyTypeProvider {
  readonly schema: unknown
  readonly validator: unknown
  readonly serializer: unknown
}

export interface FastifyTypeProviderDefault extends FastifyTypeProvider {}

/**
 * Enclave's own inference as a type provider: `fastify().withTypeProvider<EnclaveTypeProvider>()`
 * types routes from JSON Schema literals (no `as const` needed), TypeBox, Zod and any Standard
 * Schema, as `enclave()` does without a provider.
 */
export interface EnclaveTypeProvider extends FastifyTypeProvider {
  readonly validator: InferSchema<this['schema']>
  readonly serializer: InferSchema<this['schema']>
}

/** What provider `F` lets through validation for schema `S` (a request part's type). */
export type CallValidatorTypeProvider<F extends FastifyTypeProvider, S> = (F & { schema: S })['validator']
/** What provider `F`'s serializer takes for schema `S` (a reply payload's type). */
export type CallSerializerTypeProvider<F extends FastifyTypeProvider, S> = (F & { schema: S })['serializer']

/**
 * A promise-like that may be left un-awaited (what `ready()`, `after()` and `register()` return):
 * the brand tells linters' floating-promise rules so.
 */
export type SafePromiseLike<T> = PromiseLike<T> & { __linterBrands: 'SafePromiseLike' }

/** `send()`'s arguments: the payload is required once the route's reply type is known and not empty. */
export type SendArgs<ReplyType> = unknown extends ReplyType ? [payload?: ReplyType]
  : [ReplyType] extends [undefined | void] ? [payload?: ReplyType] : [payload: ReplyType]

export type { FastifyRequestType, ResolveFastifyRequestType } from './request.js'
export type { FastifyReplyType } from './reply.js'

/** `undefined` (a part nothing types) reads as `unknown`. */
type UnknownIfUndefined<T> = [T] extends [undefined] ? unknown : T
/** The keys of every member of a union (`never` for `unknown`, which is what an absent generic part is). */
type KeysOfEach<T> = T extends unknown ? keyof T : never
/** The generic's part when it gives one, else what the provider makes of the schema's part (its names lower-cased for headers). */
export type GenericOrProvided<Given, Schema, TypeProvider extends FastifyTypeProvider> =
  UnknownIfUndefined<[KeysOfEach<Given>] extends [never] ? CallValidatorTypeProvider<TypeProvider, Schema> : Given>

/** A response entry's type: the provider's for its schema, or the union over its media types (`content`). */
type ProvidedResponse<TypeProvider extends FastifyTypeProvider, Entry> =
  Entry extends { content: { [mediaType: string]: { schema: unknown } } }
    ? { [Media in keyof Entry['content']]: CallSerializerTypeProvider<TypeProvider, Entry['content'][Media]['schema']> }[keyof Entry['content']]
    : CallSerializerTypeProvider<TypeProvider, Entry>
/** The union of every response schema's type. */
type ProvidedResponses<TypeProvider extends FastifyTypeProvider, SchemaCompiler extends FastifySchema> =
  { [Status in keyof SchemaCompiler['response']]: ProvidedResponse<TypeProvider, SchemaCompiler['response'][Status]> } extends infer ByStatus
    ? ByStatus[keyof ByStatus]
    : unknown

/** The payload type of a route: the generic's `Reply`, else the union of every response schema's type (through the provider), else `unknown`. */
export type ResolveFastifyReplyType<TypeProvider extends FastifyTypeProvider, SchemaCompiler extends FastifySchema, RouteGeneric extends RouteGenericInterface> =
  UnknownIfUndefined<[KeysOfEach<RouteGeneric['Reply']>] extends [never] ? ProvidedResponses<TypeProvider, SchemaCompiler> : RouteGeneric['Reply']>

/** A generic's `Reply` keyed by status codes stands for each entry as well as the map. */
type GenericReplyReturn<RouteGeneric extends RouteGenericInterface> =
  RouteGeneric extends { Reply: infer Return } ? keyof Return extends HttpKeys ? Return[keyof Return] | Return : Return : unknown
/** What a handler of such a route may return: that payload (any entry of a generic's status map), nothing, or a promise of either. */
export type ResolveFastifyReplyReturnType<TypeProvider extends FastifyTypeProvider, SchemaCompiler extends FastifySchema, RouteGeneric extends RouteGenericInterface> =
  ResolveFastifyReplyType<TypeProvider, SchemaCompiler, RouteGeneric> extends infer ReplyType
    ? RouteGeneric['Reply'] extends ReplyType
      ? GenericReplyReturn<RouteGeneric> extends infer Return ? Return | void | Promise<Return | void> : unknown
      : ReplyType | void | Promise<ReplyType | void>
    : unknown
