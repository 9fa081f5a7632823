import type { ValidationOptions } from 'joi'
import type { SerializerCompiler, SerializerCompilerInput } from '@enclave/core'
import { JoiCompilerError, JoiSerializationError } from './errors.js'
import { toIssues } from './issues.js'
import { assertJoiSchema } from './joi-schema.js'
import { checkJoiOptions } from './options.js'
import type { JoiSerializerOptions } from './types.js'

/** Undeclared properties are dropped, not refused: the response schema is a whitelist (docs/serialization.md). */
const responseDefaults: ValidationOptions = { stripUnknown: { objects: true }, abortEarly: false }

/**
 * A serializer compiler for Joi response schemas. Joi cannot describe its output as JSON Schema,
 * so there is no fast-json-stringify path: the payload is validated (undeclared keys stripped,
 * Joi's conversions and defaults applied) and the result given to JSON.stringify. That is a full
 * Joi validation per response (see README for the price). A payload that does not match throws
 * JoiSerializationError, answered as a 500 with its own code and message, as Fastify answers a serializer's error.
 */
export function createSerializerCompiler (options?: JoiSerializerOptions): SerializerCompiler {
  if (options !== undefined && (typeof options !== 'object' || options === null || Array.isArray(options))) {
    throw new JoiCompilerError('ENC_ERR_JOI_INVALID_OPTIONS', `createSerializerCompiler(options): options must be an object, got ${typeof options}`)
  }
  if (options !== undefined) checkJoiOptions(options, 'createSerializerCompiler(options)')
  const preferences: ValidationOptions = Object.assign({}, responseDefaults, options)

  return function joiSerializerCompiler ({ schema, method, url, httpStatus }: SerializerCompilerInput) {
    const where = `${String(method)} ${String(url)} (response ${String(httpStatus)})`
    assertJoiSchema(schema, where)
    if (schema.isAsync() && preferences.externals !== false) {
      throw new JoiCompilerError('ENC_ERR_JOI_ASYNC_RESPONSE', `${where}: a response schema cannot have external (async) rules; serialization is synchronous`)
    }
    return function serializeWithJoi (data: unknown): string {
      const outcome = schema.validate(data, preferences)
      if (outcome.error !== undefined) throw new JoiSerializationError(toIssues(outcome.error.details), outcome.error)
      return JSON.stringify(outcome.value)
    }
  }
}

/** Joi's defaults plus `stripUnknown: { objects: true }`, for `serializerCompiler` on a route or `setSerializerCompiler`. */
export const serializerCompiler: SerializerCompiler = createSerializerCompiler()
