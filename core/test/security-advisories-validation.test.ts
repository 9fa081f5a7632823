// Fastify 5.12.2 and 5.12.6 (security releases): a headers schema naming a header in its written
// case below the top level (`dependencies`, `if`/`then`, `not`, a `propertyNames` deny-list) never
// matched Node's lower-cased header names, so the assertion silently passed; and an Ajv `$async`
// validator's resolved data was read as a `{ error, value }` verdict, so a body carrying `value`
// replaced itself after validation; and a boolean schema (`body: false`) was skipped as absent.
// Replayed over a real socket on every entry, and on fastify@5.12.8 for comparison.
import t from 'tap'
import type { Test } from 'tap'
import type { AddressInfo } from 'node:net'
import Fastify5 from 'fastify5'
import { enclaveFaces, fastify5Face } from './fixtures/faces.js'
import type { Factory } from './fixtures/faces.js'
import { rawRequest } from './fixtures/raw-http1.js'

const everyEntry: Array<[string, Factory]> = [...enclaveFaces, fastify5Face]

async function send (t: Test, factory: Factory, method: string, schema: Record<string, unknown>, headerLines: string[], body = ''): Promise<{ statusCode: number, body: string }> {
  const app = factory({ logger: false })
  t.teardown(() => app.close())
  app.route({ method, url: '/', schema, handler: async (request: any) => ({ reached: true, body: request.body ?? null }) })
  await app.listen({ port: 0, host: '127.0.0.1' })
  return rawRequest((app.server.address() as AddressInfo).port, method, '/', headerLines, body)
}

const headerCases: Array<[string, Record<string, unknown>, string]> = [
  ['dependencies', { type: 'object', dependencies: { 'X-Tenant': ['X-Signature'] } }, 'X-Tenant: a'],
  ['if/then', { type: 'object', if: { required: ['X-Tenant'] }, then: { required: ['X-Signature'] } }, 'X-Tenant: a'],
  ['not/required', { type: 'object', not: { required: ['X-Internal'] } }, 'X-Internal: 1'],
  ['propertyNames deny-list', { type: 'object', propertyNames: { not: { enum: ['X-Internal'] } } }, 'X-Internal: 1'],
  ['nested properties', { type: 'object', allOf: [{ properties: { 'X-Count': { type: 'integer' } } }] }, 'X-Count: many']
]

t.test('a header named in its written case at any depth of the headers schema is checked, on every entry as in fastify@5.12.8', async (t) => {
  for (const [label, headers, line] of headerCases) {
    t.equal((await send(t, Fastify5 as unknown as Factory, 'GET', { headers }, [line])).statusCode, 400, `fastify@5.12.8: ${label}`)
    for (const [name, factory] of everyEntry) {
      t.equal((await send(t, factory, 'GET', { headers }, [line])).statusCode, 400, `${name}: ${label}`)
      t.equal((await send(t, factory, 'GET', { headers }, [])).statusCode, 200, `${name}: ${label}, without the header`)
    }
  }
})

t.test('header values inside the schema keep their case', async (t) => {
  const headers = { type: 'object', properties: { 'X-Mode': { enum: ['Strict'] } } }
  for (const [name, factory] of everyEntry) {
    t.equal((await send(t, factory, 'GET', { headers }, ['X-Mode: Strict'])).statusCode, 200, `${name}: the value as written`)
    t.equal((await send(t, factory, 'GET', { headers }, ['X-Mode: strict'])).statusCode, 400, `${name}: another case is another value`)
  }
})

t.test('an $async body schema\'s data is never read as a { value } verdict, on the entries that run $async schemas', async (t) => {
  const body = { $async: true, type: 'object', properties: { value: { type: 'object' } } }
  const payload = JSON.stringify({ value: { admin: true } })
  const lines = ['Content-Type: application/json']
  const fastify5 = await send(t, Fastify5 as unknown as Factory, 'POST', { body }, lines, payload)
  t.same(JSON.parse(fastify5.body), { reached: true, body: { value: { admin: true } } }, 'fastify@5.12.8: the body as sent')
  for (const [name, factory] of everyEntry.slice(1)) {
    const answer = await send(t, factory, 'POST', { body }, lines, payload)
    t.same(JSON.parse(answer.body), { reached: true, body: { value: { admin: true } } }, `${name}: the body as sent`)
    const failing = await send(t, factory, 'POST', { body }, lines, JSON.stringify({ value: 1 }))
    t.equal(failing.statusCode, 400, `${name}: invalid data still fails`)
  }
})

t.test('a boolean schema is a schema: body false refuses every body, on every entry as in fastify@5.12.8', async (t) => {
  const lines = ['Content-Type: application/json']
  t.equal((await send(t, Fastify5 as unknown as Factory, 'POST', { body: false }, lines, '{"a":1}')).statusCode, 400, 'fastify@5.12.8')
  for (const [name, factory] of everyEntry) {
    t.equal((await send(t, factory, 'POST', { body: false }, lines, '{"a":1}')).statusCode, 400, `${name}: body false`)
    t.equal((await send(t, factory, 'GET', { querystring: false }, [])).statusCode, 400, `${name}: querystring false`)
  }
})
