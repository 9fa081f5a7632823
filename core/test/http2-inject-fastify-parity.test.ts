import { test } from 'tap'
import { faces, fastify5Faces, type Factory } from './fixtures/faces.js'

// The HTTP2 reference's plain HTTP/2 server, asked through inject() (HTTP/1.1): Fastify 5.12 lets the
// injected request in, Fastify 4.29 answers it 505.
async function injectIntoHttp2 (factory: Factory): Promise<unknown> {
  const app = factory({ http2: true })
  app.get('/', () => ({ hello: 'world' }))
  const response = await app.inject('/')
  await app.close()
  return { status: response.statusCode, type: response.headers['content-type'], body: response.payload }
}

for (const [name, factory] of fastify5Faces) {
  test(`${name}: inject() into an HTTP/2-only app reaches the route`, async (t) => {
    t.same(await injectIntoHttp2(factory), { status: 200, type: 'application/json; charset=utf-8', body: '{"hello":"world"}' })
  })
}

for (const [name, factory] of faces) {
  test(`${name}: inject() into an HTTP/2-only app answers 505, as Fastify 4.29`, async (t) => {
    t.same(await injectIntoHttp2(factory), {
      status: 505,
      type: 'application/json',
      body: '{"error":"HTTP Version Not Supported","message":"HTTP Version Not Supported","statusCode":505}'
    })
  })
}
