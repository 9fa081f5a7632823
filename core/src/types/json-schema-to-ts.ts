/**
 * The TypeScript type a JSON Schema literal describes, computed by the compiler.
 *
 * Two directions, because validation and serialization treat a schema differently:
 * - 'validated': what a handler receives after Ajv checked (and filled in) a request part. A property
 *   with a `default` is always present, since Ajv's `useDefaults` writes it.
 * - 'serialized': what a handler may hand to the serializer. A property with a `default` may be left
 *   out, and a date-time string may be a `Date` (fast-json-stringify formats it).
 *
 * Editor performance matters more than completeness here: every nested schema spends one unit of a
 * fixed depth budget (recursive `$ref`s end as `unknown`), unions are built from tuples in one pass,
 * and anything the types cannot follow (a widened `type: string`, an unresolvable `$ref`) becomes
 * `unknown` rather than a guess.
 */

export type InferMode = 'validated' | 'serialized'

/**
 * Schemas shared with `addSchema()` are known to the runtime only; declare them here to let a
 * `$ref` to their `$id` be typed:
 * `declare module '@enclave/core' { interface EnclaveSharedSchemas { 'user': typeof userSchema } }`.
 */
export interface EnclaveSharedSchemas {}

/** `Budget[D]` is `D - 1`; 0 steps to `never`, which stops the recursion. */
type Budget = [never, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]
/** How deep nested schemas are followed: deep enough for real payloads, shallow enough to stay fast. */
export type SchemaDepth = 10

type Simplify<T> = { [K in keyof T]: T[K] } & {}
type IsAny<T> = 0 extends 1 & T ? true : false

/** A type for `S`, one schema (or boolean schema) inside the document `Root`. */
export type FromJsonSchema<S, M extends InferMode = 'validated', Root = S, D extends number = SchemaDepth> =
  [D] extends [never] ? unknown
    : IsAny<S> extends true ? unknown
      : S extends boolean ? (S extends true ? unknown : never)
        : S extends object ? FromSchemaObject<S, M, Root, D>
          : unknown

type FromSchemaObject<S extends object, M extends InferMode, Root, D extends number> =
  S extends { readonly const: infer C } ? C
    : S extends { readonly enum: readonly unknown[] } ? S['enum'][number]
      : S extends { readonly $ref: infer Ref extends string } ? FromRef<Ref, M, Root, D>
        : WithNullable<S, Combined<S, M, Root, D>>

/** OpenAPI's `nullable: true`, which Ajv understands next to `type`. */
type WithNullable<S, T> = S extends { readonly nullable: true } ? T | null : T

/** anyOf/oneOf become unions and allOf an intersection, each narrowed by the schema's own keywords. */
type Combined<S extends object, M extends InferMode, Root, D extends number> =
  S extends { readonly anyOf: infer Branches extends readonly unknown[] } ? FromTypeKeyword<S, M, Root, D> & UnionOf<Branches, M, Root, D>
    : S extends { readonly oneOf: infer Branches extends readonly unknown[] } ? FromTypeKeyword<S, M, Root, D> & UnionOf<Branches, M, Root, D>
      : S extends { readonly allOf: infer Branches extends readonly unknown[] } ? FromTypeKeyword<S, M, Root, D> & IntersectionOf<Branches, M, Root, D>
        : FromTypeKeyword<S, M, Root, D>

type UnionOf<Branches extends readonly unknown[], M extends InferMode, Root, D extends number> =
  { [K in keyof Branches]: FromJsonSchema<Branches[K], M, Root, Budget[D]> }[number]

type IntersectionOf<Branches extends readonly unknown[], M extends InferMode, Root, D extends number> =
  Branches extends readonly [infer Head, ...infer Tail] ? FromJsonSchema<Head, M, Root, Budget[D]> & IntersectionOf<Tail, M, Root, D> : unknown

/** `type` (a name or a list of names); without it, `properties` or `items` imply object or array. */
type FromTypeKeyword<S extends object, M extends InferMode, Root, D extends number> =
  S extends { readonly type: infer T }
    ? T extends readonly unknown[] ? FromTypeName<T[number], S, M, Root, D> : FromTypeName<T, S, M, Root, D>
    : S extends { readonly properties: object } ? FromObject<S, M, Root, D>
      : S extends { readonly items: unknown } ? FromArray<S, M, Root, D>
        : unknown

// Distributes over a list of type names; a widened `string` matches none and gives `unknown`.
type FromTypeName<T, S extends object, M extends InferMode, Root, D extends number> =
  T extends 'string' ? FromString<S, M>
    : T extends 'number' | 'integer' ? number
      : T extends 'boolean' ? boolean
        : T extends 'null' ? null
          : T extends 'object' ? FromObject<S, M, Root, D>
            : T extends 'array' ? FromArray<S, M, Root, D>
              : unknown

