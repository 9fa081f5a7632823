import t from 'tap'
import Fastify from 'fastify4'
import enclave from '@enclave/core'
import type { EnclaveInstance, EnclaveOptions } from '@enclave/core'

type Test = Parameters<Parameters<typeof t.test>[0]>[0]

function build (t: Test, options?: EnclaveOptions): EnclaveInstance {
  const app = enclave(options)
  t.teardown(() => app.close())
  return app
}

t.test('the exact 400 payload for a missing required property, in each of the four parts', async (t) => {
  const app = build(t)
  app.post('/users', { schema: { body: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } } } }, async () => 'ok')
  app.get('/search', { schema: { querystring: { type: 'object', required: ['q'], properties: { q: { type: 'string' } } } } }, async () => 'ok')
  // A route without parameters has empty params, so the required one is missing.
  app.get('/static', { schema: { params: { type: 'object', required: ['id'], properties: { id: { type: 'string' } } } } }, async () => 'ok')
  app.get('/secret', { schema: { headers: { type: 'object', required: ['x-api-key'], properties: { 'x-api-key': { type: 'string' } } } } }, async () => 'ok')

  const cases: Array<[Record<string, unknown>, string]> = [
    [{ method: 'POST', url: '/users', payload: {} }, '{"statusCode":400,"error":"Bad Request","message":"body should have required property \'name\'"}'],
    [{ method: 'GET', url: '/search' }, '{"statusCode":400,"error":"Bad Request","message":"querystring should have required property \'q\'"}'],
    [{ method: 'GET', url: '/static' }, '{"statusCode":400,"error":"Bad Request","message":"params should have required property \'id\'"}'],
    [{ method: 'GET', url: '/secret' }, '{"statusCode":400,"error":"Bad Request","message":"headers should have required property \'x-api-key\'"}']
  ]
  for (const [request, expected] of cases) {
    const response = await app.inject(request)
    t.equal(response.statusCode, 400, `${request.url} status`)
    t.equal(response.body, expected, `${request.url} payload, byte for byte`)
    t.equal(response.headers['content-type'], 'application/json; charset=utf-8')
    t.equal(response.headers['content-length'], String(Buffer.byteLength(expected)))
  }
})

const fullSchemas = {
  params: { type: 'object', properties: { id: { type: 'integer', minimum: 1 } } },
  body: { type: 'object', required: ['name'], properties: { name: { type: 'string', minLength: 2 } } },
  querystring: { type: 'object', properties: { page: { type: 'integer' } } },
  headers: { type: 'object', properties: { 'x-version': { type: 'integer' } } }
}
const shorthandSchemas = {
  params: { id: { type: 'integer', minimum: 1 } },
  body: { name: { type: 'string', minLength: 2 } },
  querystring: { page: { type: 'integer' } },
  headers: { 'x-version': { type: 'integer' } }
}

for (const [form, schema] of [['full JSON Schema', fullSchemas], ['shorthand', shorthandSchemas]] as const) {
  t.test(`${form} for every part: coercion and errors`, async (t) => {
    const app = build(t)
    app.post('/things/:id', { schema }, async (request) => ({
      params: request.params,
      body: request.body,
      query: request.query,
      version: request.headers['x-version']
    }))

    const ok = await app.inject({ method: 'POST', url: '/things/3?page=2', headers: { 'x-version': '7' }, payload: { name: 'ab' } })
    t.equal(ok.statusCode, 200)
    t.strictSame(ok.json(), { params: { id: 3 }, body: { name: 'ab' }, query: { page: 2 }, version: 7 })

    const messages = []
    for (const request of [
      { url: '/things/0', payload: { name: 'ab' } },
      { url: '/things/x', payload: { name: 'ab' } },
      { url: '/things/1', payload: { name: 'a' } },
      { url: '/things/1?page=last', payload: { name: 'ab' } },
      { url: '/things/1', headers: { 'x-version': 'v1' }, payload: { name: 'ab' } }
    ]) {
      const response = await app.inject({ method: 'POST', ...request })
      t.equal(response.statusCode, 400)
      messages.push(response.json().message)
    }
    t.strictSame(messages, [
      'params/id should be >= 1',
      'params/id should be integer',
      'body/name should NOT have fewer than 2 characters',
      'querystring/page should be integer',
      'headers/x-version should be integer'
    ])
    if (form === 'full JSON Schema') {
      const missing = await app.inject({ method: 'POST', url: '/things/1', payload: {} })
      t.equal(missing.json().message, "body should have required property 'name'")
    }
  })
}

