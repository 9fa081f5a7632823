import { calledAsCompilerMessage, httpParts, isCompilerInput, isPlainObject, partsNotAnObjectMessage, unknownPartMessage } from '@enclave/compiler-kit'
import type { HttpPart } from '@enclave/core'
import { YupCompilerError } from './errors.js'
import type { YupValidateOptions, YupValidatorOptions } from './types.js'

const yupOptionNames = new Set(['strict', 'abortEarly', 'stripUnknown', 'recursive', 'disableStackTrace', 'context'])

/**
 * A stack trace per failed request is pure cost (the 400 never shows it), so yup is asked not to
 * capture one unless the user sets disableStackTrace: false.
 */
const adapterDefaults: YupValidateOptions = { disableStackTrace: true }

function optionsError (message: string): YupCompilerError {
  return new YupCompilerError('ENC_ERR_YUP_INVALID_OPTIONS', message)
}

/** yup ignores option names it does not know; a typo is caught here, at startup, instead. */
export function checkYupOptions (options: unknown, where: string): asserts options is YupValidateOptions {
  if (!isPlainObject(options)) throw optionsError(`${where} must be an object, got ${options === null ? 'null' : typeof options}`)
  for (const name of Object.keys(options)) {
    if (!yupOptionNames.has(name)) {
      throw optionsError(`${where}: "${name}" is not a yup validate option (${[...yupOptionNames].join(', ')})`)
    }
  }
}

export interface CompilerSettings {
  readonly preferences: { readonly [P in HttpPart]: YupValidateOptions }
  readonly forceAsync: boolean
}

/** The yup options of each part, merged once: adapter defaults, options for every part, `parts[part]`. */
export function settingsFrom (options: YupValidatorOptions | undefined): CompilerSettings {
  if (options !== undefined && !isPlainObject(options)) {
    throw optionsError(`createValidatorCompiler(options): options must be an object, got ${options === null ? 'null' : typeof options}`)
  }
  if (options !== undefined && isCompilerInput(options as Record<string, unknown>)) throw optionsError(calledAsCompilerMessage)
  const { parts, async: forceAsync, ...common } = options ?? {}
  checkYupOptions(common, 'createValidatorCompiler(options)')
  if (forceAsync !== undefined && forceAsync !== 'auto' && forceAsync !== true) {
    throw optionsError(`createValidatorCompiler(options): options.async must be 'auto' or true, got ${String(forceAsync)}`)
  }
  if (parts !== undefined && !isPlainObject(parts)) throw optionsError(partsNotAnObjectMessage)
  const unknownPart = unknownPartMessage(parts ?? {})
  if (unknownPart !== undefined) throw optionsError(unknownPart)
  const preferences = {} as { [P in HttpPart]: YupValidateOptions }
  for (const part of httpParts) {
    const own: unknown = parts?.[part]
    if (own !== undefined) checkYupOptions(own, `createValidatorCompiler(options): options.parts.${part}`)
    preferences[part] = Object.assign({}, adapterDefaults, common, own)
  }
  return { preferences, forceAsync: forceAsync === true }
}
