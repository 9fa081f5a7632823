// GHSA-w2qp-rph6-63g4 (fixed in Fastify 5.12.1): a body schema whose root is a scalar
// (`{ type: 'integer' }`) validated the coerced value while the handler got the original one, so
// `"10"` reached a handler whose schema promised an integer. Replayed over a real socket on every
// entry, and on fastify@5.12.8 for comparison.
import t from 'tap'
import type { Test } from 'tap'
import type { AddressInfo } from 'node:net'
import Fastify5 from 'fastify5'
import { enclaveFaces, fastify5Face } from './fixtures/faces.js'
import type { Factory } from './fixtures/faces.js'
import { rawRequest } from './fixtures/raw-http1.js'

const everyEntry: Array<[string, Factory]> = [...enclaveFaces, fastify5Face]

interface Seen { readonly statusCode: number, readonly body: unknown }

/** The body as the handler sees it: its JSON type and value. */
async function postBody (t: Test, factory: Factory, schema: Record<string, unknown>, payload: string, routeOptions?: Record<string, unknown>, options: Record<string, unknown> = {}): Promise<Seen> {
  const app = factory({ logger: false, ...options })
  t.teardown(() => app.close())
  app.post('/', routeOptions ?? { schema: { body: schema } }, async (request: any) => ({ type: typeof request.body, value: request.body }))
  await app.listen({ port: 0, host: '127.0.0.1' })
  const answer = await rawRequest((app.server.address() as AddressInfo).port, 'POST', '/', ['Content-Type: application/json'], payload)
  return { statusCode: answer.statusCode, body: answer.body === '' ? '' : JSON.parse(answer.body) }
}

t.test('a scalar root body schema hands the handler the coerced value, on every entry as in fastify@5.12.8', async (t) => {
  const cases: Array<[Record<string, unknown>, string, unknown]> = [
    [{ type: 'integer' }, '"10"', 10],
    [{ type: 'integer' }, '"0"', 0],
    [{ type: 'number' }, '"1.5"', 1.5],
    [{ type: 'boolean' }, '"false"', false],
    [{ type: 'string' }, '42', '42'],
    [{ type: 'array', items: { type: 'integer' } }, '"7"', [7]]
  ]
  for (const [schema, payload, expected] of cases) {
    const label = `${JSON.stringify(schema)} given ${payload}`
    const fastify5 = await postBody(t, Fastify5 as unknown as Factory, schema, payload)
    t.same(fastify5, { statusCode: 200, body: { type: typeof expected, value: expected } }, `fastify@5.12.8: ${label}`)
    for (const [name, factory] of everyEntry) {
      t.same(await postBody(t, factory, schema, payload), fastify5, `${name}: ${label}`)
    }
  }
})

t.test('with lazySchemaCompilation the first request, which compiles the validator, gets the coerced value too', async (t) => {
  for (const [name, factory] of everyEntry) {
    const seen = await postBody(t, factory, { type: 'integer' }, '"10"', undefined, { lazySchemaCompilation: true })
    t.same(seen, { statusCode: 200, body: { type: 'number', value: 10 } }, name)
  }
})

t.test('an $async scalar root body schema hands over the coerced value too, on the entries that run $async schemas', async (t) => {
  const schema = { $async: true, type: 'integer' }
  t.same(await postBody(t, Fastify5 as unknown as Factory, schema, '"10"'), { statusCode: 200, body: { type: 'number', value: 10 } }, 'fastify@5.12.8')
  for (const [name, factory] of everyEntry.slice(1)) {
    t.same(await postBody(t, factory, schema, '"10"'), { statusCode: 200, body: { type: 'number', value: 10 } }, name)
  }
})

t.test('a value the schema refuses is still a 400, and an object root is coerced in place as before', async (t) => {
  for (const [name, factory] of everyEntry) {
    t.equal((await postBody(t, factory, { type: 'integer' }, '"ten"')).statusCode, 400, `${name}: "ten" is not an integer`)
    const object = await postBody(t, factory, { type: 'object', properties: { n: { type: 'integer' } } }, '{"n":"3"}')
    t.same(object, { statusCode: 200, body: { type: 'object', value: { n: 3 } } }, `${name}: object root`)
  }
})

t.test('a custom validator is called with the data alone, and its { value } still replaces the body', async (t) => {
  for (const [name, factory] of everyEntry) {
    const calls: number[] = []
    const validatorCompiler = () => function validate (...args: unknown[]) {
      calls.push(args.length)
      return { value: Number(args[0]) * 2 }
    }
    const seen = await postBody(t, factory, {}, '"21"', { schema: { body: { type: 'integer' } }, validatorCompiler })
    t.same(seen, { statusCode: 200, body: { type: 'number', value: 42 } }, `${name}: the validator's value`)
    t.same(calls, [1], `${name}: one argument`)
  }
})
