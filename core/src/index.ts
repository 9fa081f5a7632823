/** `@enclave/core`'s entry: the factory (also as the CommonJS module itself), the error catalogue, and the public types. */
import { enclave } from './enclave.js'
import { errorCodes } from './errors/codes.js'
import { createError } from './errors/create-error.js'
import { defaultSchemaErrorFormatter } from './schema/error-formatter.js'
import { LogController } from './logging/log-controller.js'
import { kSkipOverride, kDisplayName, kPluginMeta } from './symbols.js'

export type * from './types/index.js'
export type { EnclaveError, EnclaveErrorClass } from './errors/create-error.js'
export type { ErrorCode } from './errors/codes.js'
export type { LogControllerOptions } from './logging/log-controller.js'

/**
 * `require('@enclave/core')` returns the factory itself (with `.enclave`, `.default`,
 * `.errorCodes`), like Fastify's module; `import enclave, { errorCodes } from '@enclave/core'` too.
 */
const exported = Object.assign(enclave, {
  enclave,
  fastify: enclave,
  default: enclave,
  errorCodes,
  createError,
  defaultSchemaErrorFormatter,
  LogController,
  symbols: { kSkipOverride, kDisplayName, kPluginMeta }
})

export default exported
export { enclave, enclave as fastify, errorCodes, createError, defaultSchemaErrorFormatter, LogController }
export { exported as 'module.exports' }
