// @fastify/compress 7 (the Fastify 4 major) and a GET route's automatic HEAD route, on fastify@4.29.1
// and on @enclave/fastify4: the plugin adds its onSend hook to each route through onRoute, after the
// HEAD route's own step, so the HEAD answer goes out uncompressed, with the GET body's length.
import t from 'tap'
import { Readable } from 'node:stream'
import { createRequire } from 'node:module'
import compress from '@fastify/compress'

const require = createRequire(import.meta.url)
const big = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `item ${i}` })) }

for (const [name, specifier] of [['fastify@4.29.1', 'fastify4'], ['@enclave/fastify4', '@enclave/fastify4']] as const) {
  t.test(`on ${name}`, async (t) => {
    const app = require(specifier)()
    t.teardown(() => app.close())
    await app.register(compress, { threshold: 1024 })
    app.get('/big', async () => big)
    app.get('/stream', (_request: unknown, reply: any) => { reply.type('text/plain').send(Readable.from(['a'.repeat(4000)])) })
    const get = await app.inject({ url: '/big', headers: { 'accept-encoding': 'gzip' } })
    t.equal(get.headers['content-encoding'], 'gzip', 'the GET answer is compressed')
    const head = await app.inject({ method: 'HEAD', url: '/big', headers: { 'accept-encoding': 'gzip' } })
    t.equal(head.statusCode, 200)
    t.notOk('content-encoding' in head.headers)
    t.equal(head.headers['content-length'], String(Buffer.byteLength(JSON.stringify(big))))
    t.equal(head.rawPayload.length, 0)
    const stream = await app.inject({ method: 'HEAD', url: '/stream', headers: { 'accept-encoding': 'gzip' } })
    t.notOk('content-encoding' in stream.headers)
    t.notOk('content-length' in stream.headers, 'a stream has no length to announce')
  })
}
