/** `request.routeOptions`: a route's options in Fastify 4.29's shape (a new frozen object at each read) or Fastify 5's (a new plain one). */
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
  /** Fastify 5's `handlerTimeout` in effect for the route (0: none); only the v5 view shows it. */
  handlerTimeout?: number
}

/**
 * A route's view, prepared once (at ready()): each read of `request.routeOptions` copies it into a
 * new frozen object, as Fastify 4.29 builds one per read (so a caller cannot tell a cached one).
 */
export class RouteOptionsSource {
  readonly fields: RouteOptionsFields
  /** `config` and `schema`: read-only, not enumerable accessors, as Fastify 4.29 defines them. */
  readonly accessors: PropertyDescriptorMap

  constructor (fields: RouteOptionsFields) {
    this.fields = fields
    const config = fields.config
    const schema = fields.schema
    this.accessors = {
      config: { get: function get () { return config }, enumerable: false, configurable: false },
      schema: { get: function get () { return schema }, enumerable: false, configurable: false }
    }
  }
}

/**
 * Fastify 4.29's view: these keys in this order (so `Object.keys` and `JSON.stringify` agree), with
 * `config` and `schema` readable but not enumerable, and `version` the one the request asked for.
 */
export function routeOptionsOf (source: RouteOptionsSource, version: string | undefined): Readonly<RouteOptionsView> {
  const fields = source.fields
  const view = {
    method: fields.method,
    url: fields.url,
    bodyLimit: fields.bodyLimit,
    attachValidation: fields.attachValidation,
    logLevel: fields.logLevel,
    exposeHeadRoute: fields.exposeHeadRoute,
    prefixTrailingSlash: fields.prefixTrailingSlash,
    handler: fields.handler,
    version: version ?? fields.version
  }
  Object.defineProperties(view, source.accessors)
  return Object.freeze(view) as unknown as Readonly<RouteOptionsView>
}

/**
 * Fastify 5's view: a plain object (neither frozen nor with accessors) whose keys are all enumerable,
 * in its order, `handlerTimeout` among them; changing it changes nothing, as each read makes a new one.
 */
export function fastify5RouteOptionsOf (source: RouteOptionsSource, version: string | undefined): RouteOptionsView {
  const fields = source.fields
  return {
    method: fields.method,
    url: fields.url,
    bodyLimit: fields.bodyLimit,
    handlerTimeout: fields.handlerTimeout ?? 0,
    attachValidation: fields.attachValidation,
    logLevel: fields.logLevel,
    exposeHeadRoute: fields.exposeHeadRoute,
    prefixTrailingSlash: fields.prefixTrailingSlash,
    handler: fields.handler,
    config: fields.config,
    schema: fields.schema,
    version: version ?? fields.version
  } as unknown as RouteOptionsView
}
