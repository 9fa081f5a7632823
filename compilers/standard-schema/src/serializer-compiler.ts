import type { StandardSchemaV1 } from '@standard-schema/spec'
import { createOutputSchemaSerializer, describeIssues, zodOutputMayDiffer } from '@enclave/compiler-kit'
import type { SerializerCompiler, SerializerCompilerInput, SerializerFunction } from '@enclave/core'
import { StandardSchemaSerializationError } from './errors.js'
import { assertStandardSchema, isThenable, jsonSchemaOf } from './standard-schema.js'
import type { StandardSchemaSerializerOptions } from './types.js'
import { toValidationIssues } from './validation-issues.js'

/**
 * Whether the schema's output is provably its input minus undeclared keys, so fast-json-stringify
 * writes what validating would return. Only a library the adapter can read a schema of can prove
 * it: zod 4 (every node checked, see the kit's zodOutputMayDiffer). Any other library (joi,
 * arktype…) may default, trim or transform in ways its JSON Schema does not show, so it validates.
 */
function provablyPlainOutput (schema: StandardSchemaV1): boolean {
  return schema['~standard'].vendor === 'zod' && (schema as { _zod?: unknown })._zod !== undefined && !zodOutputMayDiffer(schema)
}

/**
 * A serializer compiler for response schemas of any Standard Schema library. Output holds only what
 * the schema declares: through fast-json-stringify when the schema exposes its output as JSON Schema
 * (`~standard.jsonSchema`, the Standard JSON Schema interface) and the adapter can prove the schema
 * rewrites nothing (zod 4 today), else by validating the payload
 * (libraries strip undeclared keys of their object schemas) and JSON.stringify of the value.
 * Serialization is synchronous, so a schema whose validation returns a promise cannot serve here.
 */
export function createSerializerCompiler (options: StandardSchemaSerializerOptions = {}): SerializerCompiler {
  const serializeThroughJsonSchema = createOutputSchemaSerializer(options.fjs)
  const useJsonSchema = options.jsonSchema !== false
  const validateOptions: StandardSchemaV1.Options | undefined = options.libraryOptions === undefined ? undefined : { libraryOptions: options.libraryOptions }

  return function standardSchemaSerializerCompiler (input: SerializerCompilerInput): SerializerFunction {
    const { method, url, httpStatus } = input
    const schema: unknown = input.schema
    const where = `${String(method)} ${String(url)} (response ${String(httpStatus)})`
    assertStandardSchema(schema, where)
    if (useJsonSchema && provablyPlainOutput(schema)) {
      const jsonSchema = jsonSchemaOf(schema, 'output')
      // undefined when fast-json-stringify cannot compile it: the validate path still serves it.
      const fast = jsonSchema === undefined ? undefined : serializeThroughJsonSchema(input, jsonSchema)
      if (fast !== undefined) return fast
    }
    const standard = schema['~standard']
    return function serializeWithStandardSchema (data: unknown): string {
      const result = standard.validate(data, validateOptions)
      if (isThenable(result)) {
        throw new StandardSchemaSerializationError('ENC_ERR_STANDARD_SCHEMA_ASYNC_RESPONSE', `${where}: the response schema validates asynchronously, which a serializer cannot wait for`, [])
      }
      if (result.issues !== undefined && result.issues !== null) {
        const validation = toValidationIssues(result.issues, data, standard.vendor)
        throw new StandardSchemaSerializationError('ENC_ERR_STANDARD_SCHEMA_RESPONSE_MISMATCH', describeIssues('response', validation), validation, result)
      }
      return JSON.stringify(result.value)
    }
  }
}

/** The serializer compiler with the default options, for `setSerializerCompiler(serializerCompiler)`. */
export const serializerCompiler: SerializerCompiler = createSerializerCompiler()
