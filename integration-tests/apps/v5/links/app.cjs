'use strict'
// A link shortener in plain JavaScript (CommonJS), written as a Fastify v5 user writes one:
// @fastify/formbody for its HTML form, @fastify/rate-limit on link creation, @fastify/cookie for the
// last link made, an onRoute hook listing the routes, schemas with response serialization.
const Fastify = require('fastify')
const formbody = require('@fastify5/formbody')
const rateLimit = require('@fastify5/rate-limit')
const cookie = require('@fastify5/cookie')

const linkBody = {
  type: 'object',
  properties: { url: { type: 'string', format: 'uri', pattern: '^https?://' }, code: { type: 'string', pattern: '^[a-z0-9]{3,12}$' } },
  required: ['url']
}
const link = {
  type: 'object',
  properties: { code: { type: 'string' }, url: { type: 'string' }, visits: { type: 'integer' } }
}

async function build (options = {}) {
  const app = Fastify(options)
  const links = new Map()
  const routes = []
  let next = 1

  app.addHook('onRoute', (route) => { routes.push(`${route.method} ${route.url}`) })
  await app.register(formbody)
  await app.register(cookie)
  await app.register(rateLimit, { global: false })

  app.post('/links', {
    schema: { body: linkBody, response: { 201: link } },
    config: { rateLimit: { max: 3, timeWindow: 60000, keyGenerator: (request) => request.headers['x-client'] || request.ip } }
  }, async (request, reply) => {
    const code = request.body.code || `l${next++}`
    if (links.has(code)) return reply.code(409).send({ statusCode: 409, error: 'Conflict', message: `code ${code} is taken` })
    const created = { code, url: request.body.url, visits: 0 }
    links.set(code, created)
    reply.setCookie('last-link', code, { path: '/', httpOnly: true })
    return reply.code(201).send(created)
  })

  app.get('/links/:code', { schema: { response: { 200: link } } }, async (request, reply) => {
    const found = links.get(request.params.code)
    if (found === undefined) return reply.callNotFound()
    return found
  })

  app.get('/:code', async (request, reply) => {
    const found = links.get(request.params.code)
    if (found === undefined) return reply.callNotFound()
    found.visits++
    return reply.redirect(found.url, 302)
  })

  app.get('/', async (request) => ({ routes, last: request.cookies['last-link'] ?? null }))
  return app
}

module.exports = { build }
