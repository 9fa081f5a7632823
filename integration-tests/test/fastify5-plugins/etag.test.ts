// @fastify/etag 6 (the Fastify 5 major) on fastify@5.12.8 and on @enclave/fastify: strong and weak
// ETags, 304 for a matching If-None-Match, and a route's own ETag kept.
import t from 'tap'
import etag from '@fastify5/etag'
import { onFastify5 } from '../helpers/fastify5.js'

onFastify5(t, async (fastify) => {
  const app = fastify()
  await app.register(async (strong: any) => {
    await strong.register(etag)
    strong.get('/', async () => ({ hello: 'world' }))
    strong.get('/own', async (_request: any, reply: any) => { reply.header('etag', '"mine"'); return 'own' })
  }, { prefix: '/strong' })
  await app.register(async (weak: any) => {
    await weak.register(etag, { weak: true, algorithm: 'sha1' })
    weak.get('/', async () => 'weak body')
  }, { prefix: '/weak' })
  return app
}, async (t, app) => {
  t.test('a payload gets a strong ETag and a matching If-None-Match answers 304', async (t) => {
    const res = await app.inject('/strong/')
    t.match(res.headers.etag, /^"[^"]+"$/)
    const again = await app.inject('/strong/')
    t.equal(again.headers.etag, res.headers.etag)
    const cached = await app.inject({ url: '/strong/', headers: { 'if-none-match': res.headers.etag } })
    t.equal(cached.statusCode, 304)
    t.equal(cached.body, '')
    t.equal((await app.inject({ url: '/strong/', headers: { 'if-none-match': '"other"' } })).statusCode, 200)
  })

  t.test('a route\'s own ETag is kept and still matched', async (t) => {
    const res = await app.inject('/strong/own')
    t.equal(res.headers.etag, '"mine"')
    t.equal((await app.inject({ url: '/strong/own', headers: { 'if-none-match': '"mine"' } })).statusCode, 304)
  })

  t.test('weak: true gives a weak tag', async (t) => {
    const res = await app.inject('/weak/')
    t.match(res.headers.etag, /^W\/"[^"]+"$/)
    t.equal((await app.inject({ url: '/weak/', headers: { 'if-none-match': res.headers.etag } })).statusCode, 304)
  })
})
