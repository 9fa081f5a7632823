import t from 'tap'
import { z } from 'zod'
import enclave from '@enclave/core'
import { validatorCompiler } from '@enclave/zod'

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
