// @fastify/sensible 6 (the Fastify 5 major) on fastify@5.12.8 and on @enclave/fastify: HTTP errors
// thrown and sent, `assert`, `to()`, the header helpers, `request.is` and the shared error schema.
import t from 'tap'
import sensible from '@fastify5/sensible'
import { onFastify5 } from '../helpers/fastify5.js'

onFastify5(t, async (fastify) => {
  const app = fastify()
  await app.register(sensible, { sharedSchemaId: 'HttpError' })
  app.get('/thrown', async () => { throw app.httpErrors.notFound('no such thing') })
  app.get('/sent', (_request: any, reply: any) => { reply.badRequest('bad thing') })
  app.get('/teapot', (_request: any, reply: any) => { reply.imateapot() })
  app.get('/assert', async (request: any) => {
    app.assert.equal(request.query.n, '1', 400, 'n must be 1')
    return 'asserted'
  })
  app.get('/to', async () => {
    const [error, value] = await app.to(Promise.reject(new Error('nope')))
    const [none, ok] = await app.to(Promise.resolve(7))
    return { error: (error as Error).message, value: value ?? null, none: none ?? null, ok }
  })
  app.get('/headers', async (_request: any, reply: any) => {
    reply.vary('accept')
    reply.cacheControl('public').cacheControl('max-age', '1h')
    return 'cached'
  })
  app.get('/no-cache', async (_request: any, reply: any) => { reply.preventCache(); return 'fresh' })
  app.post('/is', async (request: any) => ({ json: request.is(['json']), html: request.is('html') }))
  app.get('/schema', {
    schema: { response: { 404: { $ref: 'HttpError' } } }
  }, async (_request: any, reply: any) => { reply.code(404); return { statusCode: 404, error: 'Not Found', message: 'x', extra: 'dropped' } })
  return app
}, async (t, app) => {
  t.test('a thrown httpError answers its status and message', async (t) => {
    const res = await app.inject('/thrown')
    t.equal(res.statusCode, 404)
    t.same(res.json(), { statusCode: 404, error: 'Not Found', message: 'no such thing' })
  })

  t.test('reply helpers send the error', async (t) => {
    const res = await app.inject('/sent')
    t.equal(res.statusCode, 400)
    t.same(res.json(), { statusCode: 400, error: 'Bad Request', message: 'bad thing' })
    const teapot = await app.inject('/teapot')
    t.equal(teapot.statusCode, 418)
    t.same(teapot.json(), { statusCode: 418, error: 'I\'m a Teapot', message: 'I\'m a Teapot' })
  })

  t.test('assert throws the given status when the check fails', async (t) => {
    t.equal((await app.inject('/assert?n=1')).body, 'asserted')
    const res = await app.inject('/assert?n=2')
    t.equal(res.statusCode, 400)
    t.equal(res.json().message, 'n must be 1')
  })

  t.test('to() gives [error, value] pairs', async (t) => {
    t.same((await app.inject('/to')).json(), { error: 'nope', value: null, none: null, ok: 7 })
  })

  t.test('vary, cacheControl and preventCache set their headers', async (t) => {
    const res = await app.inject('/headers')
    t.equal(res.headers.vary, 'accept')
    t.equal(res.headers['cache-control'], 'public, max-age=3600')
    const fresh = await app.inject('/no-cache')
    t.equal(fresh.headers['cache-control'], 'no-store, max-age=0, private')
    t.equal(fresh.headers.pragma, 'no-cache')
    t.equal(fresh.headers.expires, '0')
  })

  t.test('request.is matches the content type', async (t) => {
    const res = await app.inject({ method: 'POST', url: '/is', payload: { a: 1 } })
    t.same(res.json(), { json: 'json', html: false })
  })

  t.test('the shared HttpError schema serializes a response', async (t) => {
    const res = await app.inject('/schema')
    t.equal(res.statusCode, 404)
    t.same(res.json(), { statusCode: 404, error: 'Not Found', message: 'x' })
  })

  t.test('httpErrors.createError builds an error of any status', async (t) => {
    const error = app.httpErrors.createError(503, 'down')
    t.equal(error.statusCode, 503)
    t.equal(error.message, 'down')
  })
})
