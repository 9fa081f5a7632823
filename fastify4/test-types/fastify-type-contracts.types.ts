// Type contracts Fastify 4.29's own type tests (tsd, node_modules/fastify4/test/types) check, written
// here as our own cases: the hook, route, decorate, error-handler and logger types of a `fastify()`
// app, and the names Fastify's `fastify/types/*` modules export. Checked by tsc, never run.
import type { IncomingHttpHeaders } from 'node:http'
import Fastify, {
  type FastifyBaseLogger, type FastifyBodyParser, type FastifyContextConfig, type FastifyError, type FastifyInstance, type FastifyReply,
  type FastifyRequest, type HTTPMethods, type RequestPayload, type RouteGenericInterface
} from 'fastify'
import type { DefaultRoute, FastifyRouteConfig, RouteConstraint } from 'fastify/types/route'
import type { Bindings, ChildLoggerOptions, FastifyChildLoggerFactory } from 'fastify/types/logger'
import type { FastifyErrorCodes } from 'fastify/types/errors'
import type { FastifyRegister, RegisterOptions } from 'fastify/types/register'
import type { FastifyServerFactory } from 'fastify/types/serverFactory'
import type { HookLookup, LifecycleHook } from 'fastify/types/hooks'
import type { CodeToReplyKey, ReplyKeysToCodes } from 'fastify/types/utils'
import type { CallTypeProvider } from 'fastify/types/type-provider'
import type { FindMyWayFindResult } from 'fastify/types/instance'
import type { FastifySchemaControllerOptions } from 'fastify/types/schema'
import type { ResolveReplyTypeWithRouteGeneric } from 'fastify/types/reply'
import type { ValidationFunction } from 'fastify/types/request'
import { assertType, type Equal } from './expect.js'

const app = Fastify()

// Global hooks: `this` is the instance, request and reply are FastifyRequest and FastifyReply.
app.addHook('onRequest', function (request, reply, done) {
  assertType<Equal<typeof this, FastifyInstance>>()
  assertType<Equal<typeof request, FastifyRequest>>()
  assertType<Equal<typeof reply, FastifyReply>>()
  done()
})
app.addHook('preParsing', async (_request, _reply, payload) => {
  assertType<Equal<typeof payload, RequestPayload>>()
  return payload
})
interface Payload { foo: string }
// preSerialization and onSend take the payload's type as their first type argument.
app.addHook<Payload>('preSerialization', (_request, _reply, payload, done) => {
  assertType<Equal<typeof payload, Payload>>()
  done(null, payload)
})
// @ts-expect-error an async hook takes no `done`
app.addHook('onRequest', async (_request, _reply, done) => { done() })
const afterHook = app.addHook('onResponse', async () => {})
assertType<Equal<typeof afterHook, FastifyInstance>>()

// Route methods take <RouteGeneric, ContextConfig, SchemaCompiler> and return the instance.
interface Generic { Body: { name: string }, Querystring: { page: number }, Headers: { 'x-id': string } }
interface RouteConfig { audit: boolean }
const afterRoute = app.post<Generic, RouteConfig>('/items', { config: { audit: true } }, (request, reply) => {
  assertType<Equal<typeof request.body, { name: string }>>()
  assertType<Equal<typeof request.query, { page: number }>>()
  const headers: IncomingHttpHeaders & { 'x-id': string } = request.headers
  void headers
  const audit: boolean = request.routeOptions.config.audit
  const url: string = request.routeConfig.url
  const method: HTTPMethods | HTTPMethods[] = request.routeConfig.method
  // The deprecated `context` (FSTDEP012/FSTDEP019 at run time) is typed as in Fastify 4.29.
  const contextAudit: boolean = request.context.config.audit && reply.context.config.audit
  void audit; void url; void method; void contextAudit
  return reply.send()
})
assertType<Equal<typeof afterRoute, FastifyInstance>>()
// @ts-expect-error a config key the route's ContextConfig and FastifyContextConfig do not declare
app.get<RouteGenericInterface, RouteConfig>('/x', { config: { audti: true } }, async () => 'x')
app.route({
  method: ['GET', 'POST'],
  url: '/hooks',
  // Route-level hooks get the route's FastifyRequest and FastifyReply, parameters typed from context.
  onRequest: (request, reply, done) => {
    assertType<Equal<typeof request, FastifyRequest>>()
    assertType<Equal<typeof reply, FastifyReply>>()
    done()
  },
  errorHandler: (error, _request, reply) => {
    assertType<Equal<typeof error, FastifyError>>()
    void reply.send(error)
  },
  handler: async () => 'ok'
})
// @ts-expect-error CONNECT is not one of Fastify 4.29's route methods
app.route({ method: 'CONNECT', url: '/', handler: async () => 'x' })

