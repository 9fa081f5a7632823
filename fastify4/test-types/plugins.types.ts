// The .d.ts files of fastify-plugin 4 and Fastify 4's official plugins, unmodified, against
// @enclave/fastify4's types (skipLibCheck off, `fastify` resolved to this package): their
// augmentations reach the app's instance, request and reply, and their options stay checked.
// Checked by tsc, never run.
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyPluginCallback, type FastifyReply, type FastifyRequest } from 'fastify'
import fp from 'fastify-plugin4'
import auth from '@fastify/auth'
import bearerAuth from '@fastify/bearer-auth'
import cookie from '@fastify/cookie'
import cors from '@fastify/cors'
import etag from '@fastify/etag'
import formbody from '@fastify/formbody'
import helmet from '@fastify/helmet'
import jwt from '@fastify/jwt'
import multipart from '@fastify/multipart'
import rateLimit from '@fastify/rate-limit'
import sensible from '@fastify/sensible'
import fastifyStatic from '@fastify/static'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import enclave from '@enclave/core'
import { assertType, type Equal } from './expect.js'

type IsAny<T> = 0 extends 1 & T ? true : false

// Plugin types do not collapse to `any` against Enclave's types.
assertType<Equal<IsAny<typeof cors>, false>>()
assertType<Equal<IsAny<typeof jwt>, false>>()
assertType<Equal<IsAny<typeof fp>, false>>()
assertType<Equal<IsAny<FastifyInstance['jwt']>, false>>()
assertType<Equal<IsAny<FastifyRequest['cookies']>, false>>()

const app = Fastify({ logger: false })

app.register(cors, { origin: ['https://app.example'], credentials: true })
app.register(helmet, { global: true, contentSecurityPolicy: false })
app.register(sensible)
app.register(formbody, { bodyLimit: 1024 })
app.register(cookie, { secret: 'a-secret', parseOptions: { httpOnly: true } })
app.register(rateLimit, { max: 100, timeWindow: '1 minute' })
app.register(bearerAuth, { keys: new Set(['key']) })
app.register(auth)
app.register(fastifyStatic, { root: '/srv/public', prefix: '/public/' })
app.register(multipart, { limits: { fileSize: 1024 } })
app.register(swagger, { openapi: { info: { title: 'api', version: '1.0.0' } } })
app.register(jwt, { secret: 'jwt-secret' })
app.register(etag, { weak: true })
app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { deepLinking: false } })

// A wrong option is still a type error for each of them.
// @ts-expect-error origin is not a number
app.register(cors, { origin: 42 })
// @ts-expect-error global is a boolean
app.register(helmet, { global: 'yes' })
// @ts-expect-error bodyLimit is a number
app.register(formbody, { bodyLimit: '1kb' })
// @ts-expect-error secret is not a number
app.register(cookie, { secret: 42 })
// @ts-expect-error max is not a boolean
app.register(rateLimit, { max: true })
// @ts-expect-error keys is required
app.register(bearerAuth, {})
// @ts-expect-error defaultRelation is 'and' or 'or'
app.register(auth, { defaultRelation: 'xor' })
// @ts-expect-error root is required
app.register(fastifyStatic, { prefix: '/public/' })
// @ts-expect-error limits.fileSize is a number
app.register(multipart, { limits: { fileSize: 'big' } })
// @ts-expect-error openapi.info needs a title and version
app.register(swagger, { openapi: { info: { } } })
// @ts-expect-error secret is required
app.register(jwt, {})
// @ts-expect-error weak is a boolean
app.register(etag, { weak: 'yes' })
// @ts-expect-error routePrefix is a string
app.register(swaggerUi, { routePrefix: 1 })
// @ts-expect-error sensible takes no such option
app.register(sensible, { notAnOption: true })

// Their augmentations are on the instance, request and reply the app gets.
app.get('/plugins', {
  config: { rateLimit: { max: 5, timeWindow: 1000 } },
  schema: { tags: ['plugins'], summary: 'Uses every plugin' },
  onRequest: app.auth([app.verifyBearerAuth!])
}, async (request, reply) => {
  const token: string = await reply.jwtSign({ sub: 'u1' })
  const decoded = await request.jwtVerify<{ sub: string }>()
  const session: string | undefined = request.cookies.session
  reply.setCookie('session', token, { httpOnly: true })
  if (!request.isMultipart()) return reply.badRequest('multipart expected')
  const file = await request.file()
  if (file === undefined) return reply.notFound()
  return { sub: decoded.sub, session, name: file.filename, spec: typeof app.swagger() }
})
app.get('/file', async (_request, reply) => reply.sendFile('index.html'))
app.get('/error', async () => { throw app.httpErrors.notFound() })
// @ts-expect-error rateLimit.max is a number or a function
app.get('/bad-config', { config: { rateLimit: { max: 'five' } } }, async () => 'x')

// fastify-plugin 4 wraps plugins typed with Fastify's names and keeps their options checked.
interface DbOptions { url: string }
const dbPlugin: FastifyPluginAsync<DbOptions> = async (instance, opts) => {
  instance.decorate('dbUrl', opts.url)
}
const wrappedDb = fp(dbPlugin, { name: 'db', fastify: '4.x' })
app.register(wrappedDb, { url: 'postgres://x' })
// @ts-expect-error url is a string
app.register(wrappedDb, { url: 1 })
const inline = fp<{ level: string }>((instance, opts, done) => {
  assertType<Equal<IsAny<typeof instance>, false>>()
  instance.log.info(opts.level)
  instance.get('/inline', async (request) => ({ user: request.user }))
  done()
})
app.register(inline, { level: 'info' })
const asyncInline = fp(async (instance) => {
  instance.get('/async-inline', async (_request, reply: FastifyReply) => reply.send({ jwt: typeof instance.jwt.sign }))
})
app.register(asyncInline)

const callback: FastifyPluginCallback<{ prefixName: string }> = (instance, opts, done) => {
  instance.get('/', async () => opts.prefixName)
  done()
}
app.register(fp(callback), { prefixName: 'x' })

// An enclave() app registers the same plugins (typed for Fastify's instance); their options stay checked.
const plain = enclave()
plain.register(cors, { origin: true })
plain.register(jwt, { secret: 'x' })
// @ts-expect-error origin is not a number
plain.register(cors, { origin: 42 })
// @ts-expect-error secret is required
plain.register(jwt, {})

export { app, plain }
