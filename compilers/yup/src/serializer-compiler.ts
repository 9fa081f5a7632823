import type { SerializerCompiler, SerializerCompilerInput } from '@enclave/core'
import { YupCompilerError, YupSerializationError } from './errors.js'
import { toIssues } from './issues.js'
import { checkYupOptions } from './options.js'
import { assertYupSchema, hasAsyncTest, isPromiseInSyncValidation, isYupValidationError } from './yup-schema.js'
import type { YupSerializerOptions, YupValidateOptions } from './types.js'

/** Undeclared properties are dropped, not refused: the response schema is a whitelist (docs/serialization.md). */
const responseDefaults: YupValidateOptions = { stripUnknown: true, abortEarly: false, disableStackTrace: true }

/**
 * A serializer compiler for yup response schemas. yup cannot describe its output as JSON Schema,
 * so there is no fast-json-stringify path: the payload is cast and validated with validateSync
 * (undeclared keys stripped) and the result given to JSON.stringify. That is a full yup validation
 * per response (see README for the price). A payload that does not match throws
 * YupSerializationError, answered as a 500 with its own code and message, as Fastify answers a serializer's error.
 */
export function createSerializerCompiler (options?: YupSerializerOptions): SerializerCompiler {
  if (options !== undefined) checkYupOptions(options, 'createSerializerCompiler(options)')
  const preferences: YupValidateOptions = Object.assign({}, responseDefaults, options)

  return function yupSerializerCompiler ({ schema, method, url, httpStatus }: SerializerCompilerInput) {
    const where = `${String(method)} ${String(url)} (response ${String(httpStatus)})`
    assertYupSchema(schema, where)
    if (hasAsyncTest(schema)) {
      throw new YupCompilerError('ENC_ERR_YUP_ASYNC_RESPONSE', `${where}: a response schema cannot have async tests; serialization is synchronous`)
    }
    return function serializeWithYup (data: unknown): string {
      let value: unknown
      try {
        value = schema.validateSync(data, preferences)
      } catch (error) {
        if (isYupValidationError(error)) throw new YupSerializationError(toIssues(error), error)
        if (isPromiseInSyncValidation(error)) {
          throw new YupCompilerError('ENC_ERR_YUP_ASYNC_RESPONSE', `${where}: a response schema test returned a promise; serialization is synchronous`, { cause: error })
        }
        throw error
      }
      return JSON.stringify(value)
    }
  }
}

/** yup's defaults plus `stripUnknown: true`, for `serializerCompiler` on a route or `setSerializerCompiler`. */
export const serializerCompiler: SerializerCompiler = createSerializerCompiler()
