import type { SerializerOptions } from '@enclave/fjs'
import type { HttpPart } from '@enclave/core'

export type { HttpPart }

export interface StandardSchemaValidatorOptions {
  /**
   * Parts whose string values are converted to the types the schema wants ("5" → 5, "true" →
   * true). `true` (default) means querystring, params and headers; `false` none; or a list of
   * parts. With `~standard.jsonSchema` (zod 4, arktype) the conversion follows the declared types
   * before validation; otherwise failing string values are converted and validated once more.
   */
  coerce?: boolean | readonly HttpPart[]
  /** Passed to every `~standard.validate(value, { libraryOptions })` call. */
  libraryOptions?: Record<string, unknown>
}

export interface StandardSchemaSerializerOptions {
  /** fast-json-stringify options for schemas that expose `~standard.jsonSchema`. */
  fjs?: SerializerOptions
  /**
   * `true` (default): serialize through fast-json-stringify when the schema exposes its output as
   * JSON Schema, else validate then JSON.stringify. `false`: always validate then JSON.stringify.
   */
  jsonSchema?: boolean
  libraryOptions?: Record<string, unknown>
}
