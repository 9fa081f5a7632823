import t from 'tap'
import * as v from 'valibot'
import enclave from '@enclave/core'
import { createValidatorCompiler, validatorCompiler } from '@enclave/standard-schema'

// Core refuses such bodies by default (onProtoPoisoning: 'error'); with 'ignore' the adapter is the last line.
t.test('a __proto__ body key does not smuggle declared properties in when failing strings are retried', async (t) => {
  const app = enclave({ onProtoPoisoning: 'ignore' })
  t.teardown(() => app.close())
  app.setValidatorCompiler(createValidatorCompiler({ coerce: ['body'] }))
  app.post('/', { schema: { body: v.object({ name: v.string(), age: v.number(), isAdmin: v.optional(v.boolean()) }) } }, async (request) => request.body)

  const response = await app.inject({ method: 'POST', url: '/', headers: { 'content-type': 'application/json' }, payload: '{"__proto__":{"isAdmin":true},"name":"x","age":"3"}' })
  t.equal(response.statusCode, 200)
  t.strictSame(response.json(), { name: 'x', age: 3 })
})

t.test('a __proto__ query key is data, not a prototype', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.setValidatorCompiler(validatorCompiler)
  app.get('/', { schema: { querystring: v.object({ n: v.number(), length: v.optional(v.number()) }) } }, async (request) => request.query)
  const response = await app.inject('/?__proto__=a&__proto__=b&n=5')
  t.equal(response.statusCode, 200)
  t.strictSame(response.json(), { n: 5 })
})
