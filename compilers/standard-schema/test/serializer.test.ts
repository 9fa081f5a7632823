import t, { type Test } from 'tap'
import * as v from 'valibot'
import { z } from 'zod'
import enclave, { type EnclaveInstance } from '@enclave/core'
import { createSerializerCompiler, serializerCompiler } from '@enclave/standard-schema'

function build (t: Test): EnclaveInstance {
  const app = enclave()
  t.teardown(() => app.close())
  app.setSerializerCompiler(serializerCompiler)
  return app
}

const stored = { id: 1, name: 'Ada', passwordHash: 'secret', address: { city: 'London', street: 'hidden' } }

t.test('valibot (validate then stringify): output restricted to the declared properties', async (t) => {
  const app = build(t)
  const user = v.object({ id: v.number(), name: v.string(), address: v.optional(v.object({ city: v.string() })), role: v.optional(v.string(), 'member') })
  app.get('/user', { schema: { response: { 200: user } } }, async () => stored)
  app.get('/users', { schema: { response: { 200: v.array(user) } } }, async () => [stored])

  const response = await app.inject('/user')
  t.equal(response.headers['content-type'], 'application/json; charset=utf-8')
  t.equal(response.body, '{"id":1,"name":"Ada","address":{"city":"London"},"role":"member"}')
  t.equal((await app.inject('/users')).body, '[{"id":1,"name":"Ada","address":{"city":"London"},"role":"member"}]')
})

t.test('zod 4 (through its JSON Schema, fast-json-stringify): output restricted, defaults written', async (t) => {
  const app = build(t)
  app.get('/user', {
    schema: { response: { 200: z.object({ id: z.number(), name: z.string(), address: z.object({ city: z.string() }).optional(), role: z.string().default('member') }) } }
  }, async () => stored)
  t.equal((await app.inject('/user')).body, '{"id":1,"name":"Ada","address":{"city":"London"},"role":"member"}')
})

t.test('a payload the schema rejects is a 500 that does not echo the payload', async (t) => {
  const app = build(t)
  // @ts-expect-error the payload breaks the response schema on purpose: the runtime check is under test
  app.get('/bad', { schema: { response: { 200: v.object({ name: v.string() }) } } }, async () => ({ name: 42, secret: 'x' }))
  const response = await app.inject('/bad')
  t.equal(response.statusCode, 500)
  t.notMatch(response.body, /secret/)
})

t.test('jsonSchema: false validates responses even when a JSON Schema exists', async (t) => {
  const schema = z.object({ name: z.string().min(3) })
  const fast = serializerCompiler({ schema, method: 'GET', url: '/', httpStatus: '200' })
  const checked = createSerializerCompiler({ jsonSchema: false })({ schema, method: 'GET', url: '/', httpStatus: '200' })
  t.equal(fast({ name: 'Al', x: 1 }), '{"name":"Al"}', 'fast-json-stringify does not validate')
  t.equal(checked({ name: 'Ada', x: 1 }), '{"name":"Ada"}')
  t.throws(() => checked({ name: 'Al' }), { code: 'ENC_ERR_STANDARD_SCHEMA_RESPONSE_MISMATCH', message: 'response/name Too small: expected string to have >=3 characters' })
})

t.test('a schema that validates asynchronously cannot serialize', async (t) => {
  const schema = v.objectAsync({ name: v.pipeAsync(v.string(), v.checkAsync(async () => true, 'never')) })
  const serialize = serializerCompiler({ schema, method: 'GET', url: '/', httpStatus: '200' })
  t.throws(() => serialize({ name: 'Ada' }), { code: 'ENC_ERR_STANDARD_SCHEMA_ASYNC_RESPONSE' })
})
