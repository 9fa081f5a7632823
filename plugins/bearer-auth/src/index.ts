import plugin, { type WrappedPlugin } from '@enclave/plugin'
import { bearerAuth } from './plugin.js'
import * as errors from './errors.js'

export type {
  BearerAuthFunction,
  BearerAuthHook,
  BearerAuthOptions,
  BearerAuthResult,
  VerifyBearerAuth,
  VerifyBearerAuthFactory
} from './types.js'
export { errors }

/**
 * Wrapped like @fastify/bearer-auth (fastify-plugin): the hook lands in the context where
 * `register` is called, so registering it inside a child plugin protects only that child's routes.
 */
const enclaveBearerAuth: WrappedPlugin<typeof bearerAuth, '@enclave/bearer-auth'> = plugin(bearerAuth, { name: '@enclave/bearer-auth', enclave: '0.x' })

export { enclaveBearerAuth as bearerAuth }

// `require('@enclave/bearer-auth')` returns the plugin itself (see docs/architecture.md).
const exported: typeof enclaveBearerAuth & { bearerAuth: typeof enclaveBearerAuth, errors: typeof errors } =
  Object.assign(enclaveBearerAuth, { bearerAuth: enclaveBearerAuth, errors })
export default exported
export { exported as 'module.exports' }
