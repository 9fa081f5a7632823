import t from 'tap'
import * as v from 'valibot'
import { z } from 'zod'
import { createSerializerCompiler, serializerCompiler } from '@enclave/standard-schema'

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
