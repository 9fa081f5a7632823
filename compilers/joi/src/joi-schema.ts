import type { Schema } from 'joi'
import { headerCaseMessage, notASchemaMessage } from '@enclave/compiler-kit'
import { JoiCompilerError } from './errors.js'

/**
 * Duck-typed rather than `Joi.isSchema()`, which asserts on schemas built by another copy or
 * version of joi; the schema's own methods are used for validation anyway.
 */
export function isJoiSchema (value: unknown): value is Schema {
  if (typeof value !== 'object' || value === null) return false
  const candidate = value as Record<string, unknown>
  return typeof candidate.validate === 'function' &&
    typeof candidate.validateAsync === 'function' &&
    typeof candidate.isAsync === 'function' &&
    typeof candidate.describe === 'function' &&
    typeof candidate.type === 'string'
}

const joiSchemaKind = { expected: 'a Joi schema', library: 'Joi', example: 'Joi.object({ … })' }

/** `where` names the route and part, so the build error points at the schema to fix. */
export function assertJoiSchema (schema: unknown, where: string): asserts schema is Schema {
  if (isJoiSchema(schema)) return
  throw new JoiCompilerError('ENC_ERR_JOI_NOT_A_SCHEMA', notASchemaMessage(schema, where, joiSchemaKind))
}

/** The keys a Joi object schema declares (none for other types or when Joi cannot describe it). */
function declaredKeys (schema: Schema): string[] {
  if (schema.type !== 'object') return []
  try {
    const keys = (schema.describe() as { keys?: Record<string, unknown> }).keys
    return keys === undefined ? [] : Object.keys(keys)
  } catch {
    return []
  }
}

/** Header names arrive lower-cased from Node; a capitalised key in a Joi object would never match. */
export function assertLowerCaseHeaders (schema: Schema, where: string): void {
  const message = headerCaseMessage(declaredKeys(schema), where)
  if (message !== undefined) throw new JoiCompilerError('ENC_ERR_JOI_HEADER_CASE', message)
}
