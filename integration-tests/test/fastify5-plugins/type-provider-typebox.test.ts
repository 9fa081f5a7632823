// @fastify/type-provider-typebox 6 (the Fastify 5 major) on fastify@5.12.8 and on @enclave/fastify:
// TypeBox schemas validate and coerce the request parts and serialize the
// answer, with Fastify's own compiler and with TypeBoxValidatorCompiler.
import t from 'tap'
import { Type, TypeBoxValidatorCompiler } from '@fastify5/type-provider-typebox'
import { onFastify5 } from '../helpers/fastify5.js'

const schema = {
  querystring: Type.Object({ limit: Type.Integer({ minimum: 1 }) }),
  body: Type.Object({ name: Type.String() }),
  response: { 200: Type.Object({ name: Type.String(), limit: Type.Integer() }) }
}

onFastify5(t, async (fastify) => {
  // The factory is typed `any` here, so withTypeProvider takes no type argument.
  const app = fastify().withTypeProvider()
  app.post('/ajv', { schema }, async (request: any) => ({ name: request.body.name, limit: request.query.limit, dropped: true }))
  await app.register(async (typebox: any) => {
    typebox.setValidatorCompiler(TypeBoxValidatorCompiler)
    typebox.post('/typebox', { schema: { body: schema.body } }, async (request: any) => ({ name: request.body.name }))
  })
  return app
}, async (t, app) => {
  t.test('valid parts are coerced and the answer serialized by its schema', async (t) => {
    const res = await app.inject({ method: 'POST', url: '/ajv?limit=3', payload: { name: 'ada' } })
    t.equal(res.statusCode, 200)
    t.same(res.json(), { name: 'ada', limit: 3 })
  })

  t.test('invalid parts answer 400 with FST_ERR_VALIDATION', async (t) => {
    const res = await app.inject({ method: 'POST', url: '/ajv?limit=0', payload: { name: 'ada' } })
    t.equal(res.statusCode, 400)
    t.equal(res.json().code, 'FST_ERR_VALIDATION')
    t.equal(res.json().message, 'querystring/limit must be >= 1')
  })

  t.test('TypeBoxValidatorCompiler validates a route of its scope', async (t) => {
    t.same((await app.inject({ method: 'POST', url: '/typebox', payload: { name: 'ada' } })).json(), { name: 'ada' })
    const bad = await app.inject({ method: 'POST', url: '/typebox', payload: { name: 1 } })
    t.equal(bad.statusCode, 400)
    t.equal(bad.json().code, 'FST_ERR_VALIDATION')
  })
})
