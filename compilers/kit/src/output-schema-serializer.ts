import { createSerializerCompiler, type SerializerCompilerInput, type SerializerFunction, type SerializerOptions } from '@enclave/fjs'
import { withOptionalDefaults } from './optional-defaults.js'

/** Serializes through a JSON Schema of the parse output; undefined when fast-json-stringify cannot compile it. */
export type OutputSchemaSerializer = (input: SerializerCompilerInput, outputSchema: Record<string, unknown>) => SerializerFunction | undefined

/**
 * The fast path of a response serializer whose library can describe a schema's parse output as
 * JSON Schema: fast-json-stringify on that description (defaulted properties made optional again,
 * see withOptionalDefaults). `undefined` tells the adapter to fall back to its own parse and
 * JSON.stringify, which serves any schema the library accepts.
 */
export function createOutputSchemaSerializer (options: SerializerOptions = {}): OutputSchemaSerializer {
  const fjs = createSerializerCompiler({}, options)
  return function serializerForOutputSchema (input, outputSchema) {
    try {
      return fjs(Object.assign({}, input, { schema: withOptionalDefaults(outputSchema) }))
    } catch {
      return undefined
    }
  }
}
