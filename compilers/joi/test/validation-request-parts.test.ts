import t from 'tap'
import enclave from '@enclave/core'
import Joi from 'joi'
import { validatorCompiler } from '@enclave/joi'

function buildApp () {
  const app = enclave()
  app.setValidatorCompiler(validatorCompiler)
  app.post('/items/:id', {
    schema: {
      params: Joi.object({ id: Joi.number().integer().min(1).required() }),
      body: Joi.object({
        name: Joi.string().min(1).required(),
        age: Joi.number().integer(),
        tags: Joi.array().items(Joi.string()).default([]),
        kind: Joi.string().valid('a', 'b').default('a')
      }),
      querystring: Joi.object({ n: Joi.number(), flag: Joi.boolean().default(false) }),
      headers: Joi.object({ 'x-count': Joi.number().integer().required() })
    }
  }, async function echo (request) {
    return {
      params: request.params,
      body: request.body,
      query: request.query,
      count: request.headers['x-count'],
      // An undeclared header the schema must leave in place.
      host: request.headers.host
    }
  })
  return app
}

const validHeaders = { 'x-count': '3' }

t.test('valid body, querystring, params and headers reach the handler converted, with defaults', async (t) => {
  const app = buildApp()
  t.teardown(() => app.close())
  const res = await app.inject({ method: 'POST', url: '/items/7?n=5', headers: validHeaders, payload: { name: 'x', age: 30 } })
  t.equal(res.statusCode, 200)
  t.strictSame(res.json(), {
    params: { id: 7 },
    body: { name: 'x', age: 30, tags: [], kind: 'a' },
    query: { n: 5, flag: false },
    count: 3,
    host: 'localhost:80'
  })
})

t.test('a missing required body field answers the exact 400 payload', async (t) => {
  const app = buildApp()
  t.teardown(() => app.close())
  const res = await app.inject({ method: 'POST', url: '/items/7', headers: validHeaders, payload: { age: 1 } })
  t.equal(res.statusCode, 400)
  t.equal(res.headers['content-type'], 'application/json; charset=utf-8')
  t.equal(res.body, '{"statusCode":400,"error":"Bad Request","message":"body/name is required"}')
})

t.test('a wrong type reads "<part>/<path> should …" without repeating Joi\'s label', async (t) => {
  const app = buildApp()
  t.teardown(() => app.close())
  const res = await app.inject({ method: 'POST', url: '/items/7', headers: validHeaders, payload: { name: 'x', age: 'old' } })
  t.equal(res.statusCode, 400)
  t.strictSame(res.json(), { statusCode: 400, error: 'Bad Request', message: 'body/age should be a number' })

  const nested = await app.inject({ method: 'POST', url: '/items/7', headers: validHeaders, payload: { name: 'x', tags: ['ok', 5] } })
  t.strictSame(nested.json().message, 'body/tags/1 should be a string')
})

t.test('querystring values arrive as strings and are converted (?n=5 is a number), or refused', async (t) => {
  const app = buildApp()
  t.teardown(() => app.close())
  const ok = await app.inject({ method: 'POST', url: '/items/7?n=5&flag=true', headers: validHeaders, payload: { name: 'x' } })
  t.equal(ok.statusCode, 200)
  t.strictSame(ok.json().query, { n: 5, flag: true })

  const bad = await app.inject({ method: 'POST', url: '/items/7?n=five', headers: validHeaders, payload: { name: 'x' } })
  t.equal(bad.statusCode, 400)
  t.strictSame(bad.json(), { statusCode: 400, error: 'Bad Request', message: 'querystring/n should be a number' })
})

t.test('params are validated and converted', async (t) => {
  const app = buildApp()
  t.teardown(() => app.close())
  const res = await app.inject({ method: 'POST', url: '/items/0', headers: validHeaders, payload: { name: 'x' } })
  t.equal(res.statusCode, 400)
  t.strictSame(res.json(), { statusCode: 400, error: 'Bad Request', message: 'params/id should be greater than or equal to 1' })
})

