import { createValidatorCompiler, validatorCompiler } from './validator-compiler.js'
import { createSerializerCompiler, serializerCompiler } from './serializer-compiler.js'
import { YupCompilerError, YupSerializationError, YupValidationError } from './errors.js'

export { createValidatorCompiler, validatorCompiler } from './validator-compiler.js'
export { createSerializerCompiler, serializerCompiler } from './serializer-compiler.js'
export { YupCompilerError, YupSerializationError, YupValidationError } from './errors.js'
export type { HttpPart, YupSerializerOptions, YupValidateOptions, YupValidatorOptions } from './types.js'

// `require('@enclave/yup')` returns this binding (see docs/architecture.md): the validator compiler
// factory itself, carrying the other values.
const exported = Object.assign(createValidatorCompiler, {
  createValidatorCompiler,
  default: createValidatorCompiler,
  validatorCompiler,
  createSerializerCompiler,
  serializerCompiler,
  YupValidationError,
  YupCompilerError,
  YupSerializationError
})
export default exported
export { exported as 'module.exports' }
