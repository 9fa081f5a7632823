import type { Options as FastJsonStringifyOptions } from 'fast-json-stringify'

export interface SerializerCompilerInput {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same shape as core's SerializerCompilerInput
  schema: any
  method: string
  url: string
  httpStatus: string
  contentType?: string
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same as core's SerializerFunction: a handler may return any payload
export type SerializerFunction = (data: any) => string

export type SerializerCompiler = ((input: SerializerCompilerInput) => SerializerFunction) & {
  /** Whether building this serializer later cannot fail, by a cheap check (core's `lazySchemaCompilation`). */
  canDefer?: (input: SerializerCompilerInput) => boolean
}

/** Builds the compiler of one encapsulation context from the shared schemas visible there. */
export type SerializerCompilerFactory = (externalSchemas: Record<string, object>) => SerializerCompiler

/**
 * fast-json-stringify's options. `schema` is fed from the shared schemas; `mode` and `debugMode`
 * are excluded because they make fast-json-stringify return code or a debug object instead of a
 * function, which would break the compiler contract.
 */
export type SerializerOptions = Omit<FastJsonStringifyOptions, 'schema' | 'mode' | 'debugMode'>

export type SerializationIssueKind = 'dropped' | 'coerced' | 'missing-required' | 'type-mismatch'

export interface SerializationIssue {
  /** JSON pointer (RFC 6901) into the data, `''` for the root, e.g. `/users/0/name`. */
  path: string
  kind: SerializationIssueKind
  message: string
}

export type SerializationInspector = (data: unknown) => SerializationIssue[]

export interface SerializationInspectorOptions {
  /** Same meaning as fast-json-stringify's option; only used to word the coercion messages. */
  rounding?: SerializerOptions['rounding']
}
