import type { HttpPart } from '@enclave/core'
import { YupCompilerError } from './errors.js'
import type { YupValidateOptions, YupValidatorOptions } from './types.js'

const httpParts: readonly HttpPart[] = ['body', 'querystring', 'params', 'headers']

const yupOptionNames = new Set(['strict', 'abortEarly', 'stripUnknown', 'recursive', 'disableStackTrace', 'context'])

/**
 * A stack trace per failed request is pure cost (the 400 never shows it), so yup is asked not to
 * capture one unless the user sets disableStackTrace: false.
 */
const adapterDefaults: YupValidateOptions = { disableStackTrace: true }

function optionsError (message: string): YupCompilerError {
  return new YupCompilerError('ENC_ERR_YUP_INVALID_OPTIONS', message)
}

function isPlainObject (value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
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

function looksLikeCompilerInput (options: Record<string, unknown>): boolean {
  return 'httpPart' in options || ('schema' in options && 'method' in options)
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
  if (options !== undefined && looksLikeCompilerInput(options as Record<string, unknown>)) {
    throw optionsError('createValidatorCompiler() was called as a validator compiler: pass validatorCompiler, or the result of createValidatorCompiler(options), to setValidatorCompiler()')
  }
  const { parts, async: forceAsync, ...common } = options ?? {}
  checkYupOptions(common, 'createValidatorCompiler(options)')
  if (forceAsync !== undefined && forceAsync !== 'auto' && forceAsync !== true) {
    throw optionsError(`createValidatorCompiler(options): options.async must be 'auto' or true, got ${String(forceAsync)}`)
  }
  if (parts !== undefined && !isPlainObject(parts)) {
    throw optionsError('createValidatorCompiler(options): options.parts must be an object keyed by body, querystring, params or headers')
  }
  for (const key of Object.keys(parts ?? {})) {
    if (!(httpParts as readonly string[]).includes(key)) {
      throw optionsError(`createValidatorCompiler(options): options.parts.${key} is not a request part (body, querystring, params, headers)`)
    }
  }
  const preferences = {} as { [P in HttpPart]: YupValidateOptions }
  for (const part of httpParts) {
    const own: unknown = parts?.[part]
    if (own !== undefined) checkYupOptions(own, `createValidatorCompiler(options): options.parts.${part}`)
    preferences[part] = Object.assign({}, adapterDefaults, common, own)
  }
  return { preferences, forceAsync: forceAsync === true }
}
