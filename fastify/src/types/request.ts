import type { EnclaveRequest } from '@enclave/core'
import type { FastifyContextConfig, FastifyRouteConfig } from './context.js'
import type { FastifyInstance } from './instance.js'
import type { FastifyBaseLogger } from './logger.js'
import type { RouteGenericInterface, RouteHandlerMethod } from './route.js'
import type { FastifySchema, FastifySchemaValidationError } from './schema.js'
import type { FastifyTypeProvider, FastifyTypeProviderDefault, GenericOrProvided } from './type-provider.js'
import type { ContextConfigDefault, HTTPMethods, RawRequestDefaultExpression, RawServerBase, RawServerDefault, RecordKeysToLowercase } from './utils.js'

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
 * A request's parts as Fastify 5.12 types them: each from the route generic when it gives it, else
 * from the route's schema for that part through the type provider's `validator` (the default one
 * gives `unknown`); header names lower-cased, as Node hands them over.
 */
export interface ResolveFastifyRequestType<TypeProvider extends FastifyTypeProvider, SchemaCompiler extends FastifySchema, RouteGeneric extends RouteGenericInterface> extends FastifyRequestType {
  params: GenericOrProvided<RouteGeneric['Params'], SchemaCompiler['params'], TypeProvider>
  query: GenericOrProvided<RouteGeneric['Querystring'], SchemaCompiler['querystring'], TypeProvider>
  headers: RecordKeysToLowercase<GenericOrProvided<RouteGeneric['Headers'], SchemaCompiler['headers'], TypeProvider>>
  body: GenericOrProvided<RouteGeneric['Body'], SchemaCompiler['body'], TypeProvider>
}

/**
 * The options of the route a request matched (`request.routeOptions`), with the route's typed
 * `config`. `method` is an array for a multi-method route; a not-found request has no `url`.
 */
export interface RequestRouteOptions<ContextConfig = ContextConfigDefault, SchemaCompiler = FastifySchema> {
  method: HTTPMethods | HTTPMethods[]
  url: string | undefined
  bodyLimit: number
  /** The route's handler timeout in milliseconds (0: none). */
  handlerTimeout: number
  attachValidation: boolean
  logLevel: string
  exposeHeadRoute: boolean
  prefixTrailingSlash: string
  config: FastifyContextConfig & FastifyRouteConfig & ContextConfig
  /** Absent for a not-found request. */
  schema?: SchemaCompiler
  handler: RouteHandlerMethod
  version?: string
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
}, RawRequest, FastifyContextConfig & FastifyRouteConfig & ContextConfig>, 'server' | 'log' | 'ip' | 'routeOptions' | 'validationError' | RetypedRequestMembers | RemovedInFastify5> {
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
  getValidationFunction (httpPart: HTTPRequestPart): ValidationFunction | undefined
  getValidationFunction (schema: { [key: string]: any }): ValidationFunction | undefined
  compileValidationSchema (schema: { [key: string]: any }, httpPart?: HTTPRequestPart): ValidationFunction
  validateInput (input: any, schema: { [key: string]: any }, httpPart?: HTTPRequestPart): boolean
  validateInput (input: any, httpPart?: HTTPRequestPart): boolean
  getDecorator<T> (name: string | symbol): T
  setDecorator<T = unknown> (name: string | symbol, value: T): void
}

/** The request parts a schema validates. */
type HTTPRequestPart = 'body' | 'query' | 'querystring' | 'params' | 'headers'
/** Request members Fastify 5 types its own way (declared above). */
type RetypedRequestMembers = 'getValidationFunction' | 'compileValidationSchema' | 'validateInput' | 'getDecorator' | 'setDecorator'

/** Request members Fastify 5 removed (`routeOptions` and `socket` replace them). */
type RemovedInFastify5 = 'context' | 'routerPath' | 'routerMethod' | 'routeConfig' | 'routeSchema' | 'connection'

/** A validator as the request's validation methods return it (Fastify's name). */
export interface ValidationFunction {
  (input: any): boolean
  errors?: null | FastifySchemaValidationError[]
}
