import type { IncomingMessage } from 'node:http'
import type { EnclaveLogger } from '../logging/logger.js'
import type { EnclaveInstanceCore } from './instance.js'
import type { EnclaveRequestDecorations } from './decorations.js'
import type { RouteOptionsView } from './route.js'
import type { RequestParts, ResolveRequestParts, RouteGeneric, RouteSchema } from './route-types.js'
import type { HttpPart, ValidationError, ValidationIssue } from './schema.js'

/**
 * The request a handler or hook receives. Each part is typed from the first source that says
 * something about it: the route's generic (`G`, Fastify's RouteGeneric), its schema, its path (for
 * params), else `unknown`. Routes resolve these into `Parts` (see ResolveRequestParts); a request
 * written as `EnclaveRequest<{ Body: X }>` resolves them from `G` alone. Hooks added with `addHook`
 * see every route, so their request leaves both at the defaults.
 */
// `Raw` is the raw request's type: Node's IncomingMessage, or what Fastify's types give (HTTP/2's request).
// `Config` is the route config's type (Fastify's types give FastifyContextConfig and the route's ContextConfig).
export interface EnclaveRequest<G extends RouteGeneric = RouteGeneric, Parts extends RequestParts = ResolveRequestParts<G, unknown, string>, Raw = IncomingMessage, Config = Record<string, unknown>> extends EnclaveRequestDecorations {
  id: string
  params: Parts['params']
  query: Parts['query']
  body: Parts['body']
  headers: Parts['headers']
  raw: Raw
  readonly ip: string | undefined
  /** With trustProxy only (undefined without, as in Fastify). */
  readonly ips?: string[]
  /** The host as Fastify 4.29 gives it: with the port (`example.com:8080`); Fastify 5's `host`. */
  readonly hostname: string
  /** The host the request was sent to, port included (X-Forwarded-Host with trustProxy, `:authority` over HTTP/2). */
  readonly host: string
  /** The port in `host` as a number; null when it names none. */
  readonly port: number | null
  /** The lower-cased media type of `Content-Type` (`application/json`); undefined without one or when it is malformed. */
  readonly mediaType: string | undefined
  /** Aborts when the client goes away before the response is finished (watched from its first read). */
  readonly signal: AbortSignal
  readonly protocol: 'http' | 'https'
  readonly url: string
  readonly originalUrl: string
  readonly method: string
  readonly routeOptions: Readonly<RouteOptionsView<Config>>
  readonly routeConfig: Config
  readonly routeSchema: RouteSchema | undefined
  readonly routerPath: string
  readonly routerMethod: string
  readonly is404: boolean
  readonly socket: IncomingMessage['socket']
  /** @deprecated Use `socket`: reading `connection` emits FSTDEP005, as in Fastify v4. */
  readonly connection: IncomingMessage['socket']
  // The instance without its route methods: routes are declared before start, and each face
  // (Enclave's, Fastify's) types those methods its own way.
  readonly server: EnclaveInstanceCore
  log: EnclaveLogger
  /** A request member by name (a decoration or a built-in), a function bound to the request; FST_ERR_DEC_UNDECLARED when there is none. */
  getDecorator<T = unknown> (name: string | symbol): T
  /** Assigns a request member that exists (a declared decoration); FST_ERR_DEC_UNDECLARED otherwise. */
  setDecorator<T = unknown> (name: string | symbol, value: T): void
  /** Set instead of answering 400 when the route has `attachValidation: true`. */
  validationError?: ValidationError
  /**
   * The route's validator for a part, or the function compiled for this schema object on this
   * route. `undefined` at run time when there is none; typed without it, as Fastify v4 types it.
   */
  getValidationFunction<Result = boolean> (httpPart: RequestValidationPart): RequestValidationFunction<Result>
  getValidationFunction<Result = boolean> (schema: object): RequestValidationFunction<Result>
  /** Compiles `schema` with the route's validator compiler (`httpPart` is passed to it), once per route and schema object. */
  compileValidationSchema<Result = boolean> (schema: object, httpPart?: RequestValidationPart): RequestValidationFunction<Result>
  /**
   * Validates `input` with the route's validator for `httpPart`, else with `schema` compiled as by
   * compileValidationSchema, and returns what the validator returns: a boolean with the default
   * Ajv compiler, `{ value } | { error }` with compilers whose validators return that.
   */
  validateInput<Result = boolean> (input: unknown, schema: object, httpPart?: RequestValidationPart): Result
  validateInput<Result = boolean> (input: unknown, httpPart?: RequestValidationPart): Result
  /**
   * The route generic, in the types only: a handler annotated with a request type that extends this
   * one (Fastify's `FastifyRequest<{ Body: B }>`) gives the route its generic through it.
   */
  readonly '~routeGeneric'?: G
}

/** A part named to the request validation methods; `query` is an alias of `querystring`. */
export type RequestValidationPart = HttpPart | 'query'

/**
 * A validator given by the request validation methods: the compiler's function as it is. With the
 * default Ajv compiler it returns a boolean and leaves the last call's errors on `errors` (null
 * when valid), Fastify v4's shape; `Result` names another compiler's result.
 */
export interface RequestValidationFunction<Result = boolean> {
  (input: unknown): Result
  errors?: null | ValidationIssue[]
}

export type { HttpPart }
