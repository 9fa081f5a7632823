import t from 'tap'
import enclave from '@enclave/core'
import * as yup from 'yup'
import { createSerializerCompiler, serializerCompiler } from '@enclave/yup'

const user = yup.object({
  id: yup.number().integer().required(),
  name: yup.string().required(),
  role: yup.string().default('member')
})

t.test('a yup response schema is a whitelist: undeclared properties never leave the server', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  // @ts-expect-error yup casts, defaults and strips at run time; its types do not model that
  app.get('/user', { serializerCompiler, schema: { response: { 200: user } } }, async () => ({ id: '7', name: 'Ada', passwordHash: 'secret' }))
  const res = await app.inject({ url: '/user' })
  t.equal(res.statusCode, 200)
  t.equal(res.headers['content-type'], 'application/json; charset=utf-8')
  // yup builds its output in its own field order, not the declaration order.
  t.strictSame(res.json(), { id: 7, name: 'Ada', role: 'member' }, 'cast, defaulted, stripped')
  t.notMatch(res.body, /passwordHash|secret/)
})

t.test('options pass through: strict refuses a payload that would need casting', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.setSerializerCompiler(createSerializerCompiler({ strict: true }))
  // @ts-expect-error a payload that needs casting, on purpose: strict mode is under test
  app.get('/user', { schema: { response: { 200: user } } }, async () => ({ id: '1', name: 'a' }))
  const res = await app.inject({ url: '/user' })
  t.equal(res.statusCode, 500)
  t.equal(res.json().message, 'response/id must be number')
})

t.test('a response schema with an async test fails at ready(): serialization is synchronous', async (t) => {
  const app = enclave()
  app.get('/x', {
    serializerCompiler,
    schema: { response: { 200: yup.object({ a: yup.string().test('slow', 'no', async () => true) }) } }
  }, async () => ({ a: 'b' }))
  const error = await app.ready().then(() => null, (error: unknown) => error) as { code?: string, cause?: { code?: string } } | null
  t.equal(error?.code, 'FST_ERR_SCH_SERIALIZATION_BUILD')
  t.equal(error?.cause?.code, 'ENC_ERR_YUP_ASYNC_RESPONSE')
  await app.close()
})
