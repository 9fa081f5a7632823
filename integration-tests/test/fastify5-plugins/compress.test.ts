// @fastify/compress 9 (the Fastify 5 major) on fastify@5.12.8 and on @enclave/fastify: gzip and
// brotli by Accept-Encoding, the threshold, streams, `reply.compress()`, per-route opt-out and
// request decompression.
import t from 'tap'
import { Readable } from 'node:stream'
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import compress from '@fastify5/compress'
import { onFastify5 } from '../helpers/fastify5.js'

const big = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `item ${i}` })) }

onFastify5(t, async (fastify) => {
  const app = fastify()
  await app.register(compress, { threshold: 1024 })
  app.get('/big', async () => big)
  app.get('/small', async () => ({ ok: true }))
  app.get('/stream', (_request: any, reply: any) => {
    reply.type('text/plain').send(Readable.from(['a'.repeat(2000), 'b'.repeat(2000)]))
  })
  app.get('/manual', (_request: any, reply: any) => { reply.type('text/plain').compress('x'.repeat(3000)) })
  app.get('/off', { compress: false }, async () => big)
  app.post('/echo', async (request: any) => request.body)
  return app
}, async (t, app) => {
  t.test('a large JSON body is gzipped or brotli-compressed as asked', async (t) => {
    const gz = await app.inject({ url: '/big', headers: { 'accept-encoding': 'gzip' } })
    t.equal(gz.headers['content-encoding'], 'gzip')
    t.equal(gz.headers.vary, 'accept-encoding')
    t.same(JSON.parse(gunzipSync(gz.rawPayload).toString()), big)
    const br = await app.inject({ url: '/big', headers: { 'accept-encoding': 'br, gzip' } })
    t.equal(br.headers['content-encoding'], 'br')
    t.same(JSON.parse(brotliDecompressSync(br.rawPayload).toString()), big)
  })

  t.test('below the threshold or without accept-encoding it is sent as is', async (t) => {
    const small = await app.inject({ url: '/small', headers: { 'accept-encoding': 'gzip' } })
    t.notOk('content-encoding' in small.headers)
    t.equal(small.body, '{"ok":true}')
    const plain = await app.inject('/big')
    t.notOk('content-encoding' in plain.headers)
  })

  t.test('a stream and reply.compress() are compressed', async (t) => {
    const stream = await app.inject({ url: '/stream', headers: { 'accept-encoding': 'gzip' } })
    t.equal(stream.headers['content-encoding'], 'gzip')
    t.equal(gunzipSync(stream.rawPayload).toString(), 'a'.repeat(2000) + 'b'.repeat(2000))
    const manual = await app.inject({ url: '/manual', headers: { 'accept-encoding': 'gzip' } })
    t.equal(gunzipSync(manual.rawPayload).toString(), 'x'.repeat(3000))
  })

  t.test('compress: false on a route sends it uncompressed', async (t) => {
    const res = await app.inject({ url: '/off', headers: { 'accept-encoding': 'gzip' } })
    t.notOk('content-encoding' in res.headers)
    t.same(res.json(), big)
  })

  t.test('a gzipped request body is decompressed before parsing', async (t) => {
    const res = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ packed: true }))
    })
    t.equal(res.statusCode, 200)
    t.same(res.json(), { packed: true })
    const bad = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: 'not gzip'
    })
    t.equal(bad.statusCode, 400)
    t.equal(bad.json().code, 'FST_CP_ERR_INVALID_CONTENT')
  })
})
