// The spec's schema tables (schema object of a route, reference forms, shared schemas): what the
// numbered rules lean on, over real sockets.
import t from 'tap'
import enclave from '@enclave/core'
import { start } from './helpers/listen.js'

t.test('reference forms: every $ref form resolves in the validator and in the serializer, with shared schemas from addSchema', async (t) => {
  const app = enclave()
  app.addSchema({
    $id: 'common',
    type: 'object',
    properties: { age: { type: 'integer' } },
    definitions: {
      name: { type: 'string', maxLength: 5 },
      point: { $id: '#point', type: 'object', required: ['x'], properties: { x: { type: 'integer' } } }
    }
  })
  const order = {
    type: 'object',
    definitions: {
      tag: { type: 'string', maxLength: 3 },
      size: { $id: '#size', type: 'object', required: ['w'], properties: { w: { type: 'integer' } } }
    },
    properties: {
      size: { $ref: '#size' },
      tag: { $ref: '#/definitions/tag' },
      whole: { $ref: 'common#' },
      name: { $ref: 'common#/definitions/name' },
      point: { $ref: 'common#point' },
      age: { $ref: 'common#/properties/age' }
    }
  }
  app.post('/orders', { schema: { body: order, response: { 200: order } } }, async (request) => {
    const body = request.body as unknown as Record<string, any>
    // Everything gains an undeclared key and turns numbers into text: the serializer must undo both.
    return {
      size: { w: String(body.size.w), extra: 1 },
      tag: body.tag,
      whole: { age: String(body.whole.age), extra: 1 },
      name: body.name,
      point: { x: String(body.point.x), extra: 1 },
      age: String(body.age),
      extra: 1
    }
  })
  const client = await start(t, app)

  const valid = { size: { w: '2' }, tag: 'abc', whole: { age: 40 }, name: 'Ada', point: { x: 1 }, age: '9' }
  const ok = await client.request('/orders', { body: valid })
  t.equal(ok.status, 200)
  t.equal(ok.text, '{"size":{"w":2},"tag":"abc","whole":{"age":40},"name":"Ada","point":{"x":1},"age":9}',
    'the serializer followed every reference: types restored, undeclared keys dropped')

  const cases: Array<[string, Record<string, unknown>, string]> = [
    ["'#<id>'", { size: {} }, "body/size should have required property 'w'"],
    ["'#/definitions/<name>'", { tag: 'abcd' }, 'body/tag should NOT have more than 3 characters'],
    ["'<schema_id>#'", { whole: { age: 'old' } }, 'body/whole/age should be integer'],
    ["'<schema_id>#/definitions/<name>'", { name: 'Grace Hopper' }, 'body/name should NOT have more than 5 characters'],
    ["'<schema_id>#<id>'", { point: {} }, "body/point should have required property 'x'"],
    ["'<schema_id>#/properties/<name>'", { age: 'old' }, 'body/age should be integer']
  ]
  for (const [form, change, message] of cases) {
    const response = await client.request('/orders', { body: { ...valid, ...change } })
    t.equal(response.status, 400, `${form}: validated`)
    t.equal(response.json.message, message, `${form}: ${message}`)
  }
})

t.test('schema object: the body is validated for POST, PUT, PATCH and DELETE (as in Fastify); query is an alias of querystring; the shorthand is accepted', async (t) => {
  const app = enclave()
  const body = { type: 'object', required: ['name'], properties: { name: { type: 'string' } } }
  app.route({ method: ['POST', 'PUT', 'PATCH'], url: '/things', schema: { body }, handler: async (request) => request.body })
  app.delete('/things', { schema: { body } }, async (request) => ({ deleted: request.body ?? null }))
  app.get('/aliased', { schema: { query: { type: 'object', properties: { n: { type: 'integer' } } } } }, async (request) => request.query)
  // Shorthand: type and properties omitted, the parameters at the top level.
  app.get('/short/:id', { schema: { params: { id: { type: 'integer' } }, querystring: { n: { type: 'integer' } } } }, async (request) => ({ params: request.params, query: request.query }))
  const client = await start(t, app)

  for (const method of ['POST', 'PUT', 'PATCH']) {
    const response = await client.request('/things', { method, body: {} })
    t.equal(response.status, 400, `${method}: validated`)
    t.equal(response.json.message, "body should have required property 'name'")
  }
  const deleted = await client.request('/things', { method: 'DELETE', body: {} })
  t.equal(deleted.status, 400, 'DELETE: validated, as in Fastify')
  t.equal(deleted.json.message, "body should have required property 'name'")
  t.strictSame((await client.request('/things', { method: 'DELETE', body: { name: 'x' } })).json, { deleted: { name: 'x' } })

  t.strictSame((await client.request('/aliased?n=5')).json, { n: 5 }, 'query: coerced like querystring')
  const aliased = await client.request('/aliased?n=five')
  t.equal(aliased.json.message, 'querystring/n should be integer', 'query: its part is named querystring')
  t.strictSame((await client.request('/short/3?n=4')).json, { params: { id: 3 }, query: { n: 4 } }, 'shorthand params and querystring')
  t.equal((await client.request('/short/x')).json.message, 'params/id should be integer')
})
