import type { AjvPluginEntry } from '@enclave/ajv'
import { ENC_ERR_ERROR_MESSAGE_INVALID_OPTION } from './errors.js'
import type { AjvOnCreate, AjvOptions, ErrorMessageOptions } from './types.js'

export interface ResolvedOptions {
  maxErrors: number
  ajvErrors: { keepErrors: boolean, singleError: boolean | string }
  customOptions: AjvOptions
  plugins: readonly AjvPluginEntry[]
  onCreate: AjvOnCreate | undefined
}

function isObject (value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function invalid (name: string, what: string): Error {
  return new ENC_ERR_ERROR_MESSAGE_INVALID_OPTION(`options.${name}`, what)
}

/** Checks everything at registration, so a mistake fails `register()` instead of `ready()` or a request. */
export function resolveOptions (given: ErrorMessageOptions | undefined): ResolvedOptions {
  if (given !== undefined && !isObject(given)) throw new ENC_ERR_ERROR_MESSAGE_INVALID_OPTION('the options', 'an object')
  const options = (given ?? {}) as Record<string, unknown>

  const maxErrors = options.maxErrors ?? 10
  if (typeof maxErrors !== 'number' || !Number.isInteger(maxErrors) || maxErrors < 1) {
    throw invalid('maxErrors', 'a positive integer')
  }
  const keepErrors = options.keepErrors ?? false
  if (typeof keepErrors !== 'boolean') throw invalid('keepErrors', 'a boolean')
  const singleError = options.singleError ?? false
  if (typeof singleError !== 'boolean' && (typeof singleError !== 'string' || singleError === '')) {
    throw invalid('singleError', 'a boolean or a non-empty separator string')
  }
  const customOptions = options.customOptions ?? {}
  if (!isObject(customOptions)) throw invalid('customOptions', 'an object of Ajv options')
  // Turning it off would only make ajv-errors throw; saying so here names the real problem.
  if (customOptions.allErrors === false) throw invalid('customOptions.allErrors', 'true (ajv-errors needs every error)')
  const plugins = options.plugins ?? []
  if (!Array.isArray(plugins)) throw invalid('plugins', 'an array of Ajv plugins')
  const onCreate = options.onCreate
  if (onCreate !== undefined && typeof onCreate !== 'function') throw invalid('onCreate', 'a function')

  return {
    maxErrors,
    ajvErrors: { keepErrors, singleError },
    customOptions: customOptions as AjvOptions,
    plugins: plugins as AjvPluginEntry[],
    onCreate: onCreate as AjvOnCreate | undefined
  }
}
