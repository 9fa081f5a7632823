import type * as zod from 'zod/v4/core'
import type { SerializerOptions } from '@enclave/fjs'
import type { HttpPart } from '@enclave/core'

export type { HttpPart }

export interface ZodValidatorOptions {
  /**
   * Parts whose string values are converted to the types the schema declares before Zod parses
   * them ("5" → 5, "true" → true, a lone value → [value]). `true` (default) means querystring,
   * params and headers; `false` none (use `z.coerce.*` yourself); or a list of parts.
   */
  coerce?: boolean | readonly HttpPart[]
  /**
   * `'auto'` (default): decided per schema at ready(), from its structure: a schema that runs code
   * of the user's (refine, superRefine, check, z.custom, a transform, a codec, z.promise) is parsed
   * with `safeParseAsync`, every other one synchronously. `true`: always `safeParseAsync`.
   */
  async?: 'auto' | true
  /** `'ajv'` (default): Ajv's wording for Zod's default messages. `'zod'`: Zod's (and its locales'). */
  messages?: 'ajv' | 'zod'
  /** Zod's parse context, passed to every parse (`error`, `reportInput`, `jitless`). */
  parseOptions?: zod.ParseContext<zod.$ZodIssue>
  /** Compile each schema with `z.compile` at ready() (default true; off under `z.config({ jitless: true })`). */
  compile?: boolean
}

export interface ZodSerializerOptions {
  /** fast-json-stringify options for schemas Zod can express as JSON Schema. */
  fjs?: SerializerOptions
  /**
   * `true` (default): serialize through fast-json-stringify when `z.toJSONSchema` can express the
   * schema, else parse then JSON.stringify. `false`: always parse then JSON.stringify.
   */
  jsonSchema?: boolean
  /** As for the validator: Zod's parse context for the parse path. */
  parseOptions?: zod.ParseContext<zod.$ZodIssue>
  compile?: boolean
}
