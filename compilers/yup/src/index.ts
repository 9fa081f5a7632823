import { createValidatorCompiler, validatorCompiler } from './validator-compiler.js'
import { createSerializerCompiler, serializerCompiler } from './serializer-compiler.js'
import { toJSONSchema } from './json-schema.js'
import { adapterBinding } from '@enclave/compiler-kit'
import { YupCompilerError, YupSerializationError, YupValidationError } from './errors.js'

export { createValidatorCompiler, validatorCompiler } from './validator-compiler.js'
export { createSerializerCompiler, serializerCompiler } from './serializer-compiler.js'
export { toJSONSchema } from './json-schema.js'
export { jsonSchemaTransform, jsonSchemaTransformObject, openapiTransforms, type JsonSchemaTarget, type ToJSONSchemaOptions } from '@enclave/compiler-kit'
export { YupCompilerError, YupSerializationError, YupValidationError } from './errors.js'
export type { HttpPart, YupSerializerOptions, YupValidateOptions, YupValidatorOptions } from './types.js'

// `require('@enclave/yup')` returns this binding (see docs/architecture.md): the validator compiler
// factory itself, carrying the other values.
const exported = adapterBinding(
  { createValidatorCompiler, validatorCompiler, createSerializerCompiler, serializerCompiler, toJSONSchema },
  { YupValidationError, YupCompilerError, YupSerializationError }
)
export default exported
export { exported as 'module.exports' }
