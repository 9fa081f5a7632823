// Fastify 5.12's type contracts: what v5 added, what it removed from v4 (each removal an expected
// error), its type providers (`validator` for the request, `serializer` for the reply), its factory
// options and what `declare module 'fastify'` adds. Only Fastify's contracts: checked by tsc against
// @enclave/fastify (npm run typecheck) and against fastify@5.12.8
// (fastify/test/type-contracts-parity.test.ts), never run.
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Ajv } from 'ajv'
import type { Config as FindMyWayConfig, ConstraintStrategy, HTTPVersion } from 'find-my-way'
import Fastify, {
  errorCodes,
  type FastifyInstance, type FastifyReply,
  type FastifyRequest, type FastifyServerOptions, type RawServerDefault, type FastifyTypeProvider, type HTTPMethods, type SafePromiseLike
} from 'fastify'
import type { CallSerializerTypeProvider, CallValidatorTypeProvider, ResolveFastifyRequestType } from 'fastify/types/type-provider'
import type { FastifyRouterOptions, FastifyBaseLogger } from 'fastify'
import type { FindMyWayVersion } from 'fastify/types/instance'
import type { Readable } from 'node:stream'
import type * as LightMyRequest from 'light-my-request'
import type { InjectOptions, LightMyRequestCallback, LightMyRequestChain, LightMyRequestResponse } from 'fastify'
import { assertType, type Equal } from './expect.js'

declare module 'fastify' {
  interface FastifyContextConfig {
    rateLimit?: { max: number }
  }
  interface FastifyReply {
    sendOk: () => FastifyReply
  }
}

const app = Fastify()
declare const request: FastifyRequest
declare const reply: FastifyReply

// --- Removed in Fastify 5 -------------------------------------------------------------------
// @ts-expect-error request.context: read request.routeOptions
void request.context
// @ts-expect-error request.routerPath: read request.routeOptions.url
void request.routerPath
// @ts-expect-error request.routerMethod: read request.routeOptions.method
void request.routerMethod
// @ts-expect-error request.routeConfig: read request.routeOptions.config
void request.routeConfig
// @ts-expect-error request.routeSchema: read request.routeOptions.schema
void request.routeSchema
// @ts-expect-error request.connection: read request.socket
void request.connection
// @ts-expect-error reply.context: read reply.routeOptions
void reply.context
// @ts-expect-error reply.getResponseTime(): read reply.elapsedTime
void reply.getResponseTime()
// @ts-expect-error reply.redirect(code, url): the URL comes first
void reply.redirect(302, '/elsewhere')
// @ts-expect-error listen(port, host): give an options object
void app.listen(3000, '127.0.0.1')
// @ts-expect-error listen(port, callback)
void app.listen(3000, () => {})
// @ts-expect-error getDefaultRoute(): give routerOptions.defaultRoute
void app.getDefaultRoute()
// @ts-expect-error setDefaultRoute(): give routerOptions.defaultRoute
app.setDefaultRoute(() => {})
// @ts-expect-error a code Fastify 5 removed with setDefaultRoute
void errorCodes.FST_ERR_DEFAULT_ROUTE_INVALID_TYPE

// --- Request and reply --------------------------------------------------------------------------
assertType<Equal<typeof request.host, string>>()
assertType<Equal<typeof request.hostname, string>>()
assertType<Equal<typeof request.port, number | null>>()
assertType<Equal<typeof request.signal, AbortSignal>>()
assertType<Equal<typeof request.mediaType, string | undefined>>()
assertType<Equal<typeof request.routeOptions.handlerTimeout, number>>()
assertType<Equal<typeof request.routeOptions.method, HTTPMethods | HTTPMethods[]>>()
assertType<Equal<typeof request.routeOptions.url, string | undefined>>()
assertType<Equal<typeof request.routeOptions.config.rateLimit, { max: number } | undefined>>()
assertType<Equal<ReturnType<typeof request.getDecorator<number>>, number>>()
request.setDecorator('user', { id: 1 })
assertType<Equal<typeof reply.elapsedTime, number>>()
const sent: boolean = reply.sent
void sent
assertType<Equal<ReturnType<typeof reply.writeEarlyHints>, void>>()
reply.writeEarlyHints({ link: '</style.css>; rel=preload; as=style' })
assertType<Equal<typeof reply.routeOptions.config.url, string>>()
assertType<Equal<ReturnType<typeof reply.sendOk>, FastifyReply>>()
void reply.redirect('/elsewhere', 301)

