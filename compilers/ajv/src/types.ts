import type { Ajv, Options as AjvOptions, ValidateFunction } from 'ajv'
import type { CodeCache } from './code-cache.js'

export type HttpPart = 'body' | 'querystring' | 'params' | 'headers'

export interface ValidatorCompilerInput {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same shape as core's ValidatorCompilerInput
  schema: any
  method: string
  url: string
  httpPart: HttpPart
}

/**
 * Ajv's compiled validate function: returns a boolean and exposes `.errors` after a failure.
 * `coercesRoot`: type coercion may replace the value itself, which Ajv writes back only into the
 * parent it is called with (`validate(data, { parentData, parentDataProperty, … })`).
 */
export type ValidationFunction = ValidateFunction & { coercesRoot?: boolean }

export type ValidatorCompiler = ((input: ValidatorCompilerInput) => ValidationFunction) & {
  /**
   * Whether compiling this input later cannot fail, by a cheap check (core's
   * `lazySchemaCompilation` compiles the schema now when it answers false).
   */
  canDefer?: (input: ValidatorCompilerInput) => boolean
}

/** Builds the compiler of one encapsulation context from the shared schemas visible there. */
export type ValidatorCompilerFactory = (externalSchemas: Record<string, object>) => ValidatorCompiler

/** Any Ajv plugin (ajv-formats, ajv-errors, ajv-merge-patch, ...). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each plugin types its own options
export type AjvPlugin = (ajv: Ajv, options?: any) => unknown

export type AjvPluginEntry = AjvPlugin | readonly [AjvPlugin, unknown]

export interface AjvCompilerOptions {
  /** Shallow-merged over `defaultAjvOptions`; a key given here wins. */
  customOptions?: AjvOptions
  /** Applied in order right after the Ajv instance is constructed. */
  plugins?: readonly AjvPluginEntry[]
  /** Called once per Ajv instance, after the plugins and before the shared schemas are added. */
  onCreate?: (ajv: Ajv) => void
  /**
   * Accept OpenAPI annotations (`example`, `xml`, `externalDocs`, `discriminator`) and `x-*` vendor
   * extensions in strict mode. Default `true`; core passes `false` unless the server option
   * `acceptAnnotationKeywords` is set, as Fastify's Ajv refuses them.
   */
  annotationKeywords?: boolean
  /**
   * Compile `$async: true` schemas (their validators return promises), as Fastify's Ajv does.
   * Default `false`: they are refused with `ENC_ERR_AJV_ASYNC_SCHEMA`; core passes `true` unless the
   * server option `rejectAsyncSchemas` is set.
   */
  asyncSchemas?: boolean
  /**
   * `format: 'time'` and `'date-time'` accept a value without a timezone, as Fastify 4's compiler
   * does (ajv-formats 2). Default `false`: ajv-formats 3 requires one (`iso-time` and
   * `iso-date-time` do not). Core passes `true` unless the server option `requireTimezone` is set.
   * Has no effect when `plugins` holds ajv-formats: that plugin's configuration is taken as given.
   */
  optionalTimezone?: boolean
  /**
   * Keeps compiled validators as Ajv standalone code between starts (core's `schemaCache` option).
   * Ignored when `plugins` or `onCreate` is given or `customOptions` holds functions: their effect
   * on the generated code cannot be part of the key.
   */
  codeCache?: CodeCache
}
