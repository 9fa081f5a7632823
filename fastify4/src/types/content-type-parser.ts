import type { AddContentTypeParserFor, BodyParserFor, ConstructorAction, ContentTypeParserFor, ProtoAction } from '@enclave/core/internal'
import type { FastifyRequest } from './request.js'
import type { RouteGenericInterface } from './route.js'
import type { FastifySchema } from './schema.js'
import type { FastifyTypeProvider, FastifyTypeProviderDefault } from './type-provider.js'
import type { RawRequestDefaultExpression, RawServerBase, RawServerDefault } from './utils.js'

export type { ConstructorAction, ProtoAction, hasContentTypeParser, removeAllContentTypeParsers, removeContentTypeParser } from '@enclave/core/internal'

/** A body parser given `parseAs: 'string' | 'buffer'`: it receives the whole body. */
export type FastifyBodyParser<
  RawBody extends string | Buffer,
  RawServer extends RawServerBase = RawServerDefault,
  RawRequest extends RawRequestDefaultExpression<RawServer> = RawRequestDefaultExpression<RawServer>,
  RouteGeneric extends RouteGenericInterface = RouteGenericInterface,
  SchemaCompiler extends FastifySchema = FastifySchema,
  TypeProvider extends FastifyTypeProvider = FastifyTypeProviderDefault
> = BodyParserFor<FastifyRequest<RouteGeneric, RawServer, RawRequest, SchemaCompiler, TypeProvider>, RawBody>

/** A body parser reading the raw request stream itself. */
export type FastifyContentTypeParser<
  RawServer extends RawServerBase = RawServerDefault,
  RawRequest extends RawRequestDefaultExpression<RawServer> = RawRequestDefaultExpression<RawServer>,
  RouteGeneric extends RouteGenericInterface = RouteGenericInterface,
  SchemaCompiler extends FastifySchema = FastifySchema,
  TypeProvider extends FastifyTypeProvider = FastifyTypeProviderDefault
> = ContentTypeParserFor<FastifyRequest<RouteGeneric, RawServer, RawRequest, SchemaCompiler, TypeProvider>, RawRequest>

/** The type of `addContentTypeParser`. */
export interface AddContentTypeParser<
  RawServer extends RawServerBase = RawServerDefault,
  RawRequest extends RawRequestDefaultExpression<RawServer> = RawRequestDefaultExpression<RawServer>,
  RouteGeneric extends RouteGenericInterface = RouteGenericInterface,
  SchemaCompiler extends FastifySchema = FastifySchema,
  TypeProvider extends FastifyTypeProvider = FastifyTypeProviderDefault
> extends AddContentTypeParserFor<FastifyRequest<RouteGeneric, RawServer, RawRequest, SchemaCompiler, TypeProvider>, RawRequest> {}

export type getDefaultJsonParser = (onProtoPoisoning: ProtoAction, onConstructorPoisoning: ConstructorAction) => FastifyBodyParser<string>
