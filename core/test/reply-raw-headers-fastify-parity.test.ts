// Headers set on reply.raw before send(): the type counts as the reply's (as reply.getHeader()
// reads it), and the reply's own content-length wins over one set there, as in Fastify.
import t from 'tap'
import { faces, fastify5Faces, type Factory } from './fixtures/faces.js'

async function answer (factory: Factory, arrange: (reply: any) => void): Promise<string> {
  const app = factory({ logger: false })
  app.get('/', (_request: unknown, reply: any) => {
    arrange(reply)
    reply.send({ ok: 1 })
  })
  const response = await app.inject('/')
  await app.close()
  return `${String(response.statusCode)} ${String(response.headers['content-type'])} ${String(response.headers['content-length'])} ${String(response.body)}`
}

const everyEntry = [...faces, ...fastify5Faces]

t.test('a type set on reply.raw that is not JSON: an object payload is refused, as in Fastify', async (t) => {
  for (const [name, factory] of everyEntry) {
    t.match(await answer(factory, (reply) => reply.raw.setHeader('content-type', 'text/x')), /^500 application\/json; charset=utf-8 \d+ .*FST_ERR_REP_INVALID_PAYLOAD_TYPE/, name)
  }
})

t.test('a JSON type set on reply.raw: the object is serialized and goes out with that type, charset added', async (t) => {
  for (const [name, factory] of everyEntry) {
    t.equal(await answer(factory, (reply) => reply.raw.setHeader('content-type', 'application/json')), '200 application/json; charset=utf-8 8 {"ok":1}', name)
  }
})

t.test('a content-length set on reply.raw is replaced by the body\'s, as in Fastify', async (t) => {
  for (const [name, factory] of everyEntry) {
    t.equal(await answer(factory, (reply) => reply.raw.setHeader('content-length', '1')), '200 application/json; charset=utf-8 8 {"ok":1}', name)
  }
})
