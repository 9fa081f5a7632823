import { createOutputSchemaSerializer, zodOutputMayDiffer } from '@enclave/compiler-kit'
import type { SerializerCompiler, SerializerCompilerInput, SerializerFunction } from '@enclave/core'
import { ajvWordingErrorMap } from './ajv-wording.js'
import { ZodSerializationError } from './errors.js'
import type { ZodSerializerOptions } from './types.js'
import { toValidationIssues } from './validation-issues.js'
import { assertZodSchema, compiledOrSelf, earlyAbortingContext, jsonSchemaOf, safeParsersOf } from './zod-schema.js'

/**
 * A serializer compiler for response schemas written with Zod 4. Output holds only what the schema
 * declares: through fast-json-stringify when `z.toJSONSchema` can express the schema's output, else
 * by parsing the payload with Zod (which strips unknown keys, runs transforms) and JSON.stringify.
 * A payload the parse rejects is a 500 with ZodSerializationError's code and message.
 */
export function createSerializerCompiler (options: ZodSerializerOptions = {}): SerializerCompiler {
  const serializeThroughJsonSchema = createOutputSchemaSerializer(options.fjs)
  const useJsonSchema = options.jsonSchema !== false
  const compile = options.compile !== false
  const parseContext = earlyAbortingContext(options.parseOptions, options.parseOptions?.error !== undefined ? undefined : ajvWordingErrorMap)

  return function zodSerializerCompiler (input: SerializerCompilerInput): SerializerFunction {
    const { method, url, httpStatus } = input
    const schema: unknown = input.schema
    assertZodSchema(schema, `${String(method)} ${String(url)} (response ${String(httpStatus)})`)
    // A schema that may rewrite its output (a transform, .trim(), .default(), z.never()…) is parsed,
    // so the response carries what the schema says; decided here, once per route.
    if (useJsonSchema && !zodOutputMayDiffer(schema)) {
      const jsonSchema = jsonSchemaOf(schema, 'output', 'throw')
      // undefined when fast-json-stringify cannot compile it: the parse path still serves it.
      const fast = jsonSchema === undefined ? undefined : serializeThroughJsonSchema(input, jsonSchema)
      if (fast !== undefined) return fast
    }
    const parsers = safeParsersOf(compiledOrSelf(schema, compile))
    return function serializeWithZod (data: unknown): string {
      const result = parsers.sync(data, parseContext)
      if (!result.success) {
        throw new ZodSerializationError(toValidationIssues(result.error.issues, data, true), result.error)
      }
      return JSON.stringify(result.data)
    }
  }
}

/** The serializer compiler with the default options, for `setSerializerCompiler(serializerCompiler)`. */
export const serializerCompiler: SerializerCompiler = createSerializerCompiler()