t.test('the shorthand is read as Fastify 4.29 reads it: any plain schema without type, properties, $ref, a combinator or $merge/$patch', async (t) => {
  const shapes: unknown[] = [
    {}, { required: ['a'] }, { $ref: 'x#' }, { oneOf: [{ type: 'string' }] }, { anyOf: [{ type: 'string' }] }, { allOf: [{ type: 'string' }] },
    { not: { type: 'string' } }, { items: { type: 'string' } }, { enum: [1] }, { a: { type: 'string' } }, { type: { type: 'string' } },
    { $merge: { source: {}, with: {} } }, { $patch: { source: {}, with: [] } }, { description: 'x' }, { a: { type: 'string' }, required: ['a'] },
    { properties: { a: { type: 'string' } } }, { additionalProperties: false }
  ]
  async function compiledSchemas (factory: (options?: any) => any) {
    const seen: unknown[] = []
    const app = factory()
    t.teardown(() => app.close())
    shapes.forEach((shape, i) => {
      app.post(`/${i}`, { schema: { body: shape, querystring: shape }, validatorCompiler: ({ schema }: { schema: unknown }) => { seen.push(schema); return () => true } }, async () => 'ok')
    })
    await app.ready()
    return seen
  }
  const ours = await compiledSchemas(enclave)
  t.strictSame(ours, await compiledSchemas(Fastify as any), 'what the validator compiler receives, on both')
  t.strictSame(ours[0], { type: 'object', properties: {} }, '{} is an object schema')
  t.strictSame(ours[2 * 10], { type: { type: 'string' } }, 'a `type` key keeps the schema as written')

  const app = build(t)
  app.get('/q', { schema: { querystring: { page: { type: 'integer' } } } }, async (request) => request.query)
  t.strictSame((await app.inject('/q?page=3')).json(), { page: 3 })
  t.equal((await app.inject('/q?page=x')).json().message, 'querystring/page should be integer')
})

t.test('jsonShorthand:false compiles the schema as written', async (t) => {
  const app = build(t, { jsonShorthand: false })
  // As a full schema, `n` is an unknown keyword: strict mode refuses it at start-up.
  app.get('/s', { schema: { querystring: { n: { type: 'integer' } } } }, async (request) => request.query)
  await t.rejects(app.ready(), { code: 'FST_ERR_SCH_VALIDATION_BUILD', message: /unknown keyword: "n"/ })
})

t.test('parts are validated in the order params, body, querystring, headers; the first failure answers', async (t) => {
  const app = build(t)
  app.put('/docs/:id', {
    schema: {
      params: { type: 'object', properties: { id: { type: 'integer' } } },
      body: { type: 'object', required: ['title'] },
      querystring: { type: 'object', required: ['rev'] },
      headers: { type: 'object', required: ['if-match'] }
    }
  }, async () => 'saved')

  const contexts = []
  for (const request of [
    { url: '/docs/x', payload: {} },
    { url: '/docs/1', payload: {} },
    { url: '/docs/1', payload: { title: 't' } },
    { url: '/docs/1?rev=2', payload: { title: 't' } },
    { url: '/docs/1?rev=2', payload: { title: 't' }, headers: { 'if-match': '"v2"' } }
  ]) {
    const response = await app.inject({ method: 'PUT', ...request })
    contexts.push(response.statusCode === 400 ? response.json().message : response.body)
  }
  t.strictSame(contexts, [
    'params/id should be integer',
    "body should have required property 'title'",
    "querystring should have required property 'rev'",
    "headers should have required property 'if-match'",
    'saved'
  ])
})

