// Plugins declare their route options, config keys and request/reply/instance members on the
// `fastify` module's interfaces, as @fastify/compress (`compress`), @fastify/rate-limit (`config.rateLimit`)
// and others do: every route method's options, the route handler and the hooks see them, and a
// wrong value is refused. Checked by tsc, never run.
import Fastify, { type FastifyInstance } from 'fastify'
import { assertType, type Equal } from './expect.js'

interface CompressOptions { threshold?: number }

declare module 'fastify' {
  interface RouteShorthandOptions {
    compressProbe?: false | CompressOptions
  }
  interface FastifyContextConfig {
    limitProbe?: { max: number }
  }
  interface FastifyRequest {
    userProbe: { id: string } | null
  }
  interface FastifyReply {
    compressProbe (payload: unknown): FastifyReply
  }
  interface FastifyInstance {
    dbProbe: { query (sql: string): Promise<unknown[]> }
  }
}

const app = Fastify()
app.get('/a', { compressProbe: { threshold: 1024 } }, async (request, reply) => {
  assertType<Equal<typeof request.userProbe, { id: string } | null>>()
  return reply.compressProbe('x')
})
app.route({ method: 'GET', url: '/b', compressProbe: false, handler: async () => 'ok' })
app.post('/c', { compressProbe: false, config: { limitProbe: { max: 3 } } }, async function (request) {
  assertType<Equal<typeof this, FastifyInstance>>()
  const limit: { max: number } | undefined = request.routeOptions.config.limitProbe
  void limit
  return this.dbProbe.query('select 1')
})
// @ts-expect-error a route option of the wrong type
app.get('/bad', { compressProbe: 'bad' }, async () => 'ok')
// @ts-expect-error a config key of the wrong type
app.get('/bad-config', { config: { limitProbe: { max: 'many' } } }, async () => 'ok')
// @ts-expect-error a route option that neither Fastify nor a plugin declares
app.get('/undeclared', { undeclaredProbe: true }, async () => 'ok')
// @ts-expect-error the same through app.route()
app.route({ method: 'GET', url: '/undeclared-route', undeclaredProbe: true, handler: async () => 'ok' })
app.addHook('onRequest', async (request, reply) => {
  if (request.userProbe === null) await reply.compressProbe('denied')
})
app.register(async (instance) => {
  instance.get('/d', { compressProbe: { threshold: 1 } }, async (request) => request.userProbe)
  await instance.dbProbe.query('select 2')
})
