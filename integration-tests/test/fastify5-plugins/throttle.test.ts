// @fastify/throttle 3 (the Fastify 5 major) on fastify@5.12.8 and on @enclave/fastify: answers of every
// kind (string, buffer, stream, object) go out whole through the throttle, globally and per route.
import { Readable } from 'node:stream'
import t from 'tap'
import throttle from '@fastify5/throttle'
import { onFastify5 } from '../helpers/fastify5.js'

const text = 'x'.repeat(64 * 1024)

onFastify5(t, async (fastify) => {
  const app = fastify()
  await app.register(throttle, { bytesPerSecond: 64 * 1024 * 1024 })
  app.get('/string', async () => text)
  app.get('/buffer', async (_request: any, reply: any) => { reply.type('application/octet-stream'); return Buffer.from(text) })
  app.get('/stream', async (_request: any, reply: any) => { reply.type('text/plain'); return Readable.from([text.slice(0, 1000), text.slice(1000)]) })
  app.get('/object', { config: { throttle: { bytesPerSecond: 1024 * 1024 } } }, async () => ({ text: text.slice(0, 10) }))
  return app
}, async (t, app) => {
  t.test('every kind of payload goes out whole', async (t) => {
    t.equal((await app.inject('/string')).body, text)
    t.equal((await app.inject('/buffer')).rawPayload.length, text.length)
    t.equal((await app.inject('/stream')).body, text)
    t.same((await app.inject('/object')).json(), { text: 'xxxxxxxxxx' })
  })
})
