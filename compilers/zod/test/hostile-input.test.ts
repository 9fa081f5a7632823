import t from 'tap'
import { z } from 'zod'
import enclave from '@enclave/core'
import { createValidatorCompiler, validatorCompiler } from '@enclave/zod'

t.test('a __proto__ query key is data, not the prototype of the converted copy', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.setValidatorCompiler(validatorCompiler)
  app.get('/', { schema: { querystring: z.object({ n: z.number(), length: z.number().optional() }) } }, async (request) => request.query)

  const response = await app.inject('/?__proto__=a&__proto__=b&n=5')
  t.equal(response.statusCode, 200)
  t.strictSame(response.json(), { n: 5 }, 'no "length" inherited from an array prototype')
})

// Core refuses such bodies by default (onProtoPoisoning: 'error'); with 'ignore' the adapter is the last line.
t.test('a __proto__ body key does not smuggle declared properties in', async (t) => {
  const app = enclave({ onProtoPoisoning: 'ignore' })
  t.teardown(() => app.close())
  app.setValidatorCompiler(createValidatorCompiler({ coerce: ['body'] }))
  app.post('/', { schema: { body: z.object({ name: z.string(), age: z.number(), isAdmin: z.boolean().optional() }) } }, async (request) => request.body)

  const response = await app.inject({ method: 'POST', url: '/', headers: { 'content-type': 'application/json' }, payload: '{"__proto__":{"isAdmin":true},"name":"x","age":"3"}' })
  t.equal(response.statusCode, 200)
  t.strictSame(response.json(), { name: 'x', age: 3 })
})

t.test('oversized and odd values fail validation instead of crashing', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.setValidatorCompiler(validatorCompiler)
  app.get('/:id', { schema: { params: z.object({ id: z.int() }), querystring: z.object({ n: z.number().optional(), flag: z.boolean().optional() }) } }, async (request) => ({ params: request.params, query: request.query }))

  t.equal((await app.inject('/1e400')).json().message, 'params/id should be number', 'Infinity is not a number for Zod')
  t.equal((await app.inject('/0x10')).statusCode, 200, 'hex reads as a number, as Ajv coerces it')
  t.equal((await app.inject('/1?n=%20')).json().message, 'querystring/n should be number')
  t.equal((await app.inject('/1?flag=TRUE')).json().message, 'querystring/flag should be boolean')
})
