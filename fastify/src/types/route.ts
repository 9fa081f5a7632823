import type {
  ConstraintStrategy, HandlerReturn, RouteGeneric, RouteHandler as EnclaveRouteHandler, RouteOptions as EnclaveRouteOptions, RouteShorthand, RouteShorthandOptions as EnclaveRouteShorthandOptions
} from '@enclave/core'
import type { FastifyInstance } from './instance.js'
import type { FastifyBaseLogger } from './logger.js'
import type { FastifyReply } from './reply.js'
import type { FastifyRequest } from './request.js'
import type { FastifySchema } from './schema.js'
import type { FastifyTypeProvider, FastifyTypeProviderDefault } from './type-provider.js'
import type { ContextConfigDefault, HTTPMethods, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerBase, RawServerDefault } from './utils.js'

/** The parts a route may type explicitly: `app.get<{ Querystring: Q, Reply: R }>(…)`. */
export interface RouteGenericInterface extends RouteGeneric {}

/** Route options besides method, url and handler, with Fastify v4's type parameters. */
export interface RouteShorthandOptions<
  RawServer extends RawServerBase = RawServerDefault,
  RawRequest extends RawRequestDefaultExpression<RawServer> = RawRequestDefaultExpression<RawServer>,
  RawReply extends RawReplyDefaultExpression<RawServer> = RawReplyDefaultExpression<RawServer>,
  RouteGeneric extends RouteGenericInterface = RouteGenericInterface,
  _ContextConfig = ContextConfigDefault,
  SchemaCompiler extends FastifySchema = FastifySchema,
  TypeProvider extends FastifyTypeProvider = FastifyTypeProviderDefault,
  Logger extends FastifyBaseLogger = FastifyBaseLogger
> extends EnclaveRouteShorthandOptions<RouteGeneric, SchemaCompiler, FastifyInstance<RawServer, RawRequest, RawReply, Logger, TypeProvider>> {}

/** A route handler typed as Fastify v4 types it: `this` the instance, request and reply of the route. */
export type RouteHandlerMethod<
  RawServer extends RawServerBase = RawServerDefault,
  RawRequest extends RawRequestDefaultExpression<RawServer> = RawRequestDefaultExpression<RawServer>,
  RawReply extends RawReplyDefaultExpression<RawServer> = RawReplyDefaultExpression<RawServer>,
  RouteGeneric extends RouteGenericInterface = RouteGenericInterface,
  ContextConfig = ContextConfigDefault,
  SchemaCompiler extends FastifySchema = FastifySchema,
  TypeProvider extends FastifyTypeProvider = FastifyTypeProviderDefault,
  Logger extends FastifyBaseLogger = FastifyBaseLogger
> = (
  this: FastifyInstance<RawServer, RawRequest, RawReply, Logger, TypeProvider>,
  request: FastifyRequest<RouteGeneric, RawServer, RawRequest, SchemaCompiler, TypeProvider, ContextConfig, Logger>,
  reply: FastifyReply<RawServer, RawRequest, RawReply, RouteGeneric, ContextConfig, SchemaCompiler, TypeProvider>
) => HandlerReturn<RouteGeneric, SchemaCompiler>

/** The same handler with the route generic first. */
export type RouteHandler<
  RouteGeneric extends RouteGenericInterface = RouteGenericInterface,
  RawServer extends RawServerBase = RawServerDefault,
  RawRequest extends RawRequestDefaultExpression<RawServer> = RawRequestDefaultExpression<RawServer>,
  RawReply extends RawReplyDefaultExpression<RawServer> = RawReplyDefaultExpression<RawServer>,
  ContextConfig = ContextConfigDefault,
  SchemaCompiler extends FastifySchema = FastifySchema,
  TypeProvider extends FastifyTypeProvider = FastifyTypeProviderDefault,
  Logger extends FastifyBaseLogger = FastifyBaseLogger
> = RouteHandlerMethod<RawServer, RawRequest, RawReply, RouteGeneric, ContextConfig, SchemaCompiler, TypeProvider, Logger>

export interface RouteShorthandOptionsWithHandler<
  RawServer extends RawServerBase = RawServerDefault,
  RawRequest extends RawRequestDefaultExpression<RawServer> = RawRequestDefaultExpression<RawServer>,
  RawReply extends RawReplyDefaultExpression<RawServer> = RawReplyDefaultExpression<RawServer>,
  RouteGeneric extends RouteGenericInterface = RouteGenericInterface,
  ContextConfig = ContextConfigDefault,
  SchemaCompiler extends FastifySchema = FastifySchema,
  TypeProvider extends FastifyTypeProvider = FastifyTypeProviderDefault,
  Logger extends FastifyBaseLogger = FastifyBaseLogger
> extends RouteShorthandOptions<RawServer, RawRequest, RawReply, RouteGeneric, ContextConfig, SchemaCompiler, TypeProvider, Logger> {
  handler: EnclaveRouteHandler<RouteGeneric, SchemaCompiler, FastifyInstance<RawServer, RawRequest, RawReply, Logger, TypeProvider>>
}

/** Everything `route()` takes, with Fastify v4's type parameters. */
export interface RouteOptions<
  RawServer extends RawServerBase = RawServerDefault,
  RawRequest extends RawRequestDefaultExpression<RawServer> = RawRequestDefaultExpression<RawServer>,
  RawReply extends RawReplyDefaultExpression<RawServer> = RawReplyDefaultExpression<RawServer>,
  RouteGeneric extends RouteGenericInterface = RouteGenericInterface,
  _ContextConfig = ContextConfigDefault,
  SchemaCompiler extends FastifySchema = FastifySchema,
  TypeProvider extends FastifyTypeProvider = FastifyTypeProviderDefault,
  Logger extends FastifyBaseLogger = FastifyBaseLogger
> extends EnclaveRouteOptions<RouteGeneric, SchemaCompiler, FastifyInstance<RawServer, RawRequest, RawReply, Logger, TypeProvider>> {
  method: HTTPMethods | HTTPMethods[] | string | string[]
}

/** The type of `app.get`, `app.post` …; Enclave infers the schema and path from each call. */
export type RouteShorthandMethod<
  RawServer extends RawServerBase = RawServerDefault,
  RawRequest extends RawRequestDefaultExpression<RawServer> = RawRequestDefaultExpression<RawServer>,
  RawReply extends RawReplyDefaultExpression<RawServer> = RawReplyDefaultExpression<RawServer>,
  TypeProvider extends FastifyTypeProvider = FastifyTypeProviderDefault,
  Logger extends FastifyBaseLogger = FastifyBaseLogger
> = RouteShorthand<FastifyInstance<RawServer, RawRequest, RawReply, Logger, TypeProvider>>

export type { FastifyRouteConfig } from './context.js'

/** A route's `constraints` option: `version`, `host`, or a custom strategy's name. */
export interface RouteConstraint {
  version?: string
  host?: RegExp | string
  [name: string]: unknown
}
/** A custom constraint strategy, as `addConstraintStrategy` and the `constraints` factory option take it. */
export type RouteConstraintType = ConstraintStrategy

/** The raw handler for requests no route matches (`getDefaultRoute` / `setDefaultRoute`). */
export type DefaultRoute<Request, Reply> = (req: Request, res: Reply) => void
