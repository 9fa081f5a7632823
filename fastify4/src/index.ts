import enclaveCore from '@enclave/core'
import { createServer, fastify4Profile, preloadNodeBuiltins } from '@enclave/core/internal'
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

/**
 * Codes Fastify 4.29's `errorCodes` does not have (Fastify 5's additions, and avvio's own code): left
 * out, so code that feature-tests `'FST_ERR_…' in errorCodes` sees 4.29's answer. The core still throws
 * them where an option of its own asks for them; `@enclave/core`'s `errorCodes` has every class.
 */
const notInFastify4 = new Set([
  'FST_ERR_LOG_INVALID_LOGGER_CONFIG', 'FST_ERR_LOG_INVALID_LOGGER_INSTANCE', 'FST_ERR_LOG_LOGGER_AND_LOGGER_INSTANCE_PROVIDED',
  'FST_ERR_LOG_INVALID_LOG_CONTROLLER', 'FST_ERR_CTP_INVALID_JSON_BODY', 'FST_ERR_DEC_REFERENCE_TYPE', 'FST_ERR_DEC_UNDECLARED',
  'FST_ERR_REP_READABLE_STREAM_LOCKED', 'FST_ERR_ROUTE_LOG_LEVEL_INVALID', 'FST_ERR_ROUTE_HANDLER_TIMEOUT_OPTION_NOT_INT',
  'FST_ERR_HANDLER_TIMEOUT', 'FST_ERR_ROUTE_MISSING_CONTENT_TYPE', 'FST_ERR_ROUTE_MISSING_CONTENT', 'FST_ERR_ERROR_HANDLER_ALREADY_SET',
  'FST_ERR_MAX_PARAM_LENGTH', 'FST_ERR_PLUGIN_INVALID_ASYNC_HANDLER', 'FST_ERR_PLUGIN_DEPENDENCY_NOT_REGISTERED', 'AVV_ERR_PLUGIN_NOT_VALID'
])

const errorCodes = Object.freeze(Object.fromEntries(Object.entries(enclaveCore.errorCodes).filter(([code]) => !notInFastify4.has(code)))) as typeof enclaveCore.errorCodes

/** `require('fastify')` is the factory itself, with `.fastify`, `.default` and `.errorCodes`, as Fastify's module. */
/** The factory as the module gives it: each of `.fastify` and `.default` is the factory again, with every member. */
type Fastify = typeof fastify & { errorCodes: typeof errorCodes, fastify: Fastify, default: Fastify }

// One object: `.fastify` and `.default` are the factory that Object.assign gave these members.
const exported = Object.assign(fastify, { fastify, default: fastify, errorCodes }) as Fastify

export default exported
export { exported as fastify, errorCodes }
export { exported as 'module.exports' }
