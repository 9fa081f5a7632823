/**
 * Errors thrown while wrapping. They are programmer errors raised at module load, so they are
 * TypeErrors (what the caller got wrong is a type) and carry a stable `code` that tests and tools can
 * match instead of the wording; `statusCode` 500 follows the convention that every Enclave error has one.
 */
export class PluginWrapperError extends TypeError {
  readonly code: string
  readonly statusCode = 500

  constructor (code: string, message: string) {
    super(message)
    this.code = code
  }
}

export const ENC_ERR_PLUGIN_INVALID = 'ENC_ERR_PLUGIN_INVALID'
export const ENC_ERR_PLUGIN_INVALID_OPTIONS = 'ENC_ERR_PLUGIN_INVALID_OPTIONS'
export const ENC_ERR_PLUGIN_INVALID_VERSION = 'ENC_ERR_PLUGIN_INVALID_VERSION'
export const ENC_ERR_PLUGIN_INVALID_NAME = 'ENC_ERR_PLUGIN_INVALID_NAME'

/**
 * Describes a bad value in a message: `typeof` alone would call both `null` and arrays 'object',
 * which is exactly the confusion the message should clear up.
 */
export function describeType (value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  return typeof value
}
