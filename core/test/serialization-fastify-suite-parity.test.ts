import t from 'tap'
import { faces } from './fixtures/faces.js'

t.test('a response schema whose only `content` entry has no `schema` is a property named content, as in Fastify 4.29', async (t) => {
  const results: unknown[] = []
  for (const [name, factory] of faces) {
    const app = factory()
    app.get('/', { schema: { response: { 201: { content: { type: 'string' } } } } }, async (_request: any, reply: any) => {
      reply.code(201)
      return { content: 'boxed', dropped: true }
    })
    const response = await app.inject('/')
    results.push([response.statusCode, response.body])
    t.same(results[results.length - 1], results[0], name)
    await app.close()
  }
  t.same(results[0], [201, '{"content":"boxed"}'])
})

t.test('several `content` entries each need a schema: FST_ERR_SCH_CONTENT_MISSING_SCHEMA, as in Fastify 4.29', async (t) => {
  for (const [name, factory] of faces) {
    const app = factory()
    app.get('/', { schema: { response: { 200: { content: { 'text/plain': { schema: { type: 'string' } }, 'application/json': { example: {} } } } } } }, async () => 'x')
    await t.rejects(app.ready(), { code: 'FST_ERR_SCH_CONTENT_MISSING_SCHEMA', message: "Schema is missing for the content type 'application/json'" }, name)
  }
})

t.test('a failing serializer compiler is reported with the method and URL only, as in Fastify 4.29', async (t) => {
  for (const [name, factory] of faces) {
    const app = factory()
    app.setSerializerCompiler(() => { throw new Error('CUSTOM_ERROR') })
    app.get('/', { schema: { response: { 500: { type: 'object' } } } }, async () => 'x')
    await t.rejects(app.ready(), { code: 'FST_ERR_SCH_SERIALIZATION_BUILD', message: 'Failed building the serialization schema for GET: /, due to error CUSTOM_ERROR' }, name)
  }
})

t.test("the default error handler's payload goes through a 5xx schema with the error's own properties, as in Fastify 4.29", async (t) => {
  const results: unknown[] = []
  for (const [name, factory] of faces) {
    const app = factory()
    app.get('/', {
      schema: { response: { '5xx': { type: 'object', properties: { customId: { type: 'number' }, code: { type: 'string' }, error: { type: 'string' }, message: { type: 'string' } } } } }
    }, (_request: any, reply: any) => {
      reply.send(Object.assign(new Error('500 message'), { customId: 42, code: 'E_CUSTOM' }))
    })
    const response = await app.inject('/')
    results.push([response.statusCode, response.json()])
    t.same(results[results.length - 1], results[0], name)
    await app.close()
  }
  t.same(results[0], [500, { customId: 42, code: 'E_CUSTOM', error: 'Internal Server Error', message: '500 message' }])
})

t.test("a response serializer's error reaches the error handler with the route's config as `serialization`, as in Fastify 4.29", async (t) => {
  for (const [name, factory] of faces) {
    const app = factory()
    let seen: any
    app.setErrorHandler((error: any, _request: any, reply: any) => {
      seen = error.serialization
      reply.code(500).send({ failed: true })
    })
    app.get('/', {
      config: { tag: 'users' },
      schema: { response: { 200: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } } } }
    }, async () => ({ no: 'name' }))
    const response = await app.inject('/')
    t.equal(response.statusCode, 500, name)
    t.match(seen, { tag: 'users', url: '/', method: 'GET' }, name)
    await app.close()
  }
})

t.test('a serializer compiler that returns no function does not fail start-up, as in Fastify 4.29', async (t) => {
  const results: unknown[] = []
  for (const [name, factory] of faces) {
    const seen = []
    for (const returned of [undefined, null, 'not a function', { a: 1 }]) {
      const app = factory()
      app.post('/', {
        schema: { response: { '2xx': { type: 'object', properties: { foo: { type: 'string' } } } } },
        serializerCompiler: () => returned
      }, async () => ({ foo: 'x', bar: 1 }))
      const response = await app.inject({ method: 'POST', url: '/' })
      seen.push([response.statusCode, response.body])
      await app.close()
    }
    results.push(seen)
    t.same(seen, results[0], name)
  }
  t.same(results[0], [
    [200, '{"foo":"x","bar":1}'],
    [200, '{"foo":"x","bar":1}'],
    [500, '{"statusCode":500,"error":"Internal Server Error","message":"fnSerialize is not a function"}'],
    [200, '{"foo":"x","bar":1}']
  ])
})

t.test('a response schema not keyed by status fails ready() as a serialization build error, as in Fastify 4.29', async (t) => {
  for (const [name, factory] of faces) {
    const app = factory()
    app.get('/', { schema: { response: { type: 'array' } } }, async () => [])
    await t.rejects(app.ready(), {
      code: 'FST_ERR_SCH_SERIALIZATION_BUILD',
      message: 'Failed building the serialization schema for GET: /, due to error response schemas should be nested under a valid status code, e.g { 2xx: { type: "object" } }'
    }, name)
  }
})