type DateFormat = 'date-time' | 'date' | 'time'
type FromString<S, M extends InferMode> = M extends 'serialized'
  ? S extends { readonly format: DateFormat } ? string | Date : string
  : string

type RequiredNames<S> = S extends { readonly required: readonly unknown[] } ? S['required'][number] : never
type DefaultedNames<P> = { [K in keyof P]: P[K] extends { readonly default: unknown } ? K : never }[keyof P]
// Validation fills a default in, so the property is there; serialization writes the default for a
// missing property, so the handler may leave it out even when it is required.
type PresentNames<S, P, M extends InferMode> = M extends 'validated' ? RequiredNames<S> | DefaultedNames<P> : Exclude<RequiredNames<S>, DefaultedNames<P>>

type FromObject<S extends object, M extends InferMode, Root, D extends number> =
  S extends { readonly properties: infer P extends object }
    ? PropertiesOf<P, PresentNames<S, P, M>, M, Root, Budget[D]> & AdditionalOf<S, M, Root, D, false>
    : AdditionalOf<S, M, Root, D, true>

type PropertiesOf<P, Present, M extends InferMode, Root, D extends number> = Simplify<
  { -readonly [K in keyof P as K extends Present ? K : never]-?: FromJsonSchema<P[K], M, Root, D> } &
  { -readonly [K in keyof P as K extends Present ? never : K]+?: FromJsonSchema<P[K], M, Root, D> }
>

/**
 * Keys beyond `properties`. Unlisted keys are left out of the type unless the schema admits them
 * explicitly (`additionalProperties: true` or a schema): reading an undeclared key is more often a
 * typo than a feature, and a schema-less object (`{ type: 'object' }`) still takes any key.
 */
type AdditionalOf<S, M extends InferMode, Root, D extends number, Open extends boolean> =
  S extends { readonly additionalProperties: false } ? unknown
    : S extends { readonly additionalProperties: true } ? { [key: string]: unknown }
      : S extends { readonly additionalProperties: infer A extends object } ? { [key: string]: FromJsonSchema<A, M, Root, Budget[D]> }
        : S extends { readonly patternProperties: object } ? { [key: string]: unknown }
          : Open extends true ? { [key: string]: unknown } : unknown

type FromArray<S extends object, M extends InferMode, Root, D extends number> =
  S extends { readonly prefixItems: infer T extends readonly unknown[] } ? [...TupleOf<T, M, Root, D>, ...RestItems<S, M, Root, D>]
    : S extends { readonly items: infer T extends readonly unknown[] } ? TupleOf<T, M, Root, D>
      : S extends { readonly items: infer I } ? Array<FromJsonSchema<I, M, Root, Budget[D]>>
        : unknown[]

type RestItems<S, M extends InferMode, Root, D extends number> =
  S extends { readonly items: false } ? []
    : S extends { readonly items: infer I extends object } ? Array<FromJsonSchema<I, M, Root, Budget[D]>>
      : unknown[]

type TupleOf<T extends readonly unknown[], M extends InferMode, Root, D extends number> =
  { -readonly [K in keyof T]: FromJsonSchema<T[K], M, Root, Budget[D]> }

/**
 * `$ref`s the types can follow: `#` (the document itself), `#/definitions/x` and `#/$defs/x` in the
 * same document, and the `$id` of a schema declared in `EnclaveSharedSchemas`. Anything else is
 * `unknown`: the runtime resolves it, the types cannot see it.
 */
type FromRef<Ref extends string, M extends InferMode, Root, D extends number> =
  Ref extends '#' ? FromJsonSchema<Root, M, Root, Budget[D]>
    : Ref extends `#/definitions/${infer Name}` ? FromDefinition<Root, 'definitions', Name, M, D>
      : Ref extends `#/$defs/${infer Name}` ? FromDefinition<Root, '$defs', Name, M, D>
        : Ref extends `${infer Id}#` ? FromShared<Id, M, D>
          : FromShared<Ref, M, D>

type FromDefinition<Root, Where extends string, Name extends string, M extends InferMode, D extends number> =
  Root extends { readonly [K in Where]: infer Definitions }
    ? Name extends keyof Definitions ? FromJsonSchema<Definitions[Name], M, Root, Budget[D]> : unknown
    : unknown

type FromShared<Id extends string, M extends InferMode, D extends number> =
  Id extends keyof EnclaveSharedSchemas ? FromJsonSchema<EnclaveSharedSchemas[Id], M, EnclaveSharedSchemas[Id], Budget[D]> : unknown
