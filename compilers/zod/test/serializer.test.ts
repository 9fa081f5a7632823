import t, { type Test } from 'tap'
import { z } from 'zod'
import enclave from '@enclave/core'
import { createSerializerCompiler, serializerCompiler, validatorCompiler } from '@enclave/zod'
import { appWith } from '../../kit/test/fixtures/app.js'

const build = (t: Test) => appWith(t, { serializerCompiler })

t.test('defaults are written; z.looseObject lets undeclared properties through', async (t) => {
  const app = build(t)
  app.get('/defaults', { schema: { response: { 200: z.object({ name: z.string(), role: z.string().default('member') }) } } }, async () => ({ name: 'Ada' }))
  app.get('/loose', { schema: { response: { 200: z.looseObject({ name: z.string() }) } } }, async () => ({ name: 'Ada', extra: 1 }))

  t.equal((await app.inject('/defaults')).body, '{"name":"Ada","role":"member"}')
  t.same((await app.inject('/loose')).json(), { name: 'Ada', extra: 1 })
})

t.test('schemas JSON Schema cannot express are serialized by parsing: transforms run, dates become ISO text', async (t) => {
  const app = build(t)
  app.get('/transform', {
    schema: { response: { 200: z.object({ name: z.string().transform((name) => name.toUpperCase()), at: z.date() }) } }
  }, async () => ({ name: 'ada', at: new Date(Date.UTC(2024, 0, 2)), secret: 'x' }))

  t.equal((await app.inject('/transform')).body, '{"name":"ADA","at":"2024-01-02T00:00:00.000Z"}')
})

t.test('a payload the parse rejects is a 500, not a leak of what it held', async (t) => {
  const app = build(t)
  // @ts-expect-error the payload breaks the response schema on purpose: the runtime check is under test
  app.get('/bad', { schema: { response: { 200: z.object({ at: z.date(), name: z.string() }) } } }, async () => ({ at: 'not a date', secret: 'x' }))

  const response = await app.inject('/bad')
  t.equal(response.statusCode, 500)
  t.equal(response.json().error, 'Internal Server Error')
  t.notMatch(response.body, /secret|"x"/)
})

t.test('jsonSchema: false always parses, so refinements apply to responses too', async (t) => {
  const schema = z.object({ name: z.string().min(3) })
  const fast = serializerCompiler({ schema, method: 'GET', url: '/', httpStatus: '200' })
  const checked = createSerializerCompiler({ jsonSchema: false })({ schema, method: 'GET', url: '/', httpStatus: '200' })

  t.equal(fast({ name: 'Al', x: 1 }), '{"name":"Al"}', 'fast-json-stringify does not validate')
  t.equal(checked({ name: 'Ada', x: 1 }), '{"name":"Ada"}')
  t.throws(() => checked({ name: 'Al' }), { code: 'ENC_ERR_ZOD_RESPONSE_MISMATCH', message: 'response/name must NOT have fewer than 3 characters' })
})

t.test('per status code and per route, next to routes using the default serializer', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.setValidatorCompiler(validatorCompiler)
  app.get<{ Params: { ok: boolean } }>('/zod/:ok', {
    serializerCompiler,
    schema: {
      params: z.object({ ok: z.stringbool() }),
      response: { 200: z.object({ name: z.string() }), '4xx': z.object({ problem: z.string() }) }
    }
  }, async (request, reply) => {
    if (request.params.ok) return { name: 'Ada', hidden: 1 }
    return reply.code(404).send({ problem: 'gone', hidden: 1 })
  })
  app.get('/json', {
    schema: { response: { 200: { type: 'object', properties: { name: { type: 'string' } } } } }
  }, async () => ({ name: 'Ada', hidden: 1 }))

  t.equal((await app.inject('/zod/true')).body, '{"name":"Ada"}')
  const notFound = await app.inject('/zod/false')
  t.equal(notFound.statusCode, 404)
  t.equal(notFound.body, '{"problem":"gone"}')
  t.equal((await app.inject('/json')).body, '{"name":"Ada"}')
})

t.test('a response schema that is not Zod fails the build with the route and status', async (t) => {
  const app = build(t)
  app.get('/', { schema: { response: { 201: { type: 'object' } } } }, async () => ({}))
  const error = await app.ready().then(() => null, (error: any) => error)
  t.equal(error?.code, 'FST_ERR_SCH_SERIALIZATION_BUILD')
  t.match(error?.message, /expected a Zod 4 schema/)
})
