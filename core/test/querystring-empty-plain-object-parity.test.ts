import { test } from 'tap'
import { faces, type Factory } from './fixtures/faces.js'
import { sameOnBoth } from './fixtures/same-on-fastify5.js'

// find-my-way's default parser, kept by Fastify 4.29 and 5.12: a URL without a query string, or with
// an empty one, gives a plain `{}` (its inherited members visible to a schema and to the handler);
// any other query string gives an object without a prototype.
const urls = ['/', '/?', '/?x=1', '/?&']

/** For each URL: status and payload of a route whose querystring schema names inherited members. */
async function answers (factory: Factory): Promise<unknown[]> {
  const app = factory()
  app.get('/', { schema: { querystring: { type: 'object', properties: { constructor: { type: 'string' } } } } }, async () => 'passed')
  app.get('/seen', async (request: any) => ({ toString: typeof request.query.toString, hasOwn: typeof request.query.hasOwnProperty }))
  const seen: unknown[] = []
  for (const url of urls) {
    const validated = await app.inject(url)
    const handled = await app.inject(url.replace('/', '/seen'))
    seen.push([url, validated.statusCode, validated.statusCode === 400 ? validated.json().code : validated.body, handled.json()])
  }
  await app.close()
  return seen
}

const plain = { toString: 'function', hasOwn: 'function' }
const bare = { toString: 'undefined', hasOwn: 'undefined' }
const expected = [
  ['/', 400, 'FST_ERR_VALIDATION', plain],
  ['/?', 400, 'FST_ERR_VALIDATION', plain],
  ['/?x=1', 200, 'passed', bare],
  ['/?&', 200, 'passed', bare]
]

for (const [name, factory] of faces) {
  test(`${name}: an absent or empty query string is a plain object, any other one has no prototype`, async (t) => {
    const seen = await answers(factory)
    // enclave()'s 400 payload carries no code (the spec's payload): compare the status there.
    t.same(name === 'enclave()' ? seen.map((row: any) => [row[0], row[1], row[3]]) : seen, name === 'enclave()' ? expected.map((row) => [row[0], row[1], row[3]]) : expected)
  })
}

test('fastify@5.12.8 and the v5 face: an absent or empty query string is a plain object', async (t) => {
  t.same(await sameOnBoth(t, answers), expected)
})
