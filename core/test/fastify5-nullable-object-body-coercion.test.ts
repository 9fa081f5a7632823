import { test } from 'tap'
import { enclaveFaces, type Factory } from './fixtures/faces.js'
import { sameOnBoth } from './fixtures/same-on-fastify5.js'

// Ajv coerces `""`, `0` and `false` to `null` under a nullable object schema; Fastify 5.12 hands the
// handler that coerced value, as it does for a scalar root (Fastify 4.29 passes the value as sent, a
// difference every Enclave entry leaves behind: docs/migrating-from-fastify.md).
const bodySchema = { type: 'object', nullable: true, properties: { a: { type: 'string' } } }
const payloads = ['""', '0', 'false', 'null', '{"a":"xy"}']

/** What the handler receives as the body for each payload, with and without attachValidation. */
async function bodiesSeen (factory: Factory): Promise<unknown[]> {
  const app = factory()
  const echo = async (request: any): Promise<string> => JSON.stringify({ body: request.body })
  app.post('/', { schema: { body: bodySchema } }, echo)
  // A failing querystring after a passing body: the handler still sees the coerced body.
  app.post('/attached', { attachValidation: true, schema: { body: bodySchema, querystring: { type: 'object', properties: { n: { type: 'boolean' } } } } }, echo)
  const seen: unknown[] = []
  for (const payload of payloads) {
    for (const url of ['/', '/attached?n=maybe']) {
      const res = await app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json' } })
      seen.push([url, payload, res.statusCode, res.body])
    }
  }
  await app.close()
  return seen
}

test('fastify@5.12.8 and the v5 face: a nullable object body coerced to null reaches the handler as null', async (t) => {
  const seen = await sameOnBoth(t, bodiesSeen)
  t.equal(seen.length, payloads.length * 2)
  t.same(seen[0], ['/', '""', 200, '{"body":null}'])
  t.same(seen[3], ['/attached?n=maybe', '0', 200, '{"body":null}'])
})

for (const [name, factory] of enclaveFaces) {
  test(`${name}: a nullable object body coerced to null reaches the handler as null`, async (t) => {
    const seen = await bodiesSeen(factory)
    for (const [url, payload, status, body] of seen as Array<[string, string, number, string]>) {
      t.equal(status, 200, `${url} ${payload}`)
      t.equal(body, payload === '{"a":"xy"}' ? '{"body":{"a":"xy"}}' : '{"body":null}', `${url} ${payload}`)
    }
  })
}
