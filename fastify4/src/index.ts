import { createServer, fastify4Profile, preloadNodeBuiltins } from '@enclave/core/internal'
import { errorCodes } from './lib/error-codes.js'
import type { EnclaveOptions } from '@enclave/core'
import type { Http2SecureServer, Http2Server } from 'node:http2'
import type {
  FastifyBaseLogger, FastifyHttp2Options, FastifyHttp2SecureOptions, FastifyHttpOptions, FastifyHttpsOptions, FastifyInstance, FastifyTypeProvider, FastifyTypeProviderDefault,
  RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerBase
} from './types.js'

/** What Fastify's factory returns: the instance, awaitable (it resolves once plugins are loaded). */
type FastifyFactoryResult<
  Server extends RawServerBase, Request extends RawRequestDefaultExpression<Server>, Reply extends RawReplyDefaultExpression<Server>,
  Logger extends FastifyBaseLogger, TypeProvider extends FastifyTypeProvider
> = FastifyInstance<Server, Request, Reply, Logger, TypeProvider> & PromiseLike<FastifyInstance<Server, Request, Reply, Logger, TypeProvider>>

export type * from './types.js'

// Fastify 4.29 loads these when it is loaded; an instrumentation set up after the app was loaded sees the same.
preloadNodeBuiltins(['node:http', 'node:https', 'node:tls', 'node:dns'])

/** Fastify v4's factory: the one Enclave core, every option at Fastify 4.29's value. */
// The overloads are Fastify's: the server type follows `http2` and `https`.
function fastify<
  Server extends Http2SecureServer,
  Request extends RawRequestDefaultExpression<Server> = RawRequestDefaultExpression<Server>,
  Reply extends RawReplyDefaultExpression<Server> = RawReplyDefaultExpression<Server>,
  Logger extends FastifyBaseLogger = FastifyBaseLogger,
  TypeProvider extends FastifyTypeProvider = FastifyTypeProviderDefault
> (options: FastifyHttp2SecureOptions<Server, Logger>): FastifyFactoryResult<Server, Request, Reply, Logger, TypeProvider>
function fastify<
  Server extends Http2Server,
  Request extends RawRequestDefaultExpression<Server> = RawRequestDefaultExpression<Server>,
  Reply extends RawReplyDefaultExpression<Server> = RawReplyDefaultExpression<Server>,
  Logger extends FastifyBaseLogger = FastifyBaseLogger,
  TypeProvider extends FastifyTypeProvider = FastifyTypeProviderDefault
> (options: FastifyHttp2Options<Server, Logger>): FastifyFactoryResult<Server, Request, Reply, Logger, TypeProvider>
function fastify<
  Server extends import('node:https').Server,
  Request extends RawRequestDefaultExpression<Server> = RawRequestDefaultExpression<Server>,
  Reply extends RawReplyDefaultExpression<Server> = RawReplyDefaultExpression<Server>,
  Logger extends FastifyBaseLogger = FastifyBaseLogger,
  TypeProvider extends FastifyTypeProvider = FastifyTypeProviderDefault
> (options: FastifyHttpsOptions<Server, Logger>): FastifyFactoryResult<Server, Request, Reply, Logger, TypeProvider>
function fastify<
  Server extends import('node:http').Server = import('node:http').Server,
  Request extends RawRequestDefaultExpression<Server> = RawRequestDefaultExpression<Server>,
  Reply extends RawReplyDefaultExpression<Server> = RawReplyDefaultExpression<Server>,
  Logger extends FastifyBaseLogger = FastifyBaseLogger,
  TypeProvider extends FastifyTypeProvider = FastifyTypeProviderDefault
> (options?: FastifyHttpOptions<Server, Logger>): FastifyFactoryResult<Server, Request, Reply, Logger, TypeProvider>
function fastify<
  Server extends import('node:http').Server = import('node:http').Server,
  Request extends RawRequestDefaultExpression<Server> = RawRequestDefaultExpression<Server>,
  Reply extends RawReplyDefaultExpression<Server> = RawReplyDefaultExpression<Server>,
  Logger extends FastifyBaseLogger = FastifyBaseLogger,
  TypeProvider extends FastifyTypeProvider = FastifyTypeProviderDefault
> (options?: FastifyHttpOptions<Server, Logger> | FastifyHttpsOptions<import('node:https').Server, Logger> | FastifyHttp2Options<Http2Server, Logger> | FastifyHttp2SecureOptions<Http2SecureServer, Logger>): FastifyFactoryResult<Server, Request, Reply, Logger, TypeProvider> {
  // Fastify's instance type is Enclave's with the interfaces Fastify code augments (types.ts); as in
  // Fastify's types, the instance is also awaitable (it waits for the plugins loaded so far).
  return createServer(options as unknown as EnclaveOptions, fastify4Profile) as unknown as FastifyFactoryResult<Server, Request, Reply, Logger, TypeProvider>
}

/** `require('fastify')` is the factory itself, with `.fastify`, `.default` and `.errorCodes`, as Fastify's module. */
/** The factory as the module gives it: each of `.fastify` and `.default` is the factory again, with every member. */
type Fastify = typeof fastify & { errorCodes: typeof errorCodes, fastify: Fastify, default: Fastify }

// One object: `.fastify` and `.default` are the factory that Object.assign gave these members.
const exported = Object.assign(fastify, { fastify, default: fastify, errorCodes }) as Fastify

export default exported
export { exported as fastify, errorCodes }
export { exported as 'module.exports' }