t.test('headers: declared ones are validated and converted, undeclared ones are allowed and kept', async (t) => {
  const app = buildApp()
  t.teardown(() => app.close())
  const missing = await app.inject({ method: 'POST', url: '/items/7', payload: { name: 'x' } })
  t.equal(missing.statusCode, 400)
  t.strictSame(missing.json(), { statusCode: 400, error: 'Bad Request', message: 'headers/x-count is required' })

  const extra = await app.inject({ method: 'POST', url: '/items/7', headers: { 'x-count': '2', 'x-other': 'kept' }, payload: { name: 'x' } })
  t.equal(extra.statusCode, 200)
  t.equal(extra.json().count, 2)
})

t.test('unknown body keys are refused, as Joi objects do by default', async (t) => {
  const app = buildApp()
  t.teardown(() => app.close())
  const res = await app.inject({ method: 'POST', url: '/items/7', headers: validHeaders, payload: { name: 'x', admin: true } })
  t.equal(res.statusCode, 400)
  t.strictSame(res.json(), { statusCode: 400, error: 'Bad Request', message: 'body/admin is not allowed' })
})

t.test('parts are validated in the order params, body, querystring, headers: the first failure answers', async (t) => {
  const app = buildApp()
  t.teardown(() => app.close())
  const res = await app.inject({ method: 'POST', url: '/items/x?n=y', payload: { age: 'z' } })
  t.equal(res.json().message, 'params/id should be a number')
})

t.test('a body that is not an object is reported at the part itself', async (t) => {
  const app = buildApp()
  t.teardown(() => app.close())
  const res = await app.inject({ method: 'POST', url: '/items/7', headers: { ...validHeaders, 'content-type': 'application/json' }, payload: '[1,2]' })
  t.equal(res.statusCode, 400)
  t.strictSame(res.json(), { statusCode: 400, error: 'Bad Request', message: 'body should be of type object' })
})

t.test('a route schema that is not a Joi schema fails at ready() naming the route and part', async (t) => {
  const app = enclave()
  app.setValidatorCompiler(validatorCompiler)
  app.post('/json-schema', { schema: { body: { type: 'object', properties: { a: { type: 'string' } } } } }, async () => 'never')
  const error = await app.ready().then(() => null, (error: unknown) => error) as { code?: string, message: string, cause?: { code?: string } } | null
  t.ok(error, 'ready() rejects')
  t.equal(error?.code, 'FST_ERR_SCH_VALIDATION_BUILD')
  t.match(error?.message, /POST \/json-schema \(body\)/)
  t.match(error?.message, /expected a Joi schema, got a plain object/)
  t.equal(error?.cause?.code, 'ENC_ERR_JOI_NOT_A_SCHEMA')
  await app.close()
})

t.test('a header schema with a capitalised name fails at ready(): Node lower-cases header names', async (t) => {
  const app = enclave()
  app.get('/h', { validatorCompiler, schema: { headers: Joi.object({ 'X-Token': Joi.string() }) } }, async () => 'never')
  const error = await app.ready().then(() => null, (error: unknown) => error) as { code?: string, message: string, cause?: { code?: string } } | null
  t.equal(error?.code, 'FST_ERR_SCH_VALIDATION_BUILD')
  t.equal(error?.cause?.code, 'ENC_ERR_JOI_HEADER_CASE')
  t.match(error?.message, /'x-token'/)
  await app.close()
})

t.test('the compiler throws for a missing or unknown httpPart (spec validation rule 3)', async (t) => {
  const schema = Joi.object({})
  t.throws(() => validatorCompiler({ schema, method: 'GET', url: '/', httpPart: undefined as never }), { code: 'ENC_ERR_JOI_HTTP_PART' })
  t.throws(() => validatorCompiler({ schema, method: 'GET', url: '/', httpPart: 'cookies' as never }), { code: 'ENC_ERR_JOI_HTTP_PART' })
})
