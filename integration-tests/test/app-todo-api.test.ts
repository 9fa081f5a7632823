// A Fastify v4 to-do API (integration-tests/apps/todo-api, plain JavaScript) run unchanged on
// fastify@4.29.1 and on @enclave/fastify4: the same cases, Fastify's exact payloads.
import t from 'tap'
// @ts-expect-error the app is plain JavaScript
import { build } from '../apps/todo-api/app.js'
import { onBothFastifies } from './helpers/both-fastify.js'

onBothFastifies(t, async (t, implementation) => {
  const app = build()
  t.teardown(() => app.close())
  await app.ready()

  t.test('a POST with a valid body creates the to-do, serialized by the shared $ref schema', async (t) => {
    const res = await app.inject({ method: 'POST', url: '/todos', headers: { 'x-token': 'secret' }, payload: { title: 'write tests' } })
    t.equal(res.statusCode, 201)
    t.equal(res.headers['content-type'], 'application/json; charset=utf-8')
    t.equal(res.headers['x-api-version'], '1')
    t.equal(res.body, '{"id":1,"title":"write tests","done":false}')
  })

  t.test('a body missing a required property answers Fastify\'s validation 400', async (t) => {
    const res = await app.inject({ method: 'POST', url: '/todos', headers: { 'x-token': 'secret' }, payload: {} })
    t.equal(res.statusCode, 400)
    t.equal(res.body, '{"statusCode":400,"code":"FST_ERR_VALIDATION","error":"Bad Request","message":"body must have required property \'title\'"}')
  })

  t.test('an unknown body property is removed before the handler runs (Ajv removeAdditional)', async (t) => {
    const res = await app.inject({ method: 'POST', url: '/todos', headers: { 'x-token': 'secret' }, payload: { title: 'x', extra: 1 } })
    t.equal(res.statusCode, 201)
    t.equal(res.body, '{"id":2,"title":"x","done":false}')
  })

  t.test('the preHandler hook of the routes plugin refuses writes without the token (@fastify/sensible 401)', async (t) => {
    const res = await app.inject({ method: 'POST', url: '/todos', payload: { title: 'x' } })
    t.equal(res.statusCode, 401)
    t.equal(res.body, '{"statusCode":401,"error":"Unauthorized","message":"missing token"}')
  })

  t.test('params are coerced to integers and a missing to-do answers reply.notFound()', async (t) => {
    const found = await app.inject('/todos/1')
    t.equal(found.statusCode, 200)
    t.same(found.json(), { id: 1, title: 'write tests', done: false })
    const missing = await app.inject('/todos/99')
    t.equal(missing.statusCode, 404)
    t.equal(missing.body, '{"statusCode":404,"error":"Not Found","message":"todo 99 not found"}')
    const bad = await app.inject('/todos/abc')
    t.equal(bad.statusCode, 400)
    t.equal(bad.body, '{"statusCode":400,"code":"FST_ERR_VALIDATION","error":"Bad Request","message":"params/id must be integer"}')
  })

  t.test('the querystring is coerced to a boolean', async (t) => {
    const res = await app.inject('/todos?done=false')
    t.equal(res.statusCode, 200)
    t.equal(res.body, '[{"id":1,"title":"write tests","done":false},{"id":2,"title":"x","done":false}]')
    t.equal((await app.inject('/todos?done=true')).body, '[]')
  })

  t.test('DELETE answers 204 with no body, then 404', async (t) => {
    const res = await app.inject({ method: 'DELETE', url: '/todos/1', headers: { 'x-token': 'secret' } })
    t.equal(res.statusCode, 204)
    t.equal(res.body, '')
    const again = await app.inject({ method: 'DELETE', url: '/todos/1', headers: { 'x-token': 'secret' } })
    t.equal(again.statusCode, 404)
    t.equal(again.body, '{"statusCode":404,"error":"Not Found","message":"Not Found"}')
  })

  t.test('an unknown route answers Fastify\'s default 404', async (t) => {
    const res = await app.inject('/nope')
    t.equal(res.statusCode, 404)
    t.equal(res.body, '{"message":"Route GET:/nope not found","error":"Not Found","statusCode":404}')
    t.equal(res.headers['x-api-version'], '1', 'onRequest hooks run for 404s')
  })

  t.test('the error handler answers its own payload, or passes the error on to the default one', async (t) => {
    const teapot = await app.inject('/teapot')
    t.equal(teapot.statusCode, 418)
    t.equal(teapot.body, '{"teapot":true}')
    const boom = await app.inject('/boom')
    t.equal(boom.statusCode, 500)
    t.equal(boom.body, '{"statusCode":500,"error":"Internal Server Error","message":"kaboom"}')
  })

  t.test('@fastify/cors answers a preflight for an allowed origin', async (t) => {
    const res = await app.inject({ method: 'OPTIONS', url: '/todos', headers: { origin: 'https://todo.example', 'access-control-request-method': 'POST' } })
    t.equal(res.statusCode, 204)
    t.equal(res.headers['access-control-allow-origin'], 'https://todo.example')
    t.equal(res.headers['access-control-allow-methods'], 'GET,HEAD,PUT,PATCH,POST,DELETE')
    const simple = await app.inject({ url: '/health', headers: { origin: 'https://evil.example' } })
    t.equal(simple.statusCode, 200)
    t.equal(simple.headers['access-control-allow-origin'], undefined)
    t.equal(simple.body, '{"status":"ok"}')
  })

  t.test('HEAD routes are exposed for GET routes', async (t) => {
    const res = await app.inject({ method: 'HEAD', url: '/health' })
    t.equal(res.statusCode, 200)
    t.equal(res.body, '')
    t.equal(res.headers['content-type'], 'application/json; charset=utf-8')
  })
})
