// Official plugins beyond the first three, each in its own context under /more: what the
// "Plugins on each runtime" table of docs/runtimes.md says works through app.fetch() on Bun and Deno.
import { fileURLToPath } from 'node:url'
import cookie from '@fastify/cookie'
import formbody from '@fastify/formbody'
import rateLimit from '@fastify/rate-limit'
import jwt from '@fastify/jwt'
import etag from '@fastify/etag'
import multipart from '@fastify/multipart'
import fastifyStatic from '@fastify/static'
import compress from '@fastify/compress'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'

export const jwtSecret = 'suite-jwt-secret'

export async function morePlugins (app) {
  app.register(async function cookies (scope) {
    await scope.register(cookie, { secret: 'suite-cookie-secret' })
    scope.get('/set', async (request, reply) => reply.setCookie('flavour', 'oat', { path: '/', httpOnly: true }).setCookie('signed', 'yes', { signed: true }).send({ ok: true }))
    scope.get('/read', async (request) => ({ flavour: request.cookies.flavour ?? null, signed: request.unsignCookie(request.cookies.signed ?? '').value }))
  }, { prefix: '/cookie' })

  app.register(async function forms (scope) {
    await scope.register(formbody)
    scope.post('/form', async (request) => request.body)
  })

  app.register(async function limited (scope) {
    await scope.register(rateLimit, { max: 2, timeWindow: 60_000, keyGenerator: (request) => request.headers['x-client'] ?? 'anyone' })
    scope.get('/limited', async () => ({ ok: true }))
  })

  app.register(async function tokens (scope) {
    await scope.register(jwt, { secret: jwtSecret })
    scope.get('/jwt/sign', async (request, reply) => ({ token: await reply.jwtSign({ sub: 'ada' }, { noTimestamp: true }) }))
    scope.get('/jwt/me', async (request) => {
      const { sub } = await request.jwtVerify()
      return { sub }
    })
  })

  app.register(async function tagged (scope) {
    await scope.register(etag)
    scope.get('/etag', async () => ({ tagged: true }))
  })

  app.register(async function uploads (scope) {
    await scope.register(multipart)
    scope.post('/upload', async (request) => {
      const file = await request.file()
      const content = (await file.toBuffer()).toString('utf8')
      return { field: file.fieldname, filename: file.filename, mimetype: file.mimetype, content, note: file.fields.note?.value ?? null }
    })
  })

  app.register(async function files (scope) {
    await scope.register(fastifyStatic, { root: fileURLToPath(new URL('./static', import.meta.url)), prefix: '/static/' })
  })

  app.register(async function compressed (scope) {
    await scope.register(compress, { threshold: 16 })
    scope.get('/compressed', async () => ({ text: 'compress me '.repeat(20) }))
  })

  app.register(async function documented (scope) {
    await scope.register(swagger, { openapi: { info: { title: 'suite', version: '1.0.0' } } })
    await scope.register(swaggerUi, { routePrefix: '/docs' })
    scope.get('/documented/:id', { schema: { params: { type: 'object', properties: { id: { type: 'integer' } } } } }, async (request) => ({ id: request.params.id }))
  })
}
