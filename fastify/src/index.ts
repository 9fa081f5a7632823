import enclaveCore from '@enclave/core'
import { createServer, fastifyProfile } from '@enclave/core/internal'
import type { EnclaveOptions } from '@enclave/core'
import type {
  FastifyBaseLogger, FastifyHttpOptions, FastifyInstance, FastifyTypeProvider, FastifyTypeProviderDefault,
  RawReplyDefaultExpression, RawRequestDefaultExpression
} from './types.js'

export type * from './types.js'

/** Fastify v4's factory: the one Enclave core, every option at Fastify 4.29's value. */
function fastify<
  Server extends import('node:http').Server = import('node:http').Server,
  Request extends RawRequestDefaultExpression<Server> = RawRequestDefaultExpression<Server>,
  Reply extends RawReplyDefaultExpression<Server> = RawReplyDefaultExpression<Server>,
  Logger extends FastifyBaseLogger = FastifyBaseLogger,
  TypeProvider extends FastifyTypeProvider = FastifyTypeProviderDefault
> (options?: FastifyHttpOptions<Server, Logger>): FastifyInstance<Server, Request, Reply, Logger, TypeProvider> {
  // Fastify's instance type is Enclave's with the interfaces Fastify code augments (types.ts).
  return createServer(options as EnclaveOptions, fastifyProfile) as FastifyInstance<Server, Request, Reply, Logger, TypeProvider>
}

const { errorCodes } = enclaveCore

/** `require('fastify')` is the factory itself, with `.fastify`, `.default` and `.errorCodes`, as Fastify's module. */
const exported = Object.assign(fastify, { fastify, default: fastify, errorCodes })

export default exported
export { exported as 'module.exports', fastify, errorCodes }
