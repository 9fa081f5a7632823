import t from 'tap'
import { differingOptions } from '@enclave/core/internal'
import { faces, enclaveFaces, type Factory } from './fixtures/faces.js'

// An async keyword as Ajv defines them: true/false judges the value, a throw is a failure to judge.
async function idExists (_schema: unknown, data: unknown): Promise<boolean> {
  await Promise.resolve()
  if (data === 500) throw new Error('lookup failed')
  return data === 42
}

function build (factory: Factory, options: Record<string, unknown> = {}): any {
  const app = factory({ ...options, ajv: { customOptions: { keywords: [{ keyword: 'idExists', async: true, type: 'number', validate: idExists }] } } })
  app.post('/users', {
    schema: { body: { $async: true, type: 'object', properties: { userId: { type: 'integer', idExists: {} } } } }
  }, async (request: any) => request.body)
  return app
}

async function answers (app: any): Promise<Array<{ statusCode: number, body: string }>> {
  const seen = []
  for (const payload of [{ userId: 42 }, { userId: 99 }, { userId: 500 }, { userId: 'x' }]) {
    const response = await app.inject({ method: 'POST', url: '/users', payload })
    seen.push({ statusCode: response.statusCode, body: response.body })
  }
  await app.close()
  return seen
}

t.test('rejectAsyncSchemas is listed with Fastify\'s value and enclave()\'s default', async (t) => {
  t.strictSame(differingOptions.rejectAsyncSchemas, { fastify: false, enclave: true })
})

t.test('@enclave/fastify4 runs $async schemas as Fastify 4.29: the promise is awaited, a rejection is a 400', async (t) => {
  const [[, fastify], , [, enclaveFastify]] = faces
  const expected = await answers(build(fastify!))
  t.same(expected.map((answer) => answer.statusCode), [200, 400, 400, 400])
  t.same(await answers(build(enclaveFastify!)), expected)
})

t.test('enclave() refuses $async schemas at ready() by default', async (t) => {
  const [[, enclave]] = enclaveFaces
  const app = build(enclave!)
  await t.rejects(app.ready(), { code: 'FST_ERR_SCH_VALIDATION_BUILD', message: /declares "\$async: true"/ })
  const fastifyLike = build(enclaveFaces[1]![1], { rejectAsyncSchemas: true })
  await t.rejects(fastifyLike.ready(), { code: 'FST_ERR_SCH_VALIDATION_BUILD' })
})

t.test('enclave() with rejectAsyncSchemas: false answers a rejected value 400 and conceals a keyword that throws', async (t) => {
  const [[, enclave]] = enclaveFaces
  t.same(await answers(build(enclave!, { rejectAsyncSchemas: false })), [
    { statusCode: 200, body: '{"userId":42}' },
    { statusCode: 400, body: '{"statusCode":400,"error":"Bad Request","message":"body/userId should pass \\"idExists\\" keyword validation"}' },
    { statusCode: 500, body: '{"statusCode":500,"code":"ENC_ERR_VALIDATOR_FAILED","error":"Internal Server Error","message":"The body validator failed to complete"}' },
    { statusCode: 400, body: '{"statusCode":400,"error":"Bad Request","message":"body/userId should be integer"}' }
  ])
})
