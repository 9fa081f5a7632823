import t from 'tap'
import type { Test } from 'tap'
import enclave from '@enclave/core'
import enclavePlugin from '@enclave/plugin'
import { createSerializerCompiler } from '@enclave/fjs'

/** The shared schemas of docs/shared-schemas.md, so its serializer examples are checked here. */
function addDocSchemas (app: ReturnType<typeof enclave>): void {
  app.addSchema({
    $id: 'address',
    type: 'object',
    required: ['city'],
    properties: { city: { type: 'string', minLength: 2 }, zip: { type: 'integer' } },
    definitions: {
      country: { type: 'string', enum: ['FR', 'DE'] },
      code: { $id: '#code', type: 'string', pattern: '^[A-Z]{3}$' }
    }
  })
  app.addSchema({
    $id: 'customer',
    type: 'object',
    required: ['name', 'home'],
    properties: { name: { type: 'string' }, home: { $ref: 'address#' } }
  })
}

async function bodyOf (t: Test, response: unknown, payload: unknown): Promise<string> {
  const app = enclave()
  t.teardown(() => app.close())
  addDocSchemas(app)
  app.get('/', { schema: { response: { 200: response } } }, async () => payload)
  const reply = await app.inject('/')
  t.equal(reply.statusCode, 200)
  return reply.body
}

t.test("'#<id>': an object with that $id inside the response schema", async (t) => {
  const body = await bodyOf(t, {
    type: 'object',
    definitions: { label: { $id: '#label', type: 'string' } },
    properties: { name: { $ref: '#label' } }
  }, { name: 'Box', internal: true })
  t.equal(body, '{"name":"Box"}')
})

t.test("'#/definitions/<name>': definitions of the response schema", async (t) => {
  const body = await bodyOf(t, {
    type: 'object',
    definitions: { name: { type: 'string' } },
    properties: { city: { $ref: '#/definitions/name' } }
  }, { city: 'Paris', secret: 1 })
  t.equal(body, '{"city":"Paris"}')
})

t.test("'<id>#': the whole shared schema, as the root or inside properties, and through another shared schema", async (t) => {
  t.equal(await bodyOf(t, { $ref: 'address#' }, { city: 'Paris', zip: '75001', secret: 'x' }), '{"city":"Paris","zip":75001}')
  t.equal(await bodyOf(t, { $ref: 'address' }, { city: 'Paris' }), '{"city":"Paris"}', 'without the trailing #')
  t.equal(
    await bodyOf(t, { type: 'object', properties: { shipTo: { $ref: 'address#' } } }, { shipTo: { city: 'Lyon', street: 'hidden' }, other: 1 }),
    '{"shipTo":{"city":"Lyon"}}'
  )
  t.equal(
    await bodyOf(t, { $ref: 'customer#' }, { name: 'Ann', home: { city: 'Berlin', zip: 10115.7, code: 'x' }, password: 'p' }),
    '{"name":"Ann","home":{"city":"Berlin","zip":10115}}'
  )
  t.equal(
    await bodyOf(t, { type: 'array', items: { $ref: 'address#' } }, [{ city: 'A', n: 1 }, { city: 'B' }]),
    '[{"city":"A"},{"city":"B"}]'
  )
})

t.test("'<id>#/definitions/<name>': definitions of a shared schema", async (t) => {
  t.equal(await bodyOf(t, { type: 'object', properties: { country: { $ref: 'address#/definitions/country' } } }, { country: 'FR', other: 1 }), '{"country":"FR"}')
})

t.test("'<id>#<anchor>': the object with $id '#<anchor>' inside a shared schema", async (t) => {
  t.equal(await bodyOf(t, { type: 'object', properties: { code: { $ref: 'address#code' } } }, { code: 'ABC', other: 1 }), '{"code":"ABC"}')
})

t.test("'<id>#/properties/<name>': one property of a shared schema", async (t) => {
  t.equal(await bodyOf(t, { type: 'object', properties: { zip: { $ref: 'address#/properties/zip' } } }, { zip: '75001' }), '{"zip":75001}')
})

t.test('URI-like shared schema ids resolve too', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.addSchema({ $id: 'https://example.com/schemas/product.json', type: 'object', properties: { sku: { type: 'string' } }, definitions: { price: { type: 'number' } } })
  app.get('/', {
    schema: {
      response: {
        200: {
          type: 'object',
          properties: {
            product: { $ref: 'https://example.com/schemas/product.json#' },
            price: { $ref: 'https://example.com/schemas/product.json#/definitions/price' }
          }
        }
      }
    }
  }, async () => ({ product: { sku: 'A1', cost: 3 }, price: '9.5' }) as any)
  t.equal((await app.inject('/')).body, '{"product":{"sku":"A1"},"price":9.5}')
})

t.test('the validator and the serializer share the same addSchema schemas', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  addDocSchemas(app)
  app.post('/customers', {
    schema: {
      body: { type: 'object', properties: { home: { $ref: 'address#' } } },
      response: { 201: { type: 'object', properties: { id: { type: 'integer' }, home: { $ref: 'address#' } } } }
    }
  }, async (request, reply) => reply.code(201).send({ id: '5', ...(request.body as object), createdBy: 'admin' } as any))
  const created = await app.inject({ method: 'POST', url: '/customers', payload: { home: { city: 'Rome', zip: '00100' } } })
  t.equal(created.statusCode, 201)
  t.equal(created.body, '{"id":5,"home":{"city":"Rome","zip":100}}')
  const invalid = await app.inject({ method: 'POST', url: '/customers', payload: { home: { city: 'R' } } })
  t.equal(invalid.statusCode, 400)
})

