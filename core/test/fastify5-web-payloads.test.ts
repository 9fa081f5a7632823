import { test } from 'tap'
import { Readable } from 'node:stream'
import { enclaveFaces, fastify5Faces } from './fixtures/faces.js'
import { sameOnBoth } from './fixtures/same-on-fastify5.js'

test('a Response whose body was already read answers 500 FST_ERR_REP_RESPONSE_BODY_CONSUMED', async (t) => {
  const expected = await sameOnBoth(t, async (factory) => {
    const app = factory()
    app.get('/', async (_request: unknown, reply: any) => {
      const response = new Response('read once', { status: 200 })
      await response.text()
      return reply.send(response)
    })
    const response = await app.inject('/')
    await app.close()
    return [response.statusCode, response.json().code]
  })
  t.same(expected, [500, 'FST_ERR_REP_RESPONSE_BODY_CONSUMED'])
})

const warning = "response will send, but you shouldn't use res.writeHead in stream mode"

for (const [name, factory] of [...fastify5Faces, ...enclaveFaces]) {
  test(`${name}: a stream sent after the app wrote the head on reply.raw goes out, with Fastify's warning`, async (t) => {
    const warned: unknown[] = []
    const logger: any = { level: 'warn', fatal () {}, error () {}, warn (first: unknown, second: unknown) { warned.push(typeof first === 'string' ? first : second) }, info () {}, debug () {}, trace () {}, child: () => logger }
    const app = factory(name.includes('5') ? { loggerInstance: logger } : { logger })
    app.get('/web', (_request: unknown, reply: any) => {
      reply.raw.writeHead(200, { 'content-type': 'text/plain' })
      reply.send(new ReadableStream({ start (controller) { controller.enqueue('web'); controller.close() } }))
    })
    app.get('/node', (_request: unknown, reply: any) => {
      reply.raw.writeHead(200, { 'content-type': 'text/plain' })
      reply.send(Readable.from(['node']))
    })
    await app.listen({ port: 0, host: '127.0.0.1' })
    const base = `http://127.0.0.1:${app.server.address().port as number}`
    for (const path of ['/web', '/node']) {
      const response = await fetch(base + path)
      t.same([response.status, await response.text()], [200, path.slice(1)])
    }
    t.same(warned, [warning, warning])
    await app.close()
  })
}
