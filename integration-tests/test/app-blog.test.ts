// A CommonJS Fastify v4 blog (integration-tests/apps/blog: formbody, cookie, bearer-auth, auth,
// encapsulation) run unchanged on fastify@4.29.1 and on @enclave/fastify4.
import t from 'tap'
import { createRequire } from 'node:module'
import { onBothFastifies } from './helpers/both-fastify.js'

const require = createRequire(import.meta.url)
const build = require('../apps/blog/app.js') as (opts?: object) => any

onBothFastifies(t, async (t) => {
  const app = build()
  t.teardown(() => app.close())
  await app.ready()

  t.test('a cookie set at login is read back by a preHandler hook', async (t) => {
    const login = await app.inject({ method: 'POST', url: '/login', payload: { name: 'ada' } })
    t.equal(login.statusCode, 200)
    t.equal(login.headers['set-cookie'], 'visitor=ada; Path=/; HttpOnly')
    t.equal(login.headers['cache-control'], 'no-store')
    t.equal(login.body, '{"welcome":"ada"}')
    const post = await app.inject({ url: '/posts/hello', cookies: { visitor: 'ada' } })
    t.equal(post.statusCode, 200)
    t.equal(post.headers['cache-control'], 'public, max-age=60')
    t.equal(post.body, '{"visitor":"ada","slug":"hello","title":"Hello","body":"First post"}')
  })

  t.test('a urlencoded form is parsed by @fastify/formbody', async (t) => {
    const res = await app.inject({ method: 'POST', url: '/comments', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'author=bob&text=nice+post&tags=a&tags=b' })
    t.equal(res.statusCode, 200)
    t.same(res.json(), { received: { author: 'bob', text: 'nice post', tags: ['a', 'b'] } })
  })

  t.test('a body of an unknown content type answers Fastify\'s 415', async (t) => {
    const res = await app.inject({ method: 'POST', url: '/comments', headers: { 'content-type': 'application/xml' }, payload: '<a/>' })
    t.equal(res.statusCode, 415)
    t.same(res.json(), { statusCode: 415, code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE', error: 'Unsupported Media Type', message: 'Unsupported Media Type: application/xml' })
  })

  t.test('the admin plugin refuses a request without a bearer token (@fastify/auth + bearer-auth)', async (t) => {
    const res = await app.inject({ method: 'POST', url: '/admin/posts', payload: { slug: 'x', title: 'X' } })
    t.equal(res.statusCode, 401)
    t.same(res.json(), { statusCode: 401, code: 'FST_BEARER_AUTH_MISSING_AUTHORIZATION_HEADER', error: 'Unauthorized', message: 'missing authorization header' })
    const wrong = await app.inject({ method: 'POST', url: '/admin/posts', headers: { authorization: 'Bearer nope' }, payload: { slug: 'x', title: 'X' } })
    t.equal(wrong.statusCode, 401)
    t.same(wrong.json(), { statusCode: 401, code: 'FST_BEARER_AUTH_INVALID_AUTHORIZATION_HEADER', error: 'Unauthorized', message: 'invalid authorization header' })
  })

  t.test('with the key the admin creates a post, defaults applied; the post is visible outside the plugin', async (t) => {
    const res = await app.inject({ method: 'POST', url: '/admin/posts', headers: { authorization: 'Bearer admin-key' }, payload: { slug: 'second', title: 'Second' } })
    t.equal(res.statusCode, 201)
    t.equal(res.headers.location, '/posts/second')
    t.equal(res.body, '{"created":"second"}')
    const post = await app.inject('/posts/second')
    t.same(post.json(), { visitor: 'anonymous', slug: 'second', title: 'Second', body: '' })
  })

  t.test('an invalid admin body answers Fastify\'s validation 400', async (t) => {
    const res = await app.inject({ method: 'POST', url: '/admin/posts', headers: { authorization: 'Bearer admin-key' }, payload: { slug: 'Bad Slug', title: 'X' } })
    t.equal(res.statusCode, 400)
    t.equal(res.body, '{"statusCode":400,"code":"FST_ERR_VALIDATION","error":"Bad Request","message":"body/slug must match pattern \\"^[a-z-]+$\\""}')
  })

  t.test('a handler\'s own 404 and the custom not-found handler', async (t) => {
    const missing = await app.inject('/posts/none')
    t.equal(missing.statusCode, 404)
    t.equal(missing.body, '{"error":"no such post"}')
    const nowhere = await app.inject('/nowhere?x=1')
    t.equal(nowhere.statusCode, 404)
    t.equal(nowhere.headers['content-type'], 'text/plain')
    t.equal(nowhere.body, 'nothing at /nowhere?x=1')
    t.equal(nowhere.headers['cache-control'], 'no-store', 'onSend hooks run for the not-found handler')
  })
})