t.test('a child context\'s shared schema serializes child routes only', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.addSchema({ $id: 'base', type: 'object', properties: { id: { type: 'integer' } } })
  app.register(async function child (child) {
    child.addSchema({ $id: 'profile', type: 'object', properties: { nick: { type: 'string' }, owner: { $ref: 'base#' } } })
    child.get('/child', { schema: { response: { 200: { $ref: 'profile#' } } } }, async () => ({ nick: 'n', owner: { id: '3', pw: 'x' }, pw: 'y' }))
    child.register(async function grandchild (grandchild) {
      grandchild.get('/grandchild', { schema: { response: { 200: { type: 'object', properties: { p: { $ref: 'profile#' } } } } } }, async () => ({ p: { nick: 'g', secret: 1 } }))
    })
  })
  app.get('/root', { schema: { response: { 200: { $ref: 'base#' } } } }, async () => ({ id: 1, pw: 'z' }))
  t.equal((await app.inject('/child')).body, '{"nick":"n","owner":{"id":3}}')
  t.equal((await app.inject('/grandchild')).body, '{"p":{"nick":"g"}}', 'a grandchild sees its parent\'s schemas')
  t.equal((await app.inject('/root')).body, '{"id":1}')
})

t.test('a route cannot reference a schema of a child or a sibling context', async (t) => {
  const parentUsesChild = enclave()
  parentUsesChild.register(async function child (child) {
    child.addSchema({ $id: 'private', type: 'object', properties: { a: { type: 'string' } } })
  })
  parentUsesChild.get('/parent', { schema: { response: { 200: { $ref: 'private#' } } } }, async () => ({}))
  await t.rejects(parentUsesChild.ready(), { code: 'FST_ERR_SCH_SERIALIZATION_BUILD', message: /GET: \/parent, due to error/ })

  const siblingUse = enclave()
  siblingUse.register(async function owner (owner) {
    owner.addSchema({ $id: 'mine', type: 'object', properties: { a: { type: 'string' } } })
  })
  siblingUse.register(async function other (other) {
    other.get('/other', { schema: { response: { 200: { type: 'object', properties: { m: { $ref: 'mine#' } } } } } }, async () => ({}))
  })
  await t.rejects(siblingUse.ready(), { code: 'FST_ERR_SCH_SERIALIZATION_BUILD' })
})

t.test('sibling contexts may each define the same $id differently', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  for (const [prefix, field] of [['/a', 'alpha'], ['/b', 'beta']] as const) {
    app.register(async function versioned (scope) {
      scope.addSchema({ $id: 'item', type: 'object', properties: { [field]: { type: 'string' } } })
      scope.get('/item', { schema: { response: { 200: { $ref: 'item#' } } } }, async () => ({ alpha: 'A', beta: 'B' }))
    }, { prefix })
  }
  t.equal((await app.inject('/a/item')).body, '{"alpha":"A"}')
  t.equal((await app.inject('/b/item')).body, '{"beta":"B"}')
})

t.test('a wrapped plugin adds its schemas to the parent context, visible to the parent\'s routes', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.register(enclavePlugin(async function schemas (scope) {
    scope.addSchema({ $id: 'shared', type: 'object', properties: { ok: { type: 'boolean' } } })
  }))
  app.register(async function routes (scope) {
    scope.get('/', { schema: { response: { 200: { $ref: 'shared#' } } } }, async () => ({ ok: 1, no: 2 }))
  })
  t.equal((await app.inject('/')).body, '{"ok":true}')
})

t.test('a response schema whose $id is also a shared schema is compiled as the route schema', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  addDocSchemas(app)
  app.get('/same', { schema: { response: { 200: app.getSchema('address') } } }, async () => ({ city: 'Oslo', x: 1 }))
  t.equal((await app.inject('/same')).body, '{"city":"Oslo"}')
})

t.test('between URI-id shared schemas the serializer needs absolute references: a relative one fails ready()', async (t) => {
  const app = enclave()
  app.addSchema({ $id: 'https://example.com/base.json', type: 'object', properties: { a: { type: 'string' } } })
  app.addSchema({ $id: 'https://example.com/other.json', type: 'object', properties: { b: { $ref: 'base.json#' } } })
  app.get('/s', { schema: { response: { 200: { $ref: 'https://example.com/other.json#' } } } }, async () => ({}))
  await t.rejects(app.ready(), { code: 'FST_ERR_SCH_SERIALIZATION_BUILD', message: /Cannot resolve ref "base\.json#"/ })
})

t.test('a custom serializer compiler gets the shared schemas through getSchemas()', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.addSchema({ $id: 'price', type: 'object', properties: { amount: { type: 'integer' } } })
  app.register(async function roundedApi (api) {
    api.setSerializerCompiler(createSerializerCompiler(api.getSchemas(), { rounding: 'round' }))
    api.get('/rounded', { schema: { response: { 200: { $ref: 'price#' } } } }, async () => ({ amount: 9.6, cost: 3 }))
  })
  app.get('/truncated', { schema: { response: { 200: { $ref: 'price#' } } } }, async () => ({ amount: 9.6, cost: 3 }))
  t.equal((await app.inject('/rounded')).body, '{"amount":10}')
  t.equal((await app.inject('/truncated')).body, '{"amount":9}')
})
