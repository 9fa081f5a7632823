/** The value `require('@enclave/<adapter>')` returns: the validator compiler factory, carrying the package's other exports. */
import { jsonSchemaTransform, jsonSchemaTransformObject, openapiTransforms } from './openapi-transform.js'

/** What every adapter package exports besides its error classes and the kit's OpenAPI transforms. */
export interface AdapterExports<Factory extends (...args: never[]) => unknown> {
  createValidatorCompiler: Factory
  validatorCompiler: unknown
  createSerializerCompiler: unknown
  serializerCompiler: unknown
  toJSONSchema: unknown
}

/**
 * Builds an adapter's default export (see docs/architecture.md, "CommonJS and ESM"): the factory
 * itself, so `require()` callers can call it, with every named export attached.
 */
export function adapterBinding<Factory extends (...args: never[]) => unknown, Exports extends AdapterExports<Factory>, Errors extends Record<string, unknown>> (
  exports: Exports,
  errors: Errors
): Factory & Exports & Errors & { default: Factory, jsonSchemaTransform: typeof jsonSchemaTransform, jsonSchemaTransformObject: typeof jsonSchemaTransformObject, openapiTransforms: typeof openapiTransforms } {
  const factory = exports.createValidatorCompiler
  return Object.assign(factory, exports, { default: factory, jsonSchemaTransform, jsonSchemaTransformObject, openapiTransforms }, errors)
}