// decorate: the type argument is the decoration's type; getters and functions get the object as `this`.
app.decorate<string>('greeting', {
  getter () {
    assertType<Equal<typeof this, FastifyInstance>>()
    return 'hello'
  }
})
app.decorateRequest('startedAt', function (this: FastifyRequest) { return this.id })
// @ts-expect-error the value must be of the decoration's type
app.decorate<string>('greeting', true)

// setErrorHandler's type argument types the error it receives.
class TeapotError extends Error { teapot = true }
app.setErrorHandler<TeapotError>(function (error, _request, reply) {
  assertType<Equal<typeof error, TeapotError>>()
  assertType<Equal<typeof this, FastifyInstance>>()
  void reply.code(418).send()
})

// The logger type argument types app.log and request.log.
interface AppLogger extends FastifyBaseLogger { audit: (message: string) => void }
declare const appLogger: AppLogger
const logged = Fastify<import('node:http').Server, import('node:http').IncomingMessage, import('node:http').ServerResponse, AppLogger>({ logger: appLogger })
logged.log.audit('booted')
logged.get('/', function (request) {
  request.log.audit('request')
  return 'ok'
})

// Body parsers: the type argument chooses parseAs, the request is a FastifyRequest; the method returns void.
const parserResult = app.addContentTypeParser<string>('text/csv', { parseAs: 'string' }, (request, body, done) => {
  assertType<Equal<typeof request, FastifyRequest>>()
  assertType<Equal<typeof body, string>>()
  done(null, body.split(','))
})
assertType<Equal<typeof parserResult, void>>()
assertType<Equal<ReturnType<typeof app.removeContentTypeParser>, void>>()
assertType<Equal<ReturnType<typeof app.getDefaultJsonParser>, FastifyBodyParser<string>>>()

// findRoute is typed without `null` and without the router's store, request.ip as a string, as in Fastify 4.29.
const found = app.findRoute({ method: 'GET', url: '/items' })
const foundParams: { [k: string]: string | undefined } = found.params
// @ts-expect-error the router's store is not exposed
void found.store
app.get('/ip', async (request) => request.ip.toUpperCase())
void foundParams

// Names Fastify's types/* modules export.
assertType<Equal<FastifyRouteConfig['url'], string>>()
assertType<Equal<ReplyKeysToCodes<'2xx'> extends number ? true : false, true>>()
assertType<Equal<CodeToReplyKey<404>, '4xx'>>()
assertType<Equal<HookLookup<'onRequest'> extends (...args: any[]) => unknown ? true : false, true>>()
type Names = [DefaultRoute<unknown, unknown>, RouteConstraint, Bindings, ChildLoggerOptions, FastifyChildLoggerFactory, FastifyErrorCodes,
  FastifyRegister, RegisterOptions, FastifyServerFactory, LifecycleHook, CallTypeProvider<{ input: unknown, output: unknown }, string>,
  FindMyWayFindResult, FastifySchemaControllerOptions, ResolveReplyTypeWithRouteGeneric<{ 200: string }, 200>, ValidationFunction, FastifyContextConfig]
export type { Names }

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
