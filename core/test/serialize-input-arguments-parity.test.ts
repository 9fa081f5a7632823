import { test } from 'tap'
import Fastify4 from 'fastify4'
import { enclaveFaces, type Factory } from './fixtures/faces.js'
import { sameOnBoth } from './fixtures/same-on-fastify5.js'

const [, v4Face] = enclaveFaces.find(([name]) => name === '@enclave/fastify4')!
const body = { type: 'object', properties: { n: { type: 'integer' } } }

/**
 * reply.serializeInput's arguments as Fastify reads them: a string or number second argument is the
 * status (any string), the third the content type when it differs from it; after a schema, the
 * third is the status.
 */
const calls: Array<[string, (reply: any) => unknown]> = [
  ['a string that is no status', (reply) => reply.serializeInput({ a: 1 }, 'nope')],
  ['the status repeated', (reply) => reply.serializeInput({ a: 1, b: 2 }, 200, 200)],
  ['a number as the content type', (reply) => reply.serializeInput({ a: 1 }, 200, 201)],
  ['a schema and a string status', (reply) => reply.serializeInput({ n: 1 }, body, 'nope')],
  ['a schema and a null status', (reply) => reply.serializeInput({ n: '1', x: 1 }, body, null)],
  ['an empty content type', (reply) => reply.serializeInput({ a: 1 }, 404, '')],
  ['an empty status', (reply) => reply.serializeInput({ a: 1 }, '')]
]

async function results (factory: Factory): Promise<string[]> {
  const app = factory()
  let seen: string[] = []
  app.get('/', { schema: { response: { 200: { type: 'object', properties: { a: { type: 'string' } } } } } }, (_request: any, reply: any) => {
    seen = calls.map(([name, call]) => {
      try {
        return `${name}: ${String(call(reply))}`
      } catch (error: any) {
        return `${name}: ${String(error.code)} ${String(error.message)}`
      }
    })
    reply.code(299).send('done')
  })
  await app.inject('/')
  await app.close()
  return seen
}

test('fastify@5.12.8 and the v5 face: serializeInput reads its arguments as Fastify', async (t) => {
  const seen = await sameOnBoth(t, results)
  t.equal(seen[0], 'a string that is no status: FST_ERR_MISSING_SERIALIZATION_FN Missing serialization function. Key "nope"')
  t.equal(seen[2], 'a number as the content type: FST_ERR_MISSING_CONTENTTYPE_SERIALIZATION_FN Missing serialization function. Key "200:201"')
})

test('fastify@4.29.1 and the v4 face: serializeInput reads its arguments as Fastify', async (t) => {
  t.same(await results(v4Face), await results(Fastify4 as unknown as Factory))
})
