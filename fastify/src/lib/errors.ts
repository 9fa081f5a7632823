import { errorCodes } from './error-codes.js'

/**
 * `require('fastify/lib/errors')`: Fastify v5's package has no exports map, so plugins and their
 * tests reach its error classes by this path. The classes are the ones `errorCodes` holds, so
 * `instanceof` holds whichever way they were reached; as in Fastify, the module is an object of its own.
 */
const errors = Object.assign({}, errorCodes)

export default errors
export { errors as 'module.exports' }
