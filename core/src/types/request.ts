import type { IncomingMessage } from 'node:http'
import type { EnclaveLogger } from '../logging/logger.js'
import type { EnclaveInstance } from './instance.js'
import type { EnclaveRequestDecorations } from './decorations.js'
import type { RouteOptionsView } from './route.js'
import type { RequestParts, ResolveRequestParts, RouteGeneric, RouteSchema } from './route-types.js'
import type { HttpPart, ValidationError } from './schema.js'

/**
 * The request a handler or hook receives. Each part is typed from the first source that says
 * something about it: the route's generic (`G`, Fastify's RouteGeneric), its schema, its path (for
 * params), else `unknown`. Routes resolve these into `Parts` (see ResolveRequestParts); a request
 * written as `EnclaveRequest<{ Body: X }>` resolves them from `G` alone. Hooks added with `addHook`
 * see every route, so their request leaves both at the defaults.
 */
export interface EnclaveRequest<G extends RouteGeneric = RouteGeneric, Parts extends RequestParts = ResolveRequestParts<G, unknown, string>> extends EnclaveRequestDecorations {
  id: string
  params: Parts['params']
  query: Parts['query']
  body: Parts['body']
  headers: Parts['headers']
  raw: IncomingMessage
  readonly ip: string | undefined
  readonly ips: string[]
  readonly hostname: string
  readonly protocol: 'http' | 'https'
  readonly url: string
  readonly originalUrl: string
  readonly method: string
  readonly routeOptions: Readonly<RouteOptionsView>
  readonly routeConfig: Record<string, unknown>
  readonly routeSchema: RouteSchema | undefined
  readonly routerPath: string
  readonly routerMethod: string
  readonly is404: boolean
  readonly socket: IncomingMessage['socket']
  readonly server: EnclaveInstance
  log: EnclaveLogger
  /** Set instead of answering 400 when the route has `attachValidation: true`. */
  validationError?: ValidationError
  /**
   * The route generic, in the types only: a handler annotated with a request type that extends this
   * one (Fastify's `FastifyRequest<{ Body: B }>`) gives the route its generic through it.
   */
  readonly '~routeGeneric'?: G
}

export type { HttpPart }
