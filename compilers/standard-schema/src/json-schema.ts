import type { StandardSchemaV1 } from '@standard-schema/spec'
import { toJSONSchema as kitToJSONSchema, type ToJSONSchemaOptions } from '@enclave/compiler-kit'

/**
 * The schema as JSON Schema (draft-07 by default; `target: 'openapi-3.0' | 'openapi-3.1' |
 * 'draft-2020-12'`) through the Standard JSON Schema interface (`~standard.jsonSchema`) when the
 * library implements it; otherwise `{}` marked `x-enclave-unrepresentable`. A library with a
 * first-party adapter (zod, joi, yup) is converted by that adapter when it is imported.
 */
export function toJSONSchema (schema: StandardSchemaV1, options?: ToJSONSchemaOptions): Record<string, unknown> {
  return kitToJSONSchema(schema, options)
}
