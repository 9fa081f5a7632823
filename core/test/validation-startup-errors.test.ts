import t from 'tap'
import enclave from '@enclave/core'
import type { EnclaveInstance, EnclaveOptions, RouteSchema } from '@enclave/core'

type Test = Parameters<Parameters<typeof t.test>[0]>[0]

function build (t: Test, options?: EnclaveOptions): EnclaveInstance {
  const app = enclave(options)
  t.teardown(() => app.close())
  return app
}

async function startupError (t: Test, method: 'get' | 'post', url: string, schema: RouteSchema, setup?: (app: EnclaveInstance) => void): Promise<any> {
  const app = build(t)
  setup?.(app)
  app[method](url, { schema }, async () => 'never')
  try {
    await app.ready()
  } catch (error) {
    return error
  }
  t.fail('ready() should have failed')
  return undefined
}

t.test('an unknown $ref fails ready() naming the route, the part and the cause', async (t) => {
  const error = await startupError(t, 'post', '/orders', { body: { type: 'object', properties: { customer: { $ref: 'customer#' } } } })
  t.equal(error.code, 'FST_ERR_SCH_VALIDATION_BUILD')
  t.equal(error.message, "Failed building the validation schema for POST: /orders, due to error can't resolve reference customer# from id #")
  t.ok(error.cause instanceof Error, 'the validator\'s own error is kept as cause')
})

t.test('an invalid schema fails ready()', async (t) => {
  const error = await startupError(t, 'get', '/items/:id', { params: { type: 'object', properties: { id: { type: 'integer', minimum: 'one' } } } })
  t.equal(error.code, 'FST_ERR_SCH_VALIDATION_BUILD')
  t.equal(error.message, 'Failed building the validation schema for GET: /items/:id, due to error schema is invalid: data/properties/id/minimum must be number')
  t.equal((error as any).httpPart, 'params', "Fastify's message; the part is on the error")

  const badType = await startupError(t, 'get', '/search', { querystring: { type: 'object', properties: { q: { type: 'text' } } } })
  t.match(badType.message, /^Failed building the validation schema for GET: \/search, due to error schema is invalid: data\/properties\/q\/type must be equal to one of the allowed values/)
})

t.test('an unknown keyword fails ready() with Fastify 4.29\'s message; the cause says how to fix it', async (t) => {
  const error = await startupError(t, 'get', '/h', { headers: { type: 'object', properties: { 'x-id': { type: 'string', formatt: 'uuid' } } } })
  t.equal(error.code, 'FST_ERR_SCH_VALIDATION_BUILD')
  t.equal(error.message, 'Failed building the validation schema for GET: /h, due to error strict mode: unknown keyword: "formatt"')
  t.equal(error.cause.code, 'ENC_ERR_AJV_UNKNOWN_KEYWORD')
  t.match(error.cause.hint, /addKeyword\(\) in the onCreate option/)

  t.test('onCreate can declare the keyword', async (t) => {
    const app = build(t, { ajv: { onCreate (ajv) { ajv.addKeyword({ keyword: 'formatt', schemaType: 'string' }) } } })
    app.get('/h', { schema: { headers: { type: 'object', properties: { 'x-id': { type: 'string', formatt: 'uuid' } } } } }, async () => 'ok')
    t.equal((await app.inject('/h')).body, 'ok')
  })
})

t.test('an unknown format fails ready()', async (t) => {
  const error = await startupError(t, 'post', '/f', { body: { type: 'object', properties: { a: { type: 'string', format: 'not-a-format' } } } })
  t.equal(error.code, 'FST_ERR_SCH_VALIDATION_BUILD')
  t.match(error.message, /POST: \/f, due to error unknown format "not-a-format"/)
})

