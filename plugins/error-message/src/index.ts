import plugin, { type WrappedPlugin } from '@enclave/plugin'
import * as errors from './errors.js'
import { errorMessage } from './plugin.js'

export type { ErrorMessageOptions } from './types.js'
export { errors }

/**
 * Wrapped, so it configures the context where `register` is called (and that context's
 * descendants), as users expect from "register this plugin here". Unwrapped, it would configure
 * only a fresh child context of its own that holds no routes, and so change nothing.
 */
const enclaveErrorMessage: WrappedPlugin<typeof errorMessage, '@enclave/error-message'> =
  plugin(errorMessage, { name: '@enclave/error-message', enclave: '0.x' })

export { enclaveErrorMessage as errorMessage }

// `require('@enclave/error-message')` returns the plugin itself (see docs/architecture.md).
const exported: typeof enclaveErrorMessage & { errorMessage: typeof enclaveErrorMessage, errors: typeof errors } =
  Object.assign(enclaveErrorMessage, { errorMessage: enclaveErrorMessage, errors })
export default exported
export { exported as 'module.exports' }
