import { defaultAjvOptions } from './default-options.js'
import { AjvCompilerError, AsyncSchemaError, InvalidSharedSchemaError, MissingHttpPartError, UnknownKeywordError } from './errors.js'
import { createValidatorCompiler, createValidatorCompilerFactory } from './factory.js'

export { defaultAjvOptions } from './default-options.js'
export { AjvCompilerError, AsyncSchemaError, InvalidSharedSchemaError, MissingHttpPartError, UnknownKeywordError } from './errors.js'
export { createValidatorCompiler, createValidatorCompilerFactory } from './factory.js'
export type { CodeCache } from './code-cache.js'
export type {
  AjvCompilerOptions,
  AjvPlugin,
  AjvPluginEntry,
  HttpPart,
  ValidationFunction,
  ValidatorCompiler,
  ValidatorCompilerFactory,
  ValidatorCompilerInput
} from './types.js'

// `require('@enclave/ajv')` returns this binding (see docs/architecture.md), so CommonJS callers
// get the factory itself with the other values hanging off it.
const exported = Object.assign(createValidatorCompilerFactory, {
  createValidatorCompilerFactory,
  default: createValidatorCompilerFactory,
  createValidatorCompiler,
  defaultAjvOptions,
  AjvCompilerError,
  AsyncSchemaError,
  InvalidSharedSchemaError,
  MissingHttpPartError,
  UnknownKeywordError
})
export default exported
export { exported as 'module.exports' }
