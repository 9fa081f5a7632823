import t from 'tap'
import enclave from '@enclave/core'
import Joi from 'joi'
import { createSerializerCompiler, serializerCompiler } from '@enclave/joi'

const user = Joi.object({
  id: Joi.number().integer().required(),
  name: Joi.string().required(),
  role: Joi.string().default('member')
})

t.test('a Joi response schema is a whitelist: undeclared properties never leave the server', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.get('/user', { serializerCompiler, schema: { response: { 200: user } } }, async () => ({ id: '7', name: 'Ada', passwordHash: 'secret' }))
  const res = await app.inject({ url: '/user' })
  t.equal(res.statusCode, 200)
  t.equal(res.headers['content-type'], 'application/json; charset=utf-8')
  t.equal(res.body, '{"id":7,"name":"Ada","role":"member"}', 'converted, defaulted, stripped')
})

t.test('options pass through: stripUnknown false refuses undeclared properties', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.setSerializerCompiler(createSerializerCompiler({ stripUnknown: false }))
  app.get('/user', { schema: { response: { 200: user } } }, async () => ({ id: 1, name: 'a', extra: 1 }))
  const res = await app.inject({ url: '/user' })
  t.equal(res.statusCode, 500)
  t.equal(res.json().message, 'response/extra is not allowed')
})

t.test('a response schema with external rules fails at ready(): serialization is synchronous', async (t) => {
  const app = enclave()
  app.get('/x', {
    serializerCompiler,
    schema: { response: { 200: Joi.object({ a: Joi.string().external(async (value) => value) }) } }
  }, async () => ({ a: 'b' }))
  const error = await app.ready().then(() => null, (error: unknown) => error) as { code?: string, cause?: { code?: string } } | null
  t.equal(error?.code, 'FST_ERR_SCH_SERIALIZATION_BUILD')
  t.equal(error?.cause?.code, 'ENC_ERR_JOI_ASYNC_RESPONSE')
  await app.close()
})
