import type { StandardSchemaV1 } from '@standard-schema/spec'
import { zodMayRunAsync } from '@enclave/compiler-kit'

type Result = StandardSchemaV1.Result<unknown>
export type Validate = (value: unknown) => Result | Promise<Result>

type ZodSafeParseResult = { success: true, data: unknown } | { success: false, error: { issues: readonly StandardSchemaV1.Issue[] } }

interface ZodParsers {
  safeParse: (value: unknown, context?: object) => ZodSafeParseResult
  safeParseAsync: (value: unknown, context?: object) => Promise<ZodSafeParseResult>
}

/** Valibot's own entry point (`~run(dataset, config)`), which takes the config `~standard.validate` reads from global state. */
interface ValibotRun {
  '~run': (dataset: { value: unknown }, config: Record<string, unknown>) => Result | Promise<Result>
}

function hasZodParsers (schema: StandardSchemaV1): schema is StandardSchemaV1 & ZodParsers {
  const candidate = schema as Partial<ZodParsers>
  return typeof candidate.safeParse === 'function' && typeof candidate.safeParseAsync === 'function'
}

function hasValibotRun (schema: StandardSchemaV1): schema is StandardSchemaV1 & ValibotRun {
  return typeof (schema as Partial<ValibotRun>)['~run'] === 'function'
}

function toStandardResult (result: ZodSafeParseResult): Result {
  return result.success ? { value: result.data } : { issues: result.error.issues }
}

/** Zod containers read it to stop at their first failing child (Zod's own `validate` sets it). */
const zodEarlyAbort = { abortEarly: true }

export interface LibraryValidateOptions {
  /** Ask the library to stop at the first issue, where the adapter knows how to (zod, valibot). */
  readonly abortEarly: boolean
  readonly libraryOptions: Record<string, unknown> | undefined
}

/**
 * The schema's validation, as `~standard.validate` does it, with two per-library changes the
 * Standard Schema interface cannot express:
 * - early abort: `~standard.validate` collects every issue, one per item of an 800 KB array of
 *   wrong values (seconds of CPU). Zod is parsed with its `abortEarly` context, valibot run with
 *   `abortEarly` and `abortPipeEarly` (plus `libraryOptions`, valibot's config: `{ lang }`), so
 *   they stop at the first issue as Ajv does. Other libraries are validated whole; the kit's issue
 *   bound caps what is reported.
 * - a Zod schema (4, or 3.24+) that may run async rules: Zod's `validate` tries a synchronous parse
 *   first and drops the promise of an async rule it meets, so a rule that rejects (a lookup that is
 *   down) is a rejection nobody handles, which ends a Node process by default. Such a schema is
 *   parsed with its own `safeParseAsync`, which awaits every rule.
 */
export function libraryValidate (schema: StandardSchemaV1, options: LibraryValidateOptions): Validate {
  const standard = schema['~standard']
  const standardOptions: StandardSchemaV1.Options | undefined = options.libraryOptions === undefined ? undefined : { libraryOptions: options.libraryOptions }
  function validateWithStandard (value: unknown): Result | Promise<Result> {
    return standard.validate(value, standardOptions)
  }
  if (standard.vendor === 'zod' && hasZodParsers(schema)) {
    const context = options.abortEarly ? zodEarlyAbort : undefined
    if (zodMayRunAsync(schema)) {
      return function zodValidateAsync (value) { return schema.safeParseAsync(value, context).then(toStandardResult) }
    }
    if (!options.abortEarly) return validateWithStandard
    return function zodValidateEarly (value) {
      let result: ZodSafeParseResult
      try {
        result = schema.safeParse(value, context)
      } catch {
        // A rule that threw or met a promise: Zod's own `validate` knows how to answer that.
        return standard.validate(value, standardOptions)
      }
      return toStandardResult(result)
    }
  }
  if (options.abortEarly && standard.vendor === 'valibot' && hasValibotRun(schema)) {
    const config = Object.assign({}, options.libraryOptions, { abortEarly: true, abortPipeEarly: true })
    return function valibotValidateEarly (value) { return schema['~run']({ value }, config) }
  }
  return validateWithStandard
}
