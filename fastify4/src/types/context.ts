import type { ContextConfigDefault, HTTPMethods } from './utils.js'

/**
 * What a route's `config` option holds; plugins and apps augment it
 * (`declare module 'fastify' { interface FastifyContextConfig { rateLimit?: … } }`). It types
 * `request.routeOptions.config`.
 */
export interface FastifyContextConfig {}

/** What Fastify adds to every route's config. */
export interface FastifyRouteConfig {
  url: string
  method: HTTPMethods | HTTPMethods[]
}

export interface FastifyRequestContext<ContextConfig = ContextConfigDefault> {
  config: FastifyContextConfig & FastifyRouteConfig & ContextConfig
}
export interface FastifyReplyContext<ContextConfig = ContextConfigDefault> {
  config: FastifyContextConfig & FastifyRouteConfig & ContextConfig
}
