import * as zod from 'zod/v4/core'
import { notASchemaMessage } from '@enclave/compiler-kit'
import { ZodCompilerError } from './errors.js'

export function isZodSchema (value: unknown): value is zod.$ZodType {
  return value !== null && typeof value === 'object' && typeof (value as { _zod?: { run?: unknown } })._zod?.run === 'function'
}

const zodSchemaKind = { expected: 'a Zod 4 schema', library: 'Zod', example: 'z.object({ … })' }

/** `where` names the route and part, so the build error points at the schema to fix. */
export function assertZodSchema (schema: unknown, where: string): asserts schema is zod.$ZodType {
  if (isZodSchema(schema)) return
  throw new ZodCompilerError('ENC_ERR_ZOD_NOT_A_SCHEMA', notASchemaMessage(schema, where, zodSchemaKind))
}

/** The schema as JSON Schema, or undefined when Zod cannot express it (transforms, dates, …). */
export function jsonSchemaOf (schema: zod.$ZodType, io: 'input' | 'output', unrepresentable: 'throw' | 'any'): Record<string, unknown> | undefined {
  try {
    return zod.toJSONSchema(schema, { target: 'draft-07', io, unrepresentable }) as Record<string, unknown>
  } catch {
    return undefined
  }
}

/**
 * z.compile's ahead-of-time fast path, computed once at ready(); the schema itself when Zod cannot
 * compile it (async refinements, transforms…: Zod hands it back) or runs jitless.
 */
export function compiledOrSelf<T extends zod.$ZodType> (schema: T, enabled: boolean): T {
  if (!enabled || zod.config().jitless === true) return schema
  try {
    return zod.compile(schema)
  } catch {
    return schema
  }
}

type ParseContext = zod.ParseContext<zod.$ZodIssue>

/**
 * The parse context of every parse: the caller's, an error map when given, and `abortEarly`, which
 * Zod's containers (objects, arrays, tuples, sets) read to stop at their first failing child, as Ajv
 * stops at its first error. Without it an 800 KB array of wrong items costs a second of CPU to
 * collect 200,000 issues nobody reads. Zod declares it internal (its own `validate` sets it); a
 * Zod without it ignores the key, and the kit's issue bound still caps what is reported.
 */
export function earlyAbortingContext (given: ParseContext | undefined, error: ((issue: zod.$ZodRawIssue) => ReturnType<zod.$ZodErrorMap>) | undefined): ParseContext {
  if (error === undefined) return Object.assign({}, given, { abortEarly: true })
  return Object.assign({}, given, { abortEarly: true, error: error as zod.$ZodErrorMap<zod.$ZodIssue> })
}
type SafeParseResult = zod.util.SafeParseResult<unknown>

interface OwnParsers {
  safeParse: (data: unknown, context?: ParseContext) => SafeParseResult
  safeParseAsync: (data: unknown, context?: ParseContext) => Promise<SafeParseResult>
}

function hasOwnParsers (schema: zod.$ZodType): schema is zod.$ZodType & OwnParsers {
  const candidate = schema as Partial<OwnParsers>
  return typeof candidate.safeParse === 'function' && typeof candidate.safeParseAsync === 'function'
}

export interface SafeParsers {
  sync: (data: unknown, context: ParseContext | undefined) => SafeParseResult
  async: (data: unknown, context: ParseContext | undefined) => Promise<SafeParseResult>
}

/**
 * The schema's own safeParse methods when it has them (zod and zod/mini schemas do), so the error
 * in `error.cause` is the flavour's own class (`instanceof z.ZodError` holds with classic zod);
 * Zod's core functions for a bare core schema.
 */
export function safeParsersOf (schema: zod.$ZodType): SafeParsers {
  if (hasOwnParsers(schema)) {
    return {
      sync: function ownSafeParse (data, context) { return schema.safeParse(data, context) },
      async: function ownSafeParseAsync (data, context) { return schema.safeParseAsync(data, context) }
    }
  }
  return {
    sync: function coreSafeParse (data, context) { return zod.safeParse(schema, data, context) },
    async: function coreSafeParseAsync (data, context) { return zod.safeParseAsync(schema, data, context) }
  }
}
