// A 1xx or 204 answer has no content: whatever the reply was given (a string, an object, bytes, a
// number under a text type) goes out without it and without content-type or content-length, and
// nothing is refused for its type. The same on Fastify 4.29 and 5.12 as on every Enclave entry.
import { test } from 'tap'
import { faces, fastify5Faces } from './fixtures/faces.js'

type Factory = (options?: object) => any

const payloads: Record<string, (reply: any) => unknown> = {
  string: (reply) => reply.send('text'),
  object: (reply) => reply.send({ a: 1 }),
  bytes: (reply) => reply.send(Buffer.from('b')),
  'a number under a text type': (reply) => reply.type('text/plain').send(42),
  'an object under a text type': (reply) => reply.type('text/plain').send({ a: 1 })
}
const statuses = [150, 199, 204]

async function answers (factory: Factory): Promise<unknown[]> {
  const app = factory()
  for (const status of statuses) {
    for (const [name, send] of Object.entries(payloads)) app.get(`/${status}/${name.replaceAll(' ', '-')}`, (_request: unknown, reply: any) => { send(reply.code(status)) })
  }
  const results = []
  for (const status of statuses) {
    for (const name of Object.keys(payloads)) {
      const res = await app.inject(`/${status}/${name.replaceAll(' ', '-')}`)
      results.push({ status: res.statusCode, type: res.headers['content-type'] ?? null, length: res.headers['content-length'] ?? null, body: res.body })
    }
  }
  await app.close()
  return results
}

for (const group of [faces, fastify5Faces]) {
  const [[baseline, baselineFactory], ...entries] = group
  test(`a 1xx or 204 answer with a payload, as ${baseline} sends it`, async (t) => {
    const expected = await answers(baselineFactory as Factory)
    t.match(expected[10], { status: 204, type: null, length: null, body: '' }, `${baseline}: a 204's string is dropped`)
    for (const [name, factory] of entries) t.same(await answers(factory as Factory), expected, name)
  })
}
