import { kFastifyRouteContext } from '@enclave/core/internal'

/**
 * `require('fastify/lib/symbols')`: frameworks built on Fastify 4 reach its symbols by this path.
 * NestJS's adapter reads `kRouteContext` to build a detached reply (see ./reply.ts); plugins' test
 * suites read a request's route context through it: its hook lists, `config` and `schema`.
 */
const symbols = Object.freeze({
  kRouteContext: kFastifyRouteContext
})

export default symbols
export { symbols as 'module.exports' }
