import type { StandardSchemaV1 } from '@standard-schema/spec'
import { zodMayRunAsync } from '@enclave/compiler-kit'

type Result = StandardSchemaV1.Result<unknown>
type Validate = (value: unknown, options?: StandardSchemaV1.Options) => Result | Promise<Result>

interface ZodSafeParseAsync {
  safeParseAsync: (value: unknown) => Promise<{ success: true, data: unknown } | { success: false, error: { issues: readonly StandardSchemaV1.Issue[] } }>
}

function hasSafeParseAsync (schema: StandardSchemaV1): schema is StandardSchemaV1 & ZodSafeParseAsync {
  return typeof (schema as Partial<ZodSafeParseAsync>).safeParseAsync === 'function'
}

function toStandardResult (result: Awaited<ReturnType<ZodSafeParseAsync['safeParseAsync']>>): Result {
  return result.success ? { value: result.data } : { issues: result.error.issues }
}

/**
 * `~standard.validate`, except for a Zod schema (4, or 3.24+) that may run async rules: Zod's `validate` tries a
 * synchronous parse first, and the promise of an async rule met there is dropped, so a rule that
 * rejects (a lookup that is down) is a rejection nobody handles, which ends a Node process by
 * default. Such a schema is parsed with its own `safeParseAsync` (which awaits every rule); every
 * other schema keeps its library's `validate`, synchronous where the library is.
 */
export function leakFreeValidate (schema: StandardSchemaV1): Validate {
  const standard = schema['~standard']
  if (standard.vendor !== 'zod' || !hasSafeParseAsync(schema) || !zodMayRunAsync(schema)) {
    return function libraryValidate (value, options) { return standard.validate(value, options) }
  }
  return function zodValidateAsync (value) { return schema.safeParseAsync(value).then(toStandardResult) }
}
