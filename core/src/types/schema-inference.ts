import type { FromJsonSchema, InferMode } from './json-schema-to-ts.js'

/**
 * The type a route schema stands for, whatever wrote it. Checked in this order:
 * 1. a Standard Schema (Zod ≥ 3.24, Valibot, ArkType, Yup ≥ 1.7, Joi ≥ 18 …): its declared
 *    output type for request parts, its input type for responses (what the serializer is handed);
 * 2. a TypeBox schema: its `static` type;
 * 3. the spec's shorthand (parameters listed at the top level);
 * 4. a JSON Schema literal.
 * A library that types its output as `any` (Joi's `Joi.object()` without a type argument) gives
 * `unknown`: better a value to narrow than an unchecked one.
 */
export type InferSchema<S, M extends InferMode = 'validated'> =
  IsAny<S> extends true ? unknown
    : S extends { readonly '~standard': { readonly types?: infer T } } ? StandardSchemaType<T, M>
      : S extends { readonly static: infer T, readonly params: readonly unknown[] } ? T
        : IsShorthand<S> extends true ? FromJsonSchema<{ readonly type: 'object', readonly properties: S }, M>
          : FromJsonSchema<S, M>

type IsAny<T> = 0 extends 1 & T ? true : false
type AnyToUnknown<T> = IsAny<T> extends true ? unknown : T

type StandardSchemaType<T, M extends InferMode> = NonNullable<T> extends { readonly input: infer I, readonly output: infer O }
  ? AnyToUnknown<M extends 'validated' ? O : I>
  : unknown

/**
 * Keywords whose value is an object; any other key with an object value names a parameter of the
 * shorthand. The same list as the runtime's normalize-schema.ts, so both read a schema alike.
 */
type ObjectValuedKeyword =
  | 'properties' | 'definitions' | '$defs' | 'items' | 'additionalProperties' | 'not' | 'if' | 'then' | 'else'
  | 'patternProperties' | 'dependencies' | 'propertyNames' | 'contains' | 'errorMessage' | '$merge' | '$patch'
  | 'content' | 'additionalItems' | 'discriminator' | 'xml' | 'externalDocs' | 'example' | 'examples'

/** `{ name: { type: 'string' } }`: every key a parameter, every value a schema object. */
type IsShorthand<S> = S extends object
  ? [keyof S] extends [never] ? false
      : [Extract<keyof S, ObjectValuedKeyword>] extends [never]
          ? S[keyof S] extends object ? ([Extract<S[keyof S], readonly unknown[]>] extends [never] ? true : false) : false
          : false
  : false

/** A body schema keyed by media type (`{ content: { 'application/json': { schema } } }`): the union of them. */
type ContentUnion<C, M extends InferMode> = { [K in keyof C]: C[K] extends { readonly schema: infer S } ? InferSchema<S, M> : unknown }[keyof C]

/** A request-part or response entry: a schema, or schemas per media type under `content`. */
export type InferEntry<E, M extends InferMode> =
  E extends { readonly content: infer C extends object, readonly type?: undefined, readonly properties?: undefined }
    ? (IsStandardOrTypeBox<E> extends true ? InferSchema<E, M> : ContentUnion<C, M>)
    : InferSchema<E, M>

type IsStandardOrTypeBox<E> = E extends { readonly '~standard': unknown } ? true : E extends { readonly static: unknown, readonly params: readonly unknown[] } ? true : false

/** Lower-cases the names of a headers type, as Node hands headers over and as the runtime reads the schema. */
export type LowercaseKeys<T> = { [K in keyof T as K extends string ? Lowercase<K> : K]: T[K] }
