import type { AjvPluginEntry } from '@enclave/ajv'
import type { AjvOnCreate, AjvOptions } from './types.js'

export interface AppValidatorOptions {
  customOptions: AjvOptions
  plugins: readonly AjvPluginEntry[]
  onCreate: AjvOnCreate | undefined
}

function pluginFunctionOf (entry: AjvPluginEntry): unknown {
  return Array.isArray(entry) ? entry[0] : entry
}

/**
 * The application's `ajv` / `validator` option group, read from `instance.initialConfig`. This
 * context's Ajv starts from it so that the errorMessage keyword is the only difference from the
 * default compiler: an app that installed ajv-merge-patch or changed `removeAdditional` keeps that.
 * An ajv-errors the application installed itself is left out (this plugin installs it with its own
 * options; installing it twice would throw "keyword errorMessage is already defined").
 */
export function appValidatorOptions (initialConfig: Readonly<Record<string, unknown>>, ajvErrors: unknown): AppValidatorOptions {
  const group = (initialConfig.validator ?? initialConfig.ajv) as Record<string, unknown> | undefined
  if (group === undefined || group === null || typeof group !== 'object') {
    return { customOptions: {}, plugins: [], onCreate: undefined }
  }
  const plugins = Array.isArray(group.plugins) ? group.plugins as AjvPluginEntry[] : []
  return {
    customOptions: (typeof group.customOptions === 'object' && group.customOptions !== null ? group.customOptions : {}) as AjvOptions,
    plugins: plugins.filter(function isNotAjvErrors (entry) {
      const fn = pluginFunctionOf(entry)
      return fn !== ajvErrors && (fn as { name?: unknown } | undefined)?.name !== 'ajvErrors'
    }),
    onCreate: typeof group.onCreate === 'function' ? group.onCreate as AjvOnCreate : undefined
  }
}
