// A plugin adds an overload to Fastify's RouteShorthandMethod interface, as @fastify/websocket does for
// `{ websocket: true }`: every shorthand of the instance (get, post … all) takes it, and the plain
// overloads still type the handler's request and reply as FastifyRequest / FastifyReply.
// Checked by tsc, never run.
import Fastify, {
  type ContextConfigDefault, type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifySchema,
  type FastifyTypeProvider, type FastifyTypeProviderDefault, type RawReplyDefaultExpression, type RawRequestDefaultExpression,
  type RawServerBase, type RawServerDefault, type RequestGenericInterface, type RouteShorthandOptions
} from 'fastify'
import { assertType, type Equal } from './expect.js'

interface Probe { readonly probed: true }

declare module 'fastify' {
  interface RouteShorthandMethod<
    RawServer extends RawServerBase = RawServerDefault,
    RawRequest extends RawRequestDefaultExpression<RawServer> = RawRequestDefaultExpression<RawServer>,
    RawReply extends RawReplyDefaultExpression<RawServer> = RawReplyDefaultExpression<RawServer>,
    TypeProvider extends FastifyTypeProvider = FastifyTypeProviderDefault,
    Logger extends FastifyBaseLogger = FastifyBaseLogger
  > {
    <RequestGeneric extends RequestGenericInterface = RequestGenericInterface, ContextConfig = ContextConfigDefault, SchemaCompiler extends FastifySchema = FastifySchema> (
      path: string,
      opts: RouteShorthandOptions<RawServer, RawRequest, RawReply, RequestGeneric, ContextConfig, SchemaCompiler, TypeProvider, Logger> & { probe: true },
      // `unknown`, not websocket's `void`: a void-returning overload makes type-aware lint flag every async handler of the project.
      handler?: (probe: Probe, request: FastifyRequest<RequestGeneric, RawServer, RawRequest>) => unknown
    ): FastifyInstance<RawServer, RawRequest, RawReply, Logger, TypeProvider>
  }
}

const app = Fastify()
app.get('/probe', { probe: true }, (probe, request) => {
  assertType<Equal<typeof probe, Probe>>()
  assertType<Equal<typeof request.url, string>>()
})
app.post('/probe', { probe: true }, (probe) => { assertType<Equal<typeof probe, Probe>>() })
app.all('/probe', { probe: true }, (probe) => { assertType<Equal<typeof probe, Probe>>() })
app.get('/plain', async (request, reply) => {
  const asRequest: FastifyRequest = request
  const asReply: FastifyReply = reply
  return { url: asRequest.url, sent: asReply.sent }
})
