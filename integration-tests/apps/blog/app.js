'use strict'
// A blog written as a CommonJS Fastify v4 app: require('fastify'), @fastify/formbody,
// @fastify/cookie, @fastify/bearer-auth and @fastify/auth in an encapsulated admin plugin,
// decorators, onSend / onResponse hooks and setNotFoundHandler.
const fastify = require('fastify')
const fp = require('fastify-plugin')

const posts = fp(async function posts (app) {
  const all = [{ slug: 'hello', title: 'Hello', body: 'First post' }]
  app.decorate('posts', all)
}, { name: 'posts' })

async function admin (app) {
  await app.register(require('@fastify/bearer-auth'), { keys: new Set(['admin-key']), addHook: false })
  await app.register(require('@fastify/auth'))
  app.addHook('onRequest', app.auth([app.verifyBearerAuth]))

  app.post('/posts', {
    schema: {
      body: {
        type: 'object',
        required: ['slug', 'title'],
        properties: { slug: { type: 'string', pattern: '^[a-z-]+$' }, title: { type: 'string' }, body: { type: 'string', default: '' } }
      }
    }
  }, async function (request, reply) {
    this.posts.push(request.body)
    reply.code(201).header('location', `/posts/${request.body.slug}`)
    return { created: request.body.slug }
  })
}

function build (opts) {
  const app = fastify(opts)
  app.register(require('@fastify/formbody'))
  app.register(require('@fastify/cookie'), { secret: 'a-cookie-secret' })
  app.register(posts)
  app.register(admin, { prefix: '/admin' })

  app.decorateRequest('visitor', null)
  app.addHook('preHandler', async (request) => {
    request.visitor = request.cookies.visitor || 'anonymous'
  })
  app.addHook('onSend', async (request, reply, payload) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store')
    return payload
  })

  app.get('/posts/:slug', async function (request, reply) {
    const post = this.posts.find((p) => p.slug === request.params.slug)
    if (!post) {
      reply.code(404)
      return { error: 'no such post' }
    }
    reply.header('cache-control', 'public, max-age=60')
    return Object.assign({ visitor: request.visitor }, post)
  })

  app.post('/login', {
    schema: { body: { type: 'object', required: ['name'], properties: { name: { type: 'string', minLength: 2 } } } }
  }, async (request, reply) => {
    reply.setCookie('visitor', request.body.name, { path: '/', httpOnly: true, signed: false })
    return { welcome: request.body.name }
  })

  app.post('/comments', async (request) => ({ received: request.body }))

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).type('text/plain').send(`nothing at ${request.url}`)
  })

  return app
}

module.exports = build
