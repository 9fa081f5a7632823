import { createValidatorCompilerFactory, type AjvCompilerOptions, type ValidatorCompilerFactory } from '@enclave/ajv'
import type { EnclaveInstance, ValidatorCompiler } from '@enclave/core'
import ajvErrorsModule from 'ajv-errors'
import { appValidatorOptions } from './app-validator-options.js'
import { capErrors } from './cap-errors.js'
import { ENC_ERR_ERROR_MESSAGE_AJV_SETUP, ENC_ERR_ERROR_MESSAGE_MISSING_REF } from './errors.js'
import { resolveOptions } from './options.js'
import type { ErrorMessageOptions } from './types.js'

// ajv-errors is CommonJS; under NodeNext its typed default import is the module object, and the
// plugin function hangs off `.default` (which ajv-errors points back at itself).
const ajvErrors = ajvErrorsModule.default

function chainOnCreate (first: AjvCompilerOptions['onCreate'], second: AjvCompilerOptions['onCreate']): AjvCompilerOptions['onCreate'] {
  if (first === undefined) return second
  if (second === undefined) return first
  return function onCreateBoth (ajv) {
    first(ajv)
    second(ajv)
  }
}

/** Keeps the original error reachable for debugging, without it being serialised along. */
function withCause (error: Error, cause: unknown): Error {
  Object.defineProperty(error, 'cause', { value: cause, enumerable: false, configurable: true, writable: true })
  return error
}

/** Ajv's MissingRefError (it carries `missingRef`) gets a hint about registration order. */
function explainMissingRef (error: unknown): unknown {
  if (!(error instanceof Error) || typeof (error as { missingRef?: unknown }).missingRef !== 'string') return error
  return withCause(new ENC_ERR_ERROR_MESSAGE_MISSING_REF(error.message), error)
}

/**
 * Sets, in the context it is registered in, a validator compiler whose Ajv knows the errorMessage
 * keyword and runs with allErrors. The plugin is wrapped (index.ts), so "the context it is
 * registered in" is the caller's: that context and its descendants get it, its parent and
 * siblings keep the default compiler (allErrors false, default messages).
 */
export async function errorMessage (instance: EnclaveInstance, given: ErrorMessageOptions): Promise<void> {
  const options = resolveOptions(given)
  const app = appValidatorOptions(instance.initialConfig, ajvErrors)
  const factory: ValidatorCompilerFactory = createValidatorCompilerFactory({
    customOptions: { ...app.customOptions, ...options.customOptions, allErrors: true },
    plugins: [...app.plugins, ...options.plugins, [ajvErrors, options.ajvErrors]],
    onCreate: chainOnCreate(app.onCreate, options.onCreate)
  })
  try {
    // Builds one Ajv now, so options ajv-errors or a plugin refuses fail register(), not ready().
    factory({})
  } catch (error) {
    throw withCause(new ENC_ERR_ERROR_MESSAGE_AJV_SETUP(error instanceof Error ? error.message : String(error)), error)
  }

  const ownCompilers = new WeakSet<ValidatorCompiler>()

  /**
   * One compiler per context, reading that context's shared schemas when routes are compiled
   * (at ready(), when every addSchema has run). Contexts that see the same schemas still share one
   * Ajv instance: the factory caches by schema content.
   */
  function compilerFor (context: EnclaveInstance): ValidatorCompiler {
    const compiler: ValidatorCompiler = function compileWithErrorMessages (input) {
      let validate
      try {
        validate = factory(context.getSchemas())(input)
      } catch (error) {
        throw explainMissingRef(error)
      }
      return capErrors(validate, options.maxErrors)
    }
    ownCompilers.add(compiler)
    return compiler
  }

  instance.setValidatorCompiler(compilerFor(instance))
  // A child context may add shared schemas of its own, which this context's compiler cannot see. So
  // each new child that would inherit our compiler gets its own; a child under a context that set
  // another compiler keeps that one (the nearest setValidatorCompiler wins, as without the plugin).
  instance.addHook('onRegister', function giveChildItsOwnCompiler (child: EnclaveInstance) {
    if (ownCompilers.has(child.validatorCompiler as ValidatorCompiler)) child.setValidatorCompiler(compilerFor(child))
  })
}