t.test('`query` is an alias of `querystring`, reported as querystring', async (t) => {
  const app = build(t)
  app.setErrorHandler(function show (error: any, _request, reply) {
    reply.code(400).send({ message: error.message, context: error.validationContext })
  })
  app.get('/alias', { schema: { query: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] } } }, async (request) => request.query)

  t.strictSame((await app.inject('/alias?n=4')).json(), { n: 4 })
  t.strictSame((await app.inject('/alias')).json(), { message: "querystring should have required property 'n'", context: 'querystring' })
})

t.test('headers: schema names in any case, matched against lower-cased header names', async (t) => {
  const app = build(t)
  app.get('/h', {
    schema: {
      headers: {
        type: 'object',
        required: ['X-Api-Key'],
        properties: { 'X-Api-Key': { type: 'string', minLength: 3 }, 'X-Retries': { type: 'integer', default: 0 } }
      }
    }
  }, async (request) => ({
    key: request.headers['x-api-key'],
    retries: request.headers['x-retries'],
    rawRetries: request.raw.headers['x-retries'] ?? null
  }))

  const missing = await app.inject('/h')
  t.equal(missing.body, '{"statusCode":400,"error":"Bad Request","message":"headers should have required property \'x-api-key\'"}')
  t.equal((await app.inject({ url: '/h', headers: { 'X-API-KEY': 'ab' } })).json().message, 'headers/x-api-key should NOT have fewer than 3 characters')
  const ok = await app.inject({ url: '/h', headers: { 'x-API-key': 'abc' } })
  // As in Fastify, the headers validated are the raw headers themselves: the default lands there too.
  t.strictSame(ok.json(), { key: 'abc', retries: 0, rawRetries: 0 }, 'the default reaches request.headers, which are the raw headers')
})

t.test('headers: shorthand names are lower-cased too, and so are the names inside allOf/anyOf/oneOf', async (t) => {
  const app = build(t)
  app.get('/short', { schema: { headers: { 'X-Token': { type: 'string', pattern: '^t' } } } }, async (request) => ({ token: request.headers['x-token'] }))
  app.get('/any', {
    schema: { headers: { anyOf: [{ type: 'object', required: ['X-A'] }, { type: 'object', required: ['X-B'] }] } }
  }, async () => 'ok')

  t.equal((await app.inject({ url: '/short', headers: { 'x-token': 'bad' } })).json().message, 'headers/x-token should match pattern "^t"')
  t.strictSame((await app.inject({ url: '/short', headers: { 'x-token': 'tok' } })).json(), { token: 'tok' })
  t.equal((await app.inject({ url: '/any', headers: { 'x-b': '1' } })).body, 'ok')
  t.equal((await app.inject('/any')).statusCode, 400)
})

t.test('header validation coerces request.raw.headers in place, as Fastify does; validateHeadersOnCopy leaves them as received', async (t) => {
  const fastifyLike = build(t)
  fastifyLike.get('/raw', {
    schema: { headers: { type: 'object', properties: { 'x-n': { type: 'integer' } } } }
  }, async (request) => ({ same: request.headers === request.raw.headers, n: request.headers['x-n'], raw: request.raw.headers['x-n'] }))
  t.strictSame((await fastifyLike.inject({ url: '/raw', headers: { 'x-n': '5' } })).json(), { same: true, n: 5, raw: 5 }, 'default: the raw headers are validated and coerced')

  const app = build(t, { validateHeadersOnCopy: true })
  app.get('/raw', {
    schema: {
      headers: {
        type: 'object',
        additionalProperties: false,
        properties: { 'x-n': { type: 'integer' }, 'x-list': { type: 'array', items: { type: 'string' } } }
      }
    }
  }, async (request) => ({
    validated: request.headers,
    raw: { n: request.raw.headers['x-n'], list: request.raw.headers['x-list'], other: request.raw.headers['x-other'], host: request.raw.headers.host }
  }))

  const response = await app.inject({ url: '/raw', headers: { 'x-n': '5', 'x-list': 'a', 'x-other': 'kept' } })
  t.equal(response.statusCode, 200)
  const { validated, raw } = response.json()
  t.strictSame(validated, { 'x-n': 5, 'x-list': ['a'] }, 'request.headers holds the coerced, stripped copy')
  t.strictSame(raw, { n: '5', list: 'a', other: 'kept', host: 'localhost:80' }, 'the raw headers are as received')
})

