/** `request.routeOptions`: the frozen view of a route's options, in Fastify 4.29's shape. */
import type { RouteOptionsView } from '../types/route.js'

/** What the view shows, as Fastify 4.29 lists it; `config` and `schema` are there but not enumerated. */
export interface RouteOptionsFields {
  method: string | string[] | undefined
  url: string | undefined
  bodyLimit: number
  attachValidation: boolean | undefined
  logLevel: string
  exposeHeadRoute: boolean | undefined
  prefixTrailingSlash: string | undefined
  handler: RouteOptionsView['handler'] | undefined
  version: string | undefined
  config: Record<string, unknown> | undefined
  schema: unknown
}

/**
 * Fastify 4.29's view: these keys in this order (so `Object.keys` and `JSON.stringify` agree),
 * with `config` and `schema` readable but not enumerable.
 */
export function routeOptionsView (fields: RouteOptionsFields): Readonly<RouteOptionsView> {
  const view = {
    method: fields.method,
    url: fields.url,
    bodyLimit: fields.bodyLimit,
    attachValidation: fields.attachValidation,
    logLevel: fields.logLevel,
    exposeHeadRoute: fields.exposeHeadRoute,
    prefixTrailingSlash: fields.prefixTrailingSlash,
    handler: fields.handler,
    version: fields.version
  }
  Object.defineProperty(view, 'config', { value: fields.config, enumerable: false })
  Object.defineProperty(view, 'schema', { value: fields.schema, enumerable: false })
  return Object.freeze(view) as unknown as Readonly<RouteOptionsView>
}

/** The view with `version` set: Fastify 4.29 shows the version the request asked for (Accept-Version). */
export function routeOptionsWithVersion (view: Readonly<RouteOptionsView>, version: string): Readonly<RouteOptionsView> {
  return routeOptionsView({
    method: view.method,
    url: view.url,
    bodyLimit: view.bodyLimit,
    attachValidation: view.attachValidation,
    logLevel: view.logLevel ?? '',
    exposeHeadRoute: view.exposeHeadRoute,
    prefixTrailingSlash: view.prefixTrailingSlash,
    handler: view.handler,
    version,
    config: view.config,
    schema: view.schema
  })
}
