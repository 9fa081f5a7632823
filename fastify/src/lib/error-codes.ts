import enclaveCore from '@enclave/core'
import { fastify5ErrorCodes } from '@enclave/core/internal'

/**
 * Codes whose feature Fastify 5 removed (`setDefaultRoute`, string `version` constraints checked at
 * registration, the `http2` option's version check): Fastify 5's `errorCodes` has no such keys, so
 * code that feature-tests `'FST_ERR_…' in errorCodes` sees v5's answer.
 */
const removedInFastify5 = ['FST_ERR_DEFAULT_ROUTE_INVALID_TYPE', 'FST_ERR_VERSION_CONSTRAINT_NOT_STR', 'FST_ERR_HTTP2_INVALID_VERSION'] as const

/** avvio's own code, which Fastify does not export either. */
const notInFastify5 = ['AVV_ERR_PLUGIN_NOT_VALID']

/**
 * Fastify 5's `errorCodes`: the core's error classes (so `instanceof` holds against what the core
 * throws) under every code Fastify 5.12 still has, with Fastify 5's message where it changed (those
 * classes extend the core's). A plain object, as Fastify's: an app may add its own codes to it.
 */
export const errorCodes = Object.assign(
  Object.fromEntries(Object.entries(enclaveCore.errorCodes).filter(([code]) => !(removedInFastify5 as readonly string[]).includes(code) && !notInFastify5.includes(code))),
  fastify5ErrorCodes
) as Omit<typeof enclaveCore.errorCodes, typeof removedInFastify5[number]>