t.test('the body is validated for every method that has one: POST, PUT, PATCH, DELETE and OPTIONS, as in Fastify', async (t) => {
  const app = build(t)
  const schema = { body: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } } }
  for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) {
    app.route({ method, url: '/r', schema, handler: async (request) => ({ body: request.body ?? null }) })
  }
  await app.ready()
  for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) {
    const response = await app.inject({ method, url: '/r', payload: { name: 5 } })
    t.strictSame(response.json(), { body: { name: '5' } }, `${method}: coerced`)
    t.equal((await app.inject({ method, url: '/r', payload: {} })).json().message, "body should have required property 'name'", `${method}: validated`)
    t.equal((await app.inject({ method, url: '/r' })).json().message, 'body should be object', `${method}: no body is validated as null`)
  }
})

t.test('a body of another content type is validated too (no bypass by content type)', async (t) => {
  const app = build(t)
  app.post('/obj', { schema: { body: { type: 'object', required: ['a'] } } }, async (request) => request.body)
  app.post('/text', { schema: { body: { type: 'string', maxLength: 5 } } }, async (request) => request.body)

  const text = await app.inject({ method: 'POST', url: '/obj', payload: 'a=1', headers: { 'content-type': 'text/plain' } })
  t.equal(text.statusCode, 400)
  t.equal(text.json().message, 'body should be object')
  t.equal((await app.inject({ method: 'POST', url: '/text', payload: 'hello', headers: { 'content-type': 'text/plain' } })).body, 'hello')
  t.equal((await app.inject({ method: 'POST', url: '/text', payload: 'hello world', headers: { 'content-type': 'text/plain' } })).json().message, 'body should NOT have more than 5 characters')
  t.equal((await app.inject({ method: 'POST', url: '/obj' })).json().message, 'body should be object', 'no body at all')
})

