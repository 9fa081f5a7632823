import t from 'tap'
import enclave from '@enclave/core'
import type { EnclaveInstance } from '@enclave/core'

type Test = Parameters<Parameters<typeof t.test>[0]>[0]

const address = {
  $id: 'address',
  type: 'object',
  required: ['city'],
  properties: {
    city: { type: 'string', minLength: 2 },
    zip: { type: 'integer' }
  },
  definitions: {
    country: { type: 'string', enum: ['FR', 'DE'] },
    code: { $id: '#code', type: 'string', pattern: '^[A-Z]{3}$' }
  }
}

const product = {
  $id: 'https://example.com/schemas/product.json',
  type: 'object',
  required: ['sku'],
  properties: { sku: { type: 'string' }, price: { type: 'number', minimum: 0 } }
}

// A shared schema that itself refers to another shared schema.
const customer = {
  $id: 'customer',
  type: 'object',
  required: ['name', 'home'],
  properties: { name: { type: 'string' }, home: { $ref: 'address#' } }
}

function build (t: Test): EnclaveInstance {
  const app = enclave()
  t.teardown(() => app.close())
  app.addSchema(address)
  app.addSchema(product)
  app.addSchema(customer)
  return app
}

async function post (app: EnclaveInstance, url: string, payload: unknown): Promise<[number, unknown]> {
  const response = await app.inject({ method: 'POST', url, payload: payload as any })
  const body = response.json()
  return [response.statusCode, response.statusCode === 200 ? body : body.message]
}

t.test("'#<id>': an object with that $id inside the route schema", async (t) => {
  const app = build(t)
  app.post('/local-id', {
    schema: {
      body: {
        type: 'object',
        definitions: { positive: { $id: '#positive', type: 'integer', minimum: 1 } },
        properties: { qty: { $ref: '#positive' } }
      }
    }
  }, async (request) => request.body)
  t.strictSame(await post(app, '/local-id', { qty: '3' }), [200, { qty: 3 }])
  t.strictSame(await post(app, '/local-id', { qty: 0 }), [400, 'body/qty should be >= 1'])
})

t.test("'#/definitions/<name>': definitions of the route schema", async (t) => {
  const app = build(t)
  app.post('/local-def', {
    schema: {
      body: {
        type: 'object',
        definitions: { small: { type: 'integer', maximum: 3 } },
        properties: { n: { $ref: '#/definitions/small' } }
      }
    }
  }, async (request) => request.body)
  t.strictSame(await post(app, '/local-def', { n: '2' }), [200, { n: 2 }])
  t.strictSame(await post(app, '/local-def', { n: 4 }), [400, 'body/n should be <= 3'])
})

t.test("'<id>#': the whole shared schema", async (t) => {
  const app = build(t)
  app.post('/whole', { schema: { body: { $ref: 'address#' } } }, async (request) => request.body)
  app.post('/nested', { schema: { body: { type: 'object', properties: { shipTo: { $ref: 'address#' } } } } }, async (request) => request.body)
  app.post('/uri', { schema: { body: { $ref: 'https://example.com/schemas/product.json#' } } }, async (request) => request.body)
  app.post('/chain', { schema: { body: { $ref: 'customer#' } } }, async (request) => request.body)

  t.strictSame(await post(app, '/whole', { city: 'Paris', zip: '75001' }), [200, { city: 'Paris', zip: 75001 }])
  t.strictSame(await post(app, '/whole', {}), [400, "body should have required property 'city'"])
  t.strictSame(await post(app, '/nested', { shipTo: { city: 'P' } }), [400, 'body/shipTo/city should NOT have fewer than 2 characters'])
  t.strictSame(await post(app, '/uri', { sku: 'A1', price: '9.5' }), [200, { sku: 'A1', price: 9.5 }], 'a URI $id')
  t.strictSame(await post(app, '/uri', { sku: 'A1', price: -1 }), [400, 'body/price should be >= 0'])
  t.strictSame(await post(app, '/chain', { name: 'Ann', home: {} }), [400, "body/home should have required property 'city'"], 'a shared schema referring to another')
})

t.test("'<id>#/definitions/<name>': definitions of a shared schema", async (t) => {
  const app = build(t)
  app.post('/country', { schema: { body: { type: 'object', properties: { country: { $ref: 'address#/definitions/country' } } } } }, async (request) => request.body)
  t.strictSame(await post(app, '/country', { country: 'FR' }), [200, { country: 'FR' }])
  t.strictSame(await post(app, '/country', { country: 'US' }), [400, 'body/country should be equal to one of the allowed values'])
})

t.test("'<id>#<anchor>': the object with $id '#<anchor>' inside a shared schema", async (t) => {
  const app = build(t)
  app.post('/code', { schema: { body: { type: 'object', properties: { code: { $ref: 'address#code' } } } } }, async (request) => request.body)
  t.strictSame(await post(app, '/code', { code: 'ABC' }), [200, { code: 'ABC' }])
  t.strictSame(await post(app, '/code', { code: 'abc' }), [400, 'body/code should match pattern "^[A-Z]{3}$"'])
})

t.test("'<id>#/properties/<name>': one property of a shared schema", async (t) => {
  const app = build(t)
  app.post('/zip', { schema: { body: { type: 'object', properties: { zip: { $ref: 'address#/properties/zip' } } } } }, async (request) => request.body)
  t.strictSame(await post(app, '/zip', { zip: '10115' }), [200, { zip: 10115 }])
  t.strictSame(await post(app, '/zip', { zip: 'Berlin' }), [400, 'body/zip should be integer'])
})

t.test('references work in every request part', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.addSchema({ $id: 'paging', type: 'object', properties: { page: { type: 'integer', minimum: 1, default: 1 } } })
  app.addSchema({ $id: 'ids', type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] })
  app.addSchema({ $id: 'common', definitions: { token: { type: 'string', minLength: 4 } } })
  app.get('/list/:id', {
    schema: {
      params: { $ref: 'ids#' },
      querystring: { $ref: 'paging#' },
      headers: { type: 'object', properties: { 'x-token': { $ref: 'common#/definitions/token' } } }
    }
  }, async (request) => ({ params: request.params, query: request.query }))

  t.strictSame((await app.inject({ url: '/list/3', headers: { 'x-token': 'abcd' } })).json(), { params: { id: 3 }, query: { page: 1 } })
  t.equal((await app.inject('/list/x')).json().message, 'params/id should be integer')
  t.equal((await app.inject('/list/3?page=0')).json().message, 'querystring/page should be >= 1')
  t.equal((await app.inject({ url: '/list/3', headers: { 'x-token': 'abc' } })).json().message, 'headers/x-token should NOT have fewer than 4 characters')
})

t.test('a route schema that is itself a shared schema (same $id) is reused, not re-added', async (t) => {
  const app = build(t)
  app.post('/a', { schema: { body: app.getSchema('address') } }, async (request) => request.body)
  app.post('/b', { schema: { body: { ...address } } }, async (request) => request.body)
  t.strictSame(await post(app, '/a', {}), [400, "body should have required property 'city'"])
  t.strictSame(await post(app, '/b', { city: 'Rome' }), [200, { city: 'Rome' }])
})

t.test('a reference to a shared schema of another context does not resolve', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.register(async function owner (child: EnclaveInstance) {
    child.addSchema({ $id: 'private', type: 'string' })
  })
  app.register(async function other (child: EnclaveInstance) {
    child.post('/x', { schema: { body: { $ref: 'private#' } } }, async () => 'x')
  })
  await t.rejects(app.ready(), { code: 'FST_ERR_SCH_VALIDATION_BUILD', message: /can't resolve reference private#/ })
})
