import enclaveCore from '@enclave/core'

/**
 * `require('fastify/lib/errors')`: Fastify v4 has no exports map, so plugins and their tests reach
 * its error classes by this path. The classes are the ones `errorCodes` holds, so `instanceof`
 * holds whichever way they were reached.
 */
const errors = Object.freeze(Object.assign({}, enclaveCore.errorCodes))

export default errors
export { errors as 'module.exports' }