t.test('a body schema keyed by media type under `content`', async (t) => {
  const app = build(t)
  app.addContentTypeParser('application/vnd.v2+json', { parseAs: 'string' }, (_request: unknown, body: string, done: (error: Error | null, value?: unknown) => void) => {
    done(null, JSON.parse(body))
  })
  app.post('/versioned', {
    schema: {
      body: {
        content: {
          'application/json': { schema: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } } },
          'application/vnd.v2+json': { schema: { fullName: { type: 'string' }, age: { type: 'integer' } } },
          'text/plain': { schema: { type: 'string', pattern: '^[a-z]+$' } }
        }
      }
    }
  }, async (request) => ({ body: request.body }))

  const v1 = await app.inject({ method: 'POST', url: '/versioned', payload: { name: 'x' } })
  t.strictSame(v1.json(), { body: { name: 'x' } })
  t.equal((await app.inject({ method: 'POST', url: '/versioned', payload: { fullName: 'x' } })).json().message, "body should have required property 'name'")

  const v2 = await app.inject({ method: 'POST', url: '/versioned', headers: { 'content-type': 'application/vnd.v2+json; charset=utf-8' }, payload: '{"fullName":"A B","age":"41"}' })
  t.strictSame(v2.json(), { body: { fullName: 'A B', age: 41 } }, 'the shorthand and coercion apply per media type')
  t.equal((await app.inject({ method: 'POST', url: '/versioned', headers: { 'content-type': 'application/vnd.v2+json' }, payload: '{"age":"old"}' })).json().message, 'body/age should be integer')

  t.equal((await app.inject({ method: 'POST', url: '/versioned', headers: { 'content-type': 'TEXT/PLAIN' }, payload: 'abc' })).json().body, 'abc', 'media types match case-insensitively')
  t.equal((await app.inject({ method: 'POST', url: '/versioned', headers: { 'content-type': 'text/plain' }, payload: 'ABC' })).json().message, 'body should match pattern "^[a-z]+$"')

  t.test('a media type the schema does not list is not validated, as in Fastify', async (t) => {
    const other = build(t)
    other.addContentTypeParser('application/xml', { parseAs: 'string' }, (_request: unknown, body: string, done: (error: Error | null, value?: unknown) => void) => { done(null, body) })
    other.post('/only-json', { schema: { body: { content: { 'application/json': { schema: { type: 'object' } } } } } }, async (request) => ({ body: request.body ?? null }))
    const xml = await other.inject({ method: 'POST', url: '/only-json', headers: { 'content-type': 'application/xml' }, payload: '<a/>' })
    t.strictSame([xml.statusCode, xml.json()], [200, { body: '<a/>' }])
    t.strictSame((await other.inject({ method: 'POST', url: '/only-json' })).json(), { body: null })
  })

  t.test('rejectUnlistedBodyMediaType: a media type the schema does not list is refused with 415', async (t) => {
    const other = build(t, { rejectUnlistedBodyMediaType: true })
    other.addContentTypeParser('application/xml', { parseAs: 'string' }, (_request: unknown, body: string, done: (error: Error | null, value?: unknown) => void) => { done(null, body) })
    other.post('/only-json', { schema: { body: { content: { 'application/json': { schema: { type: 'object' } } } } } }, async (request) => request.body)
    const xml = await other.inject({ method: 'POST', url: '/only-json', headers: { 'content-type': 'application/xml' }, payload: '<a/>' })
    t.equal(xml.statusCode, 415)
    t.equal(xml.json().code, 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
    t.equal(xml.json().message, 'Unsupported Media Type: application/xml')
    const none = await other.inject({ method: 'POST', url: '/only-json' })
    t.equal(none.statusCode, 415)
    t.equal(none.json().message, 'Unsupported Media Type: none')
  })

  t.test('a content entry without a schema fails start-up', async (t) => {
    const broken = build(t)
    broken.post('/broken', { schema: { body: { content: { 'application/json': {} } } } }, async () => 'x')
    await t.rejects(broken.ready(), { code: 'FST_ERR_SCH_CONTENT_MISSING_SCHEMA', message: "Schema is missing for the content type 'application/json'" })
  })
})

t.test('coerced and defaulted values are what the hooks after validation and the handler receive', async (t) => {
  const app = build(t)
  const seen: unknown[] = []
  app.get('/typed/:id', {
    schema: {
      params: { id: { type: 'integer' } },
      querystring: { limit: { type: 'integer', default: 20 }, sort: { type: 'string', enum: ['asc', 'desc'], default: 'asc' } }
    },
    // Copies: validation changes the objects in place.
    preValidation: async (request) => { seen.push(structuredClone(['preValidation', request.params, request.query])) },
    preHandler: async (request) => { seen.push(structuredClone(['preHandler', request.params, request.query])) }
  }, async (request) => {
    const params = request.params as unknown as { id: number }
    const query = request.query as { limit: number }
    return { idPlusOne: params.id + 1, limitTimesTwo: query.limit * 2 }
  })

  t.strictSame((await app.inject('/typed/41')).json(), { idPlusOne: 42, limitTimesTwo: 40 })
  t.strictSame(seen, [
    ['preValidation', { id: '41' }, {}],
    ['preHandler', { id: 41 }, { limit: 20, sort: 'asc' }]
  ])
})
