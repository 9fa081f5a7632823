import Joi from 'joi'
import type { ValidationOptions } from 'joi'
import { calledAsCompilerMessage, httpParts, isCompilerInput, isPlainObject, partsNotAnObjectMessage, unknownPartMessage } from '@enclave/compiler-kit'
import type { HttpPart } from '@enclave/core'
import { JoiCompilerError } from './errors.js'
import type { JoiValidatorOptions } from './types.js'

// Each changes the shape of what Joi returns, which the `{ value } | { error }` contract relies on.
const refusedOptions = ['warnings', 'artifacts', 'debug'] as const

/**
 * Requests carry many headers a route never declares (host, user-agent, …) and Joi objects refuse
 * unknown keys, so header schemas allow them unless the user says otherwise.
 */
const partDefaults: { readonly [P in HttpPart]: ValidationOptions } = {
  body: {},
  querystring: {},
  params: {},
  headers: { allowUnknown: true }
}

function optionsError (message: string): JoiCompilerError {
  return new JoiCompilerError('ENC_ERR_JOI_INVALID_OPTIONS', message)
}

/** Joi's own check, run once here so a typo fails at startup instead of on every request. */
export function checkJoiOptions (options: ValidationOptions, where: string): void {
  for (const name of refusedOptions) {
    if ((options as Record<string, unknown>)[name] !== undefined) {
      throw optionsError(`${where}: the Joi option "${name}" is not supported (it changes what validate() returns)`)
    }
  }
  try {
    Joi.checkPreferences(options)
  } catch (error) {
    throw optionsError(`${where}: ${error instanceof Error ? error.message : String(error)}`)
  }
}

/**
 * The Joi preferences of each part, merged once: part defaults, then the options for every part,
 * then `parts[part]`. `undefined` when a part has none, which spares Joi a merge per call.
 */
export function preferencesByPart (options: JoiValidatorOptions | undefined): { [P in HttpPart]: ValidationOptions | undefined } {
  if (options !== undefined && !isPlainObject(options)) {
    throw optionsError(`createValidatorCompiler(options): options must be an object, got ${typeof options}`)
  }
  if (options !== undefined && isCompilerInput(options as Record<string, unknown>)) throw optionsError(calledAsCompilerMessage)
  const { parts, ...common } = options ?? {}
  if (parts !== undefined && !isPlainObject(parts)) throw optionsError(partsNotAnObjectMessage)
  checkJoiOptions(common, 'createValidatorCompiler(options)')
  const result = { body: undefined, querystring: undefined, params: undefined, headers: undefined } as { [P in HttpPart]: ValidationOptions | undefined }
  const unknownPart = unknownPartMessage(parts ?? {})
  if (unknownPart !== undefined) throw optionsError(unknownPart)
  for (const part of httpParts) {
    const own: ValidationOptions | undefined = (parts as JoiValidatorOptions['parts'])?.[part]
    if (own !== undefined) {
      if (!isPlainObject(own)) throw optionsError(`createValidatorCompiler(options): options.parts.${part} must be an object`)
      checkJoiOptions(own, `createValidatorCompiler(options): options.parts.${part}`)
    }
    const merged: ValidationOptions = Object.assign({}, partDefaults[part], common, own)
    result[part] = Object.keys(merged).length === 0 ? undefined : merged
  }
  return result
}
