import type { EnclaveInstance, EnclaveRequest, EnclaveReply, ListenOptions } from '@enclave/core'
import type { FastifyContextConfig } from './context.js'
import type { FastifyBaseLogger } from './logger.js'
import type { FastifyReply } from './reply.js'
import type { FastifyRequest } from './request.js'
import type { FastifyTypeProvider, FastifyTypeProviderDefault } from './type-provider.js'
import type { HTTPMethods, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerBase, RawServerDefault } from './utils.js'

/**
 * What `declare module 'fastify' { interface FastifyRequest { … } }` (an app's or a plugin's) added
 * to the request: the members Enclave's request does not have, plus the Fastify-typed ones
 * (`server`, `routeOptions` …) that carry other augmentations.
 */
type AddedToRequest = Omit<FastifyRequest, Exclude<keyof EnclaveRequest, 'server' | 'routeOptions' | 'routeConfig'>>
type AddedToReply = Omit<FastifyReply, Exclude<keyof EnclaveReply, 'server' | 'request' | 'routeOptions'>>

/**
 * Fastify v4's instance: Enclave's instance under Fastify's name and type parameters (the raw
 * server, request and reply types, the logger and the type provider are accepted and do not change
 * what Enclave infers). An interface, so `declare module 'fastify' { interface FastifyInstance { db: Db } }`
 * adds to it. The request and reply of every route and hook declared on it carry what was added to
 * `FastifyRequest` and `FastifyReply`, through the same carrier `decorateRequest()` uses.
 */
export interface FastifyInstance<
  RawServer extends RawServerBase = RawServerDefault,
  RawRequest extends RawRequestDefaultExpression<RawServer> = RawRequestDefaultExpression<RawServer>,
  RawReply extends RawReplyDefaultExpression<RawServer> = RawReplyDefaultExpression<RawServer>,
  Logger extends FastifyBaseLogger = FastifyBaseLogger,
  TypeProvider extends FastifyTypeProvider = FastifyTypeProviderDefault
> extends EnclaveInstance {
  // `raw` follows the server type, as Fastify's generics give it (HTTP/2's compatibility objects).
  readonly '~decorations'?: {
    readonly request: AddedToRequest & { raw: RawRequest }
    readonly reply: AddedToReply & { raw: RawReply }
    readonly routeConfig?: FastifyContextConfig
  }
  /** Marks plugins typed for this instance, so an `enclave()` app can register them too (see core's register). */
  readonly '~face'?: 'fastify'
}

export interface FastifyListenOptions extends ListenOptions {
  readableAll?: boolean
  writableAll?: boolean
  listenTextResolver?: (address: string) => string
}

export interface PrintRoutesOptions {
  method?: HTTPMethods
  includeMeta?: boolean | Array<string | symbol>
  commonPrefix?: boolean
  includeHooks?: boolean
}

/** What `findRoute()` gives: the route's options and the params the url carries (`null` when no route matches). */
export type FindMyWayFindResult<_RawServer extends RawServerBase = RawServerDefault> = ReturnType<EnclaveInstance['findRoute']>
