import enclaveCore from '@enclave/core'
import { notInFastify4Catalogue } from '@enclave/core/internal'

const notInFastify4 = new Set<string>(notInFastify4Catalogue)

/**
 * Fastify 4.29's `errorCodes`: the core's error classes under Fastify 4.29's codes (see
 * notInFastify4Catalogue), and Enclave's own. A plain object, as Fastify's: an app may add its own
 * codes to it.
 */
export const errorCodes = Object.fromEntries(Object.entries(enclaveCore.errorCodes).filter(([code]) => !notInFastify4.has(code))) as typeof enclaveCore.errorCodes
