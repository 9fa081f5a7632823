import type { IncomingHttpHeaders } from 'node:http'
import type { InferEntry, LowercaseKeys } from './schema-inference.js'

/**
 * Types for the parts of a route, given explicitly (`app.get<{ Querystring: Q }>(…)`); Fastify's
 * RouteGenericInterface. A part given here wins over the route's schema; a part left out is typed
 * from the schema. `Reply` is one type for every status, or a map by status (`{ 200: A, '4xx': B }`).
 */
export interface RouteGeneric {
  Body?: unknown
  Querystring?: unknown
  Params?: unknown
  Headers?: unknown
  Reply?: unknown
}

/**
 * The shape a route schema may take. Every part is `unknown` to the constraint, so a JSON Schema
 * literal, a Zod/Yup/Joi/Standard/TypeBox schema and the shorthand are all accepted as written, and
 * the keys the OpenAPI tools read (`summary`, `tags` …) pass through.
 */
export interface RouteSchema {
  body?: unknown
  querystring?: unknown
  query?: unknown
  params?: unknown
  headers?: unknown
  response?: unknown
  [keyword: string]: unknown
}

/** `G[K]` when the generic gives it (and not as `unknown`), else `Fallback`. */
type Given<G, K extends keyof RouteGeneric, Fallback> =
  G extends { readonly [P in K]: infer T } ? (unknown extends T ? Fallback : T) : Fallback

type SchemaPart<S, K extends string> = S extends { readonly [P in K]: infer T } ? T : undefined
type QuerystringSchema<S> = S extends { readonly querystring: infer T } ? T : SchemaPart<S, 'query'>

/** A part with no schema (`undefined`) stays `unknown`; a part with one is what it validates to. */
type Validated<T> = [T] extends [undefined] ? unknown : InferEntry<T, 'validated'>

export type RequestBody<G, S> = Given<G, 'Body', Validated<SchemaPart<S, 'body'>>>
export type RequestQuerystring<G, S> = Given<G, 'Querystring', Validated<QuerystringSchema<S>>>

/** Raw headers are always there; a headers schema adds (lower-cased) typed names on top. */
export type RequestHeaders<G, S> = Given<G, 'Headers', HeadersFromSchema<SchemaPart<S, 'headers'>>> & IncomingHttpHeaders
type HeadersFromSchema<T> = [T] extends [undefined] ? unknown : LowercaseKeys<InferEntry<T, 'validated'>>

/**
 * Params come from the generic, then the schema, then the path itself: `/users/:id` gives
 * `{ id: string }`. Without a schema any other name (a prefix's parameter, say) reads as
 * `string | undefined`, since the router only ever hands over strings.
 */
export type RequestParams<G, S, Path extends string> =
  Given<G, 'Params', [SchemaPart<S, 'params'>] extends [undefined]
    ? PathParams<Path> & { [name: string]: string | undefined }
    : PresentInPath<InferEntry<SchemaPart<S, 'params'>, 'validated'>, Path>>

/** A parameter the path always has is present even when the params schema does not require it. */
type PresentInPath<T, Path extends string> =
  string extends Path ? T
    : RequiredPathNames<Path> & keyof T extends never ? T
      : { [K in keyof T as K extends RequiredPathNames<Path> ? never : K]: T[K] } & { [K in keyof T as K extends RequiredPathNames<Path> ? K : never]-?: Exclude<T[K], undefined> } extends infer R
        ? { [K in keyof R]: R[K] }
        : never
type RequiredPathNames<Path extends string> = { [K in keyof PathParams<Path>]-?: {} extends Pick<PathParams<Path>, K> ? never : K }[keyof PathParams<Path>]

/**
 * The parameters find-my-way reads from a path: `:name` (ending at `/`, `-`, `.`, `(` or `;`),
 * `:name?` when optional, and `*` for the wildcard. `::` is an escaped colon, not a parameter.
 */
export type PathParams<Path extends string> = string extends Path ? {} : ParamsOfSegments<Path, {}>

type ParamsOfSegments<Path extends string, Acc> =
  Path extends `${infer Head}/${infer Rest}` ? ParamsOfSegments<Rest, Acc & ParamsOfSegment<Head>>
    : Acc & ParamsOfSegment<Path>

type ParamsOfSegment<Segment extends string> =
  Segment extends `${string}::${infer Rest}` ? ParamsOfSegment<Rest>
    : Segment extends `${string}:${infer Name}` ? ParamNamed<Name>
      : Segment extends `${string}*${string}` ? { '*': string }
        : {}

