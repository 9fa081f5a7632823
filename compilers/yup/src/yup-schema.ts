import type { ISchema, ValidationError } from 'yup'
import { headerCaseMessage, notASchemaMessage } from '@enclave/compiler-kit'
import { YupCompilerError } from './errors.js'

/** The methods the adapter calls; a Lazy schema has them too. */
export interface YupSchemaLike extends ISchema<unknown> {
  validateSync (value: unknown, options?: object): unknown
  validate (value: unknown, options?: object): Promise<unknown>
}

/** yup's own marker (what `yup.isSchema` reads), so schemas from another copy of yup work too. */
export function isYupSchema (value: unknown): value is YupSchemaLike {
  return typeof value === 'object' && value !== null &&
    (value as { __isYupSchema__?: unknown }).__isYupSchema__ === true &&
    typeof (value as { validateSync?: unknown }).validateSync === 'function'
}

export function isYupValidationError (error: unknown): error is ValidationError {
  // yup's ValidationError.isError checks the name only; without a stack trace it is not even an Error.
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'ValidationError' &&
    Array.isArray((error as { errors?: unknown }).errors)
}

/** What validateSync throws when a test returned a promise (yup 1.x wording). */
export function isPromiseInSyncValidation (error: unknown): boolean {
  return error instanceof Error && error.message.includes('returned a Promise during a synchronous validate')
}

const yupSchemaKind = { expected: 'a yup schema', library: 'yup', example: 'yup.object({ … })' }

/** `where` names the route and part, so the build error points at the schema to fix. */
export function assertYupSchema (schema: unknown, where: string): asserts schema is YupSchemaLike {
  if (isYupSchema(schema)) return
  throw new YupCompilerError('ENC_ERR_YUP_NOT_A_SCHEMA', notASchemaMessage(schema, where, yupSchemaKind))
}

/** Header names arrive lower-cased from Node; a capitalised key in a yup object would never match. */
export function assertLowerCaseHeaders (schema: YupSchemaLike, where: string): void {
  const fields = (schema as { fields?: unknown }).fields
  if (typeof fields !== 'object' || fields === null) return
  const message = headerCaseMessage(Object.keys(fields), where)
  if (message !== undefined) throw new YupCompilerError('ENC_ERR_YUP_HEADER_CASE', message)
}

const AsyncFunction = async function probe () {}.constructor

interface SchemaInternals {
  tests?: Array<{ OPTIONS?: { test?: unknown } }>
  fields?: Record<string, unknown>
  innerType?: unknown
  spec?: { types?: unknown[] }
}

/**
 * Whether a test anywhere in the schema is an `async` function, read from yup's schema tree
 * (object fields, array items, tuple members). Branches chosen at run time (`when()`, `lazy()`)
 * cannot be seen; the validation function finds those on the first request instead.
 */
export function hasAsyncTest (schema: unknown, seen: Set<unknown> = new Set()): boolean {
  if (typeof schema !== 'object' || schema === null || seen.has(schema)) return false
  seen.add(schema)
  const internals = schema as SchemaInternals
  if (Array.isArray(internals.tests)) {
    for (const test of internals.tests) {
      if (test?.OPTIONS?.test instanceof AsyncFunction) return true
    }
  }
  if (typeof internals.fields === 'object' && internals.fields !== null) {
    for (const key of Object.keys(internals.fields)) {
      if (hasAsyncTest(internals.fields[key], seen)) return true
    }
  }
  if (hasAsyncTest(internals.innerType, seen)) return true
  if (Array.isArray(internals.spec?.types)) {
    for (const member of internals.spec.types) {
      if (hasAsyncTest(member, seen)) return true
    }
  }
  return false
}
