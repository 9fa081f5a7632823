import enclaveCore from '@enclave/core'
import { createServer, fastifyProfile } from '@enclave/core/internal'
import type { EnclaveInstance, EnclaveOptions } from '@enclave/core'

export type * from './types.js'

/** Fastify v4's factory: the one Enclave core, every option at Fastify 4.29's value. */
function fastify (options?: EnclaveOptions): EnclaveInstance {
  return createServer(options, fastifyProfile)
}

const { errorCodes } = enclaveCore

/** `require('fastify')` is the factory itself, with `.fastify`, `.default` and `.errorCodes`, as Fastify's module. */
const exported = Object.assign(fastify, { fastify, default: fastify, errorCodes })

export default exported
export { exported as 'module.exports', fastify, errorCodes }