type ParamNamed<Text extends string> =
  Text extends `${infer Name}?` ? (NameEnd<Name> extends Name ? { [K in Name]?: string } : ParamNamed<Name>)
    : Text extends `${infer Name}(${string}` ? ParamNamed<Name>
      : Text extends `${infer Name}-${infer Rest}` ? { [K in Name]: string } & ParamsOfSegment<Rest>
        : Text extends `${infer Name}.${infer Rest}` ? { [K in Name]: string } & ParamsOfSegment<Rest>
          : Text extends `${infer Name};${string}` ? { [K in Name]: string }
            : Text extends '' ? {} : { [K in Text]: string }

type NameEnd<Name extends string> = Name extends `${string}${'(' | '-' | '.' | ';'}${string}` ? never : Name

// ---------------------------------------------------------------------------------------------
// Replies
// ---------------------------------------------------------------------------------------------

/** Keys a response map may use: a status code, a class (`2xx`, `4XX`) or `default`. */
type Digit = '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9'
type StatusKey = `${1 | 2 | 3 | 4 | 5}${Digit}${Digit}` | `${1 | 2 | 3 | 4 | 5}${'xx' | 'XX'}` | 'default'
type IsStatusMap<R> = R extends object
  ? [keyof R] extends [never] ? false : [Exclude<`${keyof R & (string | number)}`, StatusKey>] extends [never] ? true : false
  : false

/**
 * The route's replies as one table from status key to payload type: the generic's `Reply` (a map,
 * or one type standing for every status under `default`), else the response schema. `any` when
 * neither declares anything: replies are then not checked, and a table of `any` also lets a
 * route's typed reply be passed where a plain `EnclaveReply` is expected.
 */
export type ReplyTable<G, S> =
  G extends { readonly Reply: infer R }
    ? unknown extends R ? SchemaReplyTable<S> : IsStatusMap<R> extends true ? R : { default: R }
    : SchemaReplyTable<S>

type SchemaReplyTable<S> = S extends { readonly response: infer R extends object }
  ? { [K in keyof R]: InferEntry<R[K], 'serialized'> }
  : any

type ClassKey<Code extends number> = `${Code}` extends `${infer First}${string}` ? `${First}xx` | `${First}XX` : never
type Lookup<T, K> = K extends keyof T ? T[K] : never

/**
 * The payload for a status, with the serializer's precedence: the exact code, then its class, then
 * `default`; `unknown` (unchecked) when none is declared or the code is not a literal.
 */
export type PayloadForStatus<T, Code> =
  IsAny<T> extends true ? unknown
    : Code extends number
      ? number extends Code ? unknown
        : [Lookup<T, Code | `${Code}`>] extends [never]
            ? [Lookup<T, ClassKey<Code>>] extends [never]
                ? ([Lookup<T, 'default'>] extends [never] ? unknown : Lookup<T, 'default'>)
                : Lookup<T, ClassKey<Code>>
            : Lookup<T, Code | `${Code}`>
      : SuccessPayload<T>

/** No code chosen (or a handler's return value): any 2xx entry, else `default`, else unchecked. */
export type SuccessPayload<T> = IsAny<T> extends true ? unknown
  : { [K in keyof T]: `${K & (string | number)}` extends `2${string}` ? T[K] : never }[keyof T] extends infer U
      ? [U] extends [never] ? ([Lookup<T, 'default'>] extends [never] ? unknown : Lookup<T, 'default'>) : U
      : never

/** What `reply.send()` takes for the status in use; errors always go to the error handler. */
export type ReplyPayload<Table, Code> = PayloadForStatus<Table, Code> extends infer P
  ? unknown extends P ? unknown : P | Error
  : never

/**
 * A request's parts, resolved once per route. The request type reads them by plain indexed
 * access, so two request types compare part by part: a route's typed request can be passed where
 * a plain `EnclaveRequest` (or Fastify's `FastifyRequest`) is expected.
 */
export interface RequestParts {
  body: unknown
  query: unknown
  params: unknown
  headers: unknown
}

// An intersection on purpose: TypeScript compares intersections member by member, where two
// instantiations of one interface or object alias would be compared by measured variance, which the
// conditional types inside make invariant (a route's request would not pass as a plain one).
export type ResolveRequestParts<G, S, Path extends string> = RequestParts & {
  body: RequestBody<G, S>
  query: RequestQuerystring<G, S>
  params: RequestParams<G, S, Path>
  headers: RequestHeaders<G, S>
}

type IsAny<T> = 0 extends 1 & T ? true : false
