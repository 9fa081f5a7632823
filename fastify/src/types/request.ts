import type { EnclaveRequest, RouteOptionsView } from '@enclave/core'
import type { FastifyContextConfig, FastifyRequestContext, FastifyRouteConfig } from './context.js'
import type { FastifyInstance } from './instance.js'
import type { FastifyBaseLogger } from './logger.js'
import type { RouteGenericInterface, RouteHandlerMethod } from './route.js'
import type { FastifySchema, FastifySchemaValidationError } from './schema.js'
import type { FastifyTypeProvider, FastifyTypeProviderDefault, GenericOrProvided } from './type-provider.js'
import type { ContextConfigDefault, RawRequestDefaultExpression, RawServerBase, RawServerDefault } from './utils.js'

export interface RequestGenericInterface {
  Body?: unknown
  Querystring?: unknown
  Params?: unknown
  Headers?: unknown
}

/** The four typed parts of a request (Fastify's `FastifyRequestType`). */
export interface FastifyRequestType<Params = unknown, Querystring = unknown, Headers = unknown, Body = unknown> {
  params: Params
  query: Querystring
  headers: Headers
  body: Body
}

/**
 * A request's parts as Fastify 4.29 types them: each from the route generic when it gives it, else
 * from the route's schema for that part through the type provider (the default one gives `unknown`).
 */
export interface ResolveFastifyRequestType<TypeProvider extends FastifyTypeProvider, SchemaCompiler extends FastifySchema, RouteGeneric extends RouteGenericInterface> extends FastifyRequestType {
  params: GenericOrProvided<RouteGeneric['Params'], SchemaCompiler['params'], TypeProvider>
  query: GenericOrProvided<RouteGeneric['Querystring'], SchemaCompiler['querystring'], TypeProvider>
  // Node hands header names over lower-cased, so the provider's names are lower-cased too (not the generic's).
  headers: GenericOrProvided<RouteGeneric['Headers'], SchemaCompiler['headers'], TypeProvider, 'lowercase'>
  body: GenericOrProvided<RouteGeneric['Body'], SchemaCompiler['body'], TypeProvider>
}

/**
 * The options of the route a request matched (`request.routeOptions`), with the route's typed
 * `config`. `method` is an array for a multi-method route; a not-found request has no `url`.
 */
export interface RequestRouteOptions<ContextConfig = ContextConfigDefault, SchemaCompiler = FastifySchema> extends RouteOptionsView<FastifyContextConfig & FastifyRouteConfig & ContextConfig> {
  schema?: SchemaCompiler & FastifySchema
  handler: RouteHandlerMethod
}

/**
 * Fastify v5's request: Enclave's request under Fastify's name and type parameters. An interface,
 * so `declare module 'fastify' { interface FastifyRequest { user: User } }` adds to it, and every
 * handler and hook of an app made by `fastify()` sees what was added (see instance.ts).
 */
export interface FastifyRequest<
  RouteGeneric extends RouteGenericInterface = RouteGenericInterface,
  RawServer extends RawServerBase = RawServerDefault,
  RawRequest extends RawRequestDefaultExpression<RawServer> = RawRequestDefaultExpression<RawServer>,
  SchemaCompiler extends FastifySchema = FastifySchema,
  TypeProvider extends FastifyTypeProvider = FastifyTypeProviderDefault,
  ContextConfig = ContextConfigDefault,
  Logger extends FastifyBaseLogger = FastifyBaseLogger,
  RequestType extends FastifyRequestType = ResolveFastifyRequestType<TypeProvider, SchemaCompiler, RouteGeneric>
> extends Omit<EnclaveRequest<RouteGeneric, {
  params: RequestType['params']
  query: RequestType['query']
  body: RequestType['body']
  headers: RawRequest['headers'] & RequestType['headers']
}, RawRequest, FastifyRequestContext<ContextConfig>['config']>, 'server' | 'log' | 'ip' | 'routeOptions' | 'validationError' | RemovedInFastify5> {
  readonly server: FastifyInstance
  log: Logger
  readonly ip: string
  /** Set instead of answering 400 when the route has `attachValidation: true`. */
  validationError?: Error & { validation: any, validationContext: string }
  readonly routeOptions: Readonly<RequestRouteOptions<ContextConfig, SchemaCompiler>>
  /** The Host (or HTTP/2 `:authority`, or trusted X-Forwarded-Host) value, port included. */
  readonly host: string
  /** The port of `host`, `null` when it names none. */
  readonly port: number | null
  /** Aborts when the client goes away before the reply is sent. */
  readonly signal: AbortSignal
  /** The body's media type (Content-Type without parameters), `undefined` without a body. */
  readonly mediaType: string | undefined
}

/** Request members Fastify 5 removed (`routeOptions` and `socket` replace them). */
type RemovedInFastify5 = 'context' | 'routerPath' | 'routeConfig' | 'routeSchema' | 'connection'

/** A validator as the request's validation methods return it (Fastify's name). */
export interface ValidationFunction {
  (input: any): boolean
  errors?: null | FastifySchemaValidationError[]
}
