/**
 * `require('fastify/lib/symbols')`: frameworks built on Fastify 4 reach its symbols by this path.
 * NestJS's adapter reads `kRouteContext` to build a detached reply (see ./reply.ts); the symbol is
 * only a key of the request object it hands that reply, so any unique symbol serves.
 */
const symbols = Object.freeze({
  kRouteContext: Symbol('fastify.context')
})

export default symbols
export { symbols as 'module.exports' }
