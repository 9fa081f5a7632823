// A product catalog API in plain JavaScript (ES module), written as a Fastify v5 user writes one:
// an OpenAPI document from @fastify/swagger served as JSON (no UI: nothing read from the disk),
// @fastify/sensible's HTTP errors and cache helpers, signed session cookies from @fastify/cookie,
// redirects, a not-found handler for the API's prefix beside the site's own, 204 answers, and
// several headers set at once, repeated ones (set-cookie, link) as arrays, and @fastify/request-context's
// store across hooks and awaits.
import Fastify from 'fastify'
import cookie from '@fastify5/cookie'
import sensible from '@fastify5/sensible'
import swagger from '@fastify5/swagger'
import { fastifyRequestContext } from '@fastify5/request-context'

const item = {
  type: 'object',
  properties: { sku: { type: 'string' }, name: { type: 'string' }, price: { type: 'number' }, tags: { type: 'array', items: { type: 'string' } } }
}
const newItem = {
  type: 'object',
  required: ['sku', 'name', 'price'],
  additionalProperties: false,
  properties: { sku: { type: 'string', pattern: '^[a-z]{3}-[0-9]{2}$' }, name: { type: 'string', minLength: 1 }, price: { type: 'number', exclusiveMinimum: 0 }, tags: { type: 'array', items: { type: 'string' }, default: [] } }
}

async function api (app) {
  const items = new Map([['tea-01', { sku: 'tea-01', name: 'Green tea', price: 4.5, tags: ['drink'] }]])

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ error: 'no such endpoint', method: request.method, url: request.url })
  })

  app.addHook('preHandler', async (request) => {
    if (request.method === 'GET' || request.method === 'HEAD') return
    const signed = request.cookies.session === undefined ? null : request.unsignCookie(request.cookies.session)
    if (signed === null || !signed.valid) throw app.httpErrors.unauthorized('sign in first')
    request.user = signed.value
    request.requestContext.set('user', signed.value)
  })

  app.get('/items', {
    schema: { querystring: { type: 'object', properties: { tag: { type: 'array', items: { type: 'string' } }, max: { type: 'number' } } }, response: { 200: { type: 'array', items: item } } }
  }, async (request, reply) => {
    reply.cacheControl('public').cacheControl('max-age', 30)
    const { tag, max } = request.query
    return [...items.values()].filter((one) => (tag === undefined || tag.some((t) => one.tags.includes(t))) && (max === undefined || one.price <= max))
  })

  app.get('/items/:sku', { schema: { response: { 200: item } } }, async (request, reply) => {
    const found = items.get(request.params.sku)
    if (found === undefined) return reply.notFound(`no item ${request.params.sku}`)
    reply.headers({
      link: [`</api/items/${found.sku}/reviews>; rel="reviews"`, '</api/items>; rel="collection"'],
      'x-price-currency': 'EUR',
      etag: `"${found.sku}-${found.price}"`
    })
    return found
  })

  app.post('/items', { schema: { body: newItem, response: { 201: item } } }, async (request, reply) => {
    if (items.has(request.body.sku)) throw app.httpErrors.conflict(`${request.body.sku} exists`)
    // Who created it, from the request context, read after a turn of the event loop as a database call would.
    await new Promise((resolve) => setImmediate(resolve))
    reply.header('x-created-by', request.requestContext.get('user'))
    items.set(request.body.sku, request.body)
    return reply.code(201).header('location', `/api/items/${request.body.sku}`).send(request.body)
  })

  app.delete('/items/:sku', async (request, reply) => {
    if (!items.delete(request.params.sku)) throw app.httpErrors.notFound()
    return reply.code(204).send()
  })

  app.get('/legacy/items/:sku', async (request, reply) => reply.redirect(`/api/items/${request.params.sku}`, 301))
  app.get('/teapot', async () => { throw app.httpErrors.createError(418, 'short and stout', { headers: { 'x-teapot': 'yes' } }) })
}

export async function build (options = {}) {
  // Deployed behind a proxy that says which host and scheme the client asked for.
  const app = Fastify({ trustProxy: true, ...options })
  await app.register(swagger, { openapi: { info: { title: 'Catalog', version: '1.2.0' } } })
  await app.register(sensible)
  await app.register(cookie, { secret: 'catalog-cookie-secret' })
  await app.register(fastifyRequestContext, { defaultStoreValues: { user: 'anonymous' } })

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).type('text/html; charset=utf-8').send(`<h1>Not found</h1><p>${request.url.replace(/[<>&"]/g, '')}</p>`)
  })

  app.post('/session', { schema: { body: { type: 'object', required: ['user'], properties: { user: { type: 'string' } } } } }, async (request, reply) => {
    reply.headers({
      'set-cookie': [
        app.serializeCookie('session', app.signCookie(request.body.user), { path: '/', httpOnly: true, sameSite: 'strict' }),
        app.serializeCookie('theme', 'dark', { path: '/', maxAge: 3600 })
      ],
      'cache-control': 'no-store'
    })
    return reply.redirect('/me', 303)
  })

  app.get('/me', async (request, reply) => {
    const signed = request.cookies.session === undefined ? null : request.unsignCookie(request.cookies.session)
    if (signed === null) return reply.unauthorized()
    if (!signed.valid) return reply.getHttpError(403, 'tampered session')
    reply.preventCache()
    return { user: signed.value, theme: request.cookies.theme ?? 'light' }
  })

  app.delete('/session', async (request, reply) => {
    reply.clearCookie('session', { path: '/' }).clearCookie('theme', { path: '/' })
    return reply.code(204).send()
  })

  app.get('/', async (request, reply) => reply.redirect('/api/items'))
  app.get('/whoami/:part?', async (request) => ({
    user: request.requestContext.get('user'),
    host: request.host,
    hostname: request.hostname,
    port: request.port,
    protocol: request.protocol,
    url: request.url,
    originalUrl: request.originalUrl,
    route: request.routeOptions.url,
    params: request.params,
    query: request.query
  }))
  app.get('/export', async (request, reply) => {
    // A download whose name has a character beyond ASCII, and its UTF-8 form for clients that read it (filename*).
    reply.header('content-disposition', 'attachment; filename="caf\u00e9.csv"; filename*=UTF-8\'\'caf%C3%A9.csv')
    return reply.type('text/csv; charset=utf-8').send('sku,name\ntea-01,Green tea\n')
  })
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger())
  await app.register(api, { prefix: '/api' })
  return app
}