// --- Instance -----------------------------------------------------------------------------------
assertType<Equal<ReturnType<typeof app.addresses>, Array<AddressInfo | string>>>()
assertType<Equal<typeof app.supportedMethods, string[]>>()
const listening: Promise<string> = app.listen({ port: 0, host: '127.0.0.1' })
void listening
const routerOptions: FastifyRouterOptions<RawServerDefault> | undefined = app.initialConfig.routerOptions
void routerOptions
const withMethod: FastifyInstance = app.addHttpMethod('MKCOL', { hasBody: true })
void withMethod
app.query('/search', async (req) => req.body)
app.propfind('/files', async () => 'ok')
const has: boolean = app.hasRoute({ method: 'GET', url: '/' })
void has
assertType<Equal<ReturnType<typeof app.getDecorator<string>>, string>>()
const ready: SafePromiseLike<undefined> = app.ready()
void ready
app.addHook('onRegister', function (instance, opts) {
  assertType<Equal<typeof this, FastifyInstance>>()
  void instance.prefix
  void opts.prefix
})
// An object to dispose of on close: a Disposable or an AsyncDisposable.
const disposed: FastifyInstance = app.addHook('onClose', { async [Symbol.asyncDispose] () {} })
  .addHook('onClose', { [Symbol.dispose] () {} })
void disposed
// The error a handler receives is `unknown` unless a type argument says what it is.
app.setErrorHandler(function (error) {
  assertType<Equal<typeof error, unknown>>()
})
// A decoration the types declare takes its value, a getter/setter, or null with its dependencies.
// @ts-expect-error null alone is not a value of a declared decoration
app.decorateReply('sendOk', null)
app.decorateReply('sendOk', null, [])

// --- The router: find-my-way's types, for the server's HTTP version ----------------------------------
assertType<Equal<FindMyWayVersion<RawServerDefault>, HTTPVersion.V1>>()
declare const givenRouterOptions: FastifyRouterOptions<RawServerDefault>
const asFindMyWayConfig: FindMyWayConfig<HTTPVersion.V1> = givenRouterOptions
void asFindMyWayConfig
const versionStrategy: ConstraintStrategy<HTTPVersion.V1> = {
  name: 'apiVersion',
  storage () {
    const handlers = new Map<string, unknown>()
    return { get: (version) => handlers.get(version) as never, set: (version, handler) => { handlers.set(version, handler) } }
  },
  deriveConstraint: (req) => String(req.headers['x-api-version'])
}
app.addConstraintStrategy(versionStrategy)
void Fastify({ constraints: { apiVersion: versionStrategy } })

// --- Type providers: validator for the request, serializer for the reply --------------------------
interface TrimmedProvider extends FastifyTypeProvider {
  validator: this['schema'] extends { type: 'string' } ? string : unknown
  serializer: this['schema'] extends { type: 'string' } ? string | Buffer : unknown
}
assertType<Equal<CallValidatorTypeProvider<TrimmedProvider, { type: 'string' }>, string>>()
assertType<Equal<CallSerializerTypeProvider<TrimmedProvider, { type: 'string' }>, string | Buffer>>()
assertType<Equal<ResolveFastifyRequestType<TrimmedProvider, { body: { type: 'string' } }, {}>['body'], string>>()
app.withTypeProvider<TrimmedProvider>().post('/trim', {
  schema: { body: { type: 'string' }, response: { 200: { type: 'string' } } }
}, async (req, res) => {
  assertType<Equal<typeof req.body, string>>()
  // The reply takes what the serializer takes (a Buffer too); the payload is required once typed.
  void res.code(200).send(Buffer.from(req.body.trim()))
  // @ts-expect-error send() without the payload the response schema types
  void res.code(200).send()
  return req.body
})
// A Fastify 4 style provider (`input`/`output`) is not one any more.
interface OldStyleProvider extends FastifyTypeProvider {
  // @ts-expect-error Fastify 5's providers read `schema`, not `input`
  output: this['input'] extends { type: 'string' } ? string : unknown
}
void (null as unknown as OldStyleProvider)

