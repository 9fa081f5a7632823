import { createValidatorCompiler, validatorCompiler } from './validator-compiler.js'
import { createSerializerCompiler, serializerCompiler } from './serializer-compiler.js'
import { ZodCompilerError, ZodSerializationError, ZodValidationError } from './errors.js'

export { createValidatorCompiler, validatorCompiler } from './validator-compiler.js'
export { createSerializerCompiler, serializerCompiler } from './serializer-compiler.js'
export { ZodCompilerError, ZodSerializationError, ZodValidationError } from './errors.js'
export type { HttpPart, ZodSerializerOptions, ZodValidatorOptions } from './types.js'

// `require('@enclave/zod')` returns this binding (see docs/architecture.md): the validator compiler
// factory itself, carrying the other values.
const exported = Object.assign(createValidatorCompiler, {
  createValidatorCompiler,
  default: createValidatorCompiler,
  validatorCompiler,
  createSerializerCompiler,
  serializerCompiler,
  ZodValidationError,
  ZodCompilerError,
  ZodSerializationError
})
export default exported
export { exported as 'module.exports' }