t.test('a broken shared schema fails ready() naming the route that needed it', async (t) => {
  const error = await startupError(t, 'post', '/uses-shared', { body: { $ref: 'broken#' } }, (app) => {
    app.addSchema({ $id: 'broken', type: 'object', properties: { a: { type: 'nonsense' } } })
  })
  t.equal(error.code, 'FST_ERR_SCH_VALIDATION_BUILD')
  t.match(error.message, /^Failed building the validation schema for POST: \/uses-shared, due to error The shared schema "broken" cannot be added: schema is invalid: data\/properties\/a\/type/)
  t.equal(error.cause.code, 'ENC_ERR_AJV_INVALID_SHARED_SCHEMA')

  const unknownKeyword = await startupError(t, 'post', '/uses-shared', { body: { $ref: 'loose#' } }, (app) => {
    app.addSchema({ $id: 'loose', type: 'object', colour: 'red' })
  })
  t.match(unknownKeyword.message, /^Failed building the validation schema for POST: \/uses-shared, due to error strict mode: unknown keyword: "colour"/)
})

t.test('$async schemas are refused: asynchronous checks belong in preHandler', async (t) => {
  const error = await startupError(t, 'post', '/async', { body: { $async: true, type: 'object' } })
  t.equal(error.code, 'FST_ERR_SCH_VALIDATION_BUILD')
  t.match(error.message, /declares "\$async: true", which the default validator does not support.*preHandler/)
})

t.test('the route prefix is part of the url in the message', async (t) => {
  const app = build(t)
  app.register(async function v1 (child: EnclaveInstance) {
    child.post('/things', { schema: { body: { $ref: 'missing#' } } }, async () => 'x')
  }, { prefix: '/v1' })
  await t.rejects(app.ready(), { code: 'FST_ERR_SCH_VALIDATION_BUILD', message: /for POST: \/v1\/things, due to error/ })
})

t.test('annotation keywords common in OpenAPI: a start-up error as in Fastify; accepted with acceptAnnotationKeywords', async (t) => {
  const strict = build(t)
  strict.post('/pets', { schema: { body: { type: 'object', example: { name: 'Rex' } } } }, async () => 'x')
  await t.rejects(strict.ready(), { code: 'FST_ERR_SCH_VALIDATION_BUILD', message: /^Failed building the validation schema for POST: \/pets, due to error strict mode: unknown keyword: "example"/ })

  const app = build(t, { acceptAnnotationKeywords: true })
  app.addSchema({
    $id: 'pet',
    type: 'object',
    'x-entity': 'Pet',
    example: { name: 'Rex' },
    properties: { name: { type: 'string', example: 'Rex', deprecated: false, readOnly: false, 'x-order': 1 } },
    required: ['name']
  })
  app.post('/pets', {
    schema: {
      body: { $ref: 'pet#' },
      querystring: {
        type: 'object',
        examples: [{ dryRun: true }],
        'x-internal': true,
        properties: {
          dryRun: { type: 'boolean', example: true, xml: { name: 'dry' }, externalDocs: { url: 'https://example.com' }, 'x-nullable': { type: 'not-a-type' } }
        }
      },
      headers: { 'x-trace': { type: 'string', example: 'abc', writeOnly: true } }
    }
  }, async (request) => ({ body: request.body, query: request.query }))

  await app.ready()
  const response = await app.inject({ method: 'POST', url: '/pets?dryRun=true', payload: { name: 'Rex' } })
  t.strictSame(response.json(), { body: { name: 'Rex' }, query: { dryRun: true } })
  t.equal((await app.inject({ method: 'POST', url: '/pets', payload: {} })).json().message, "body should have required property 'name'", 'annotations change nothing')
})

t.test('ready() fails the same way with a callback', async (t) => {
  const app = build(t)
  app.post('/x', { schema: { body: { $ref: 'nowhere#' } } }, async () => 'x')
  const error = await new Promise<any>((resolve) => { app.ready((err) => resolve(err)) })
  t.equal(error?.code, 'FST_ERR_SCH_VALIDATION_BUILD')
})