// --- Factory options ----------------------------------------------------------------------------
const options: FastifyServerOptions = {
  loggerInstance: app.log,
  routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200, defaultRoute (_req, res) { res.statusCode = 404; res.end() } },
  handlerTimeout: 5000,
  allowErrorHandlerOverride: false,
  forceCloseConnections: 'idle',
  disableRequestLogging: (req) => req.url === '/health'
}
void Fastify(options)
// @ts-expect-error trustProxy takes no hop count in Fastify 5's types
void Fastify({ trustProxy: 1 })
// The default validator compiler's Ajv: its options, its plugins and onCreate get Ajv's types.
void Fastify({
  ajv: {
    customOptions: { allErrors: true },
    plugins: [(ajv) => { assertType<Equal<typeof ajv, Ajv>>(); return ajv }],
    onCreate (ajv) { assertType<Equal<typeof ajv, Ajv>>() }
  }
})
// @ts-expect-error customOptions are Ajv's own options
void Fastify({ ajv: { customOptions: { notAnAjvOption: true } } })
// A logger object that has pino's `level` goes through `logger` (it is checked against pino's options).
declare class ClassLogger implements FastifyBaseLogger {
  level: string
  info: FastifyBaseLogger['info']
  warn: FastifyBaseLogger['warn']
  error: FastifyBaseLogger['error']
  fatal: FastifyBaseLogger['fatal']
  trace: FastifyBaseLogger['trace']
  debug: FastifyBaseLogger['debug']
  silent: FastifyBaseLogger['silent']
  child (): ClassLogger
}
declare const classLogger: ClassLogger
const withClassLogger = Fastify<Server, IncomingMessage, ServerResponse, ClassLogger>({ logger: classLogger })
assertType<Equal<typeof withClassLogger.log, ClassLogger>>()

// inject(): light-my-request 6's own types, under Fastify's names (a stream response, the QUERY method,
// cookies given as a list, the response's raw request and response)
assertType<Equal<InjectOptions, LightMyRequest.InjectOptions>>()
assertType<Equal<LightMyRequestResponse, LightMyRequest.Response>>()
assertType<Equal<LightMyRequestChain, LightMyRequest.Chain>>()
assertType<Equal<LightMyRequestCallback, LightMyRequest.CallbackFunc>>()
async function injectV6 (): Promise<void> {
  const streamed = await app.inject({ method: 'QUERY', url: '/', payloadAsStream: true, cookies: [{ name: 'a', value: 'b' }] })
  assertType<Equal<ReturnType<typeof streamed.stream>, Readable>>()
  assertType<Equal<typeof streamed.raw.res, ServerResponse>>()
  assertType<Equal<typeof streamed.isLightMyRequest, true>>()
  // @ts-expect-error payloadAsStream is a boolean
  await app.inject({ url: '/', payloadAsStream: 'yes' })
  assertType<Equal<ReturnType<typeof app.inject>, LightMyRequestChain>>()
}
void injectV6

// Route options are those Fastify and the plugins' `declare module 'fastify'` declare: any other is
// an excess property (as @fastify/nextjs's type tests expect of `app.next()`'s options)
// @ts-expect-error a route option nothing declares
app.get('/undeclared', { undeclaredProbe: true }, async () => 'ok')
// @ts-expect-error the same through app.route()
app.route({ method: 'GET', url: '/undeclared-route', undeclaredProbe: true, handler: async () => 'ok' })

// Fastify 2's four type arguments (the "before" of Fastify's Migration Guide V3) are refused: the
// route methods take <RouteGeneric, ContextConfig, SchemaCompiler> and no fourth.
interface PingQuerystring { foo?: number }
interface PingParams { bar?: string }
interface PingHeaders { 'a-header': string }
interface PingBody { baz?: string }
app.get<
  // @ts-expect-error four type arguments: one error, over the whole list (no type argument is checked on its own)
  PingQuerystring, PingParams, PingHeaders,
  PingBody
>('/ping/:bar', {}, async () => 'pong')
// @ts-expect-error a fourth type argument, even a path
app.get<{ Querystring: PingQuerystring }, unknown, { body: { type: 'object' } }, '/ping'>('/ping', async () => 'pong')
