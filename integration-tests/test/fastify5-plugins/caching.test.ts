// @fastify/caching 9 (the Fastify 5 major) on fastify@5.12.8 and on @enclave/fastify: a Cache-Control
// header on every answer, reply.etag() answered with 304 for a matching If-None-Match, and the
// instance's cache store.
import t from 'tap'
import caching from '@fastify5/caching'
import { onFastify5 } from '../helpers/fastify5.js'

onFastify5(t, async (fastify) => {
  const app = fastify()
  await app.register(caching, { privacy: caching.privacy.PRIVATE, expiresIn: 300 })
  app.get('/item', async (_request: any, reply: any) => { reply.etag('"v1"'); return { item: 1 } })
  app.get('/store', async () => {
    await new Promise<void>((resolve, reject) => app.cache.set('k', 'cached', 1000, (error: Error | null) => error ? reject(error) : resolve()))
    return await new Promise((resolve, reject) => app.cache.get('k', (error: Error | null, entry: { item: string }) => error ? reject(error) : resolve({ value: entry.item })))
  })
  return app
}, async (t, app) => {
  t.test('answers carry Cache-Control and the ETag', async (t) => {
    const res = await app.inject('/item')
    t.equal(res.headers['cache-control'], 'private, max-age=300')
    t.equal(res.headers.etag, '"v1"')
    t.same(res.json(), { item: 1 })
  })

  t.test('a matching If-None-Match answers 304', async (t) => {
    const res = await app.inject({ url: '/item', headers: { 'if-none-match': '"v1"' } })
    t.equal(res.statusCode, 304)
    t.equal(res.body, '')
  })

  t.test('the instance cache stores and returns values', async (t) => {
    t.same((await app.inject('/store')).json(), { value: 'cached' })
  })
})
