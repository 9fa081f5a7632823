import t from 'tap'
import { createValidatorCompiler } from '../src/index.js'
import { compileFor, messagesOf } from './fixtures/helpers.js'

const shared = {
  $id: 'shared',
  type: 'object',
  required: ['name'],
  properties: {
    name: { type: 'string' },
    flag: { type: 'boolean' }
  },
  definitions: {
    count: { type: 'integer', minimum: 0 },
    code: { $id: '#code', type: 'string', pattern: '^[A-Z]+$' }
  }
}

const uriShared = {
  $id: 'http://example.com/schemas/item.json',
  type: 'object',
  properties: { id: { type: 'integer' } },
  required: ['id']
}

const compiler = createValidatorCompiler({ shared, [uriShared.$id]: uriShared })

function objectWith (value: unknown): Record<string, unknown> {
  return { value }
}

t.test("'#<id>' resolves to the object with that $id inside the route schema", async function (t) {
  const validate = compileFor(compiler, {
    type: 'object',
    definitions: { positive: { $id: '#positive', type: 'integer', minimum: 1 } },
    properties: { value: { $ref: '#positive' } }
  })
  const good = objectWith('5')
  t.equal(validate(good), true)
  t.strictSame(good, { value: 5 })
  t.equal(validate(objectWith(0)), false)
  t.strictSame(messagesOf(validate), ['/value must be >= 1'])
})

t.test("'#/definitions/<name>' resolves inside the route schema", async function (t) {
  const validate = compileFor(compiler, {
    type: 'object',
    definitions: { small: { type: 'integer', maximum: 3 } },
    properties: { value: { $ref: '#/definitions/small' } }
  })
  t.equal(validate(objectWith(2)), true)
  t.equal(validate(objectWith(4)), false)
  t.strictSame(messagesOf(validate), ['/value must be <= 3'])
})

t.test("'<shared-id>#' resolves to the whole shared schema", async function (t) {
  const validate = compileFor(compiler, {
    type: 'object',
    properties: { value: { $ref: 'shared#' } }
  })
  const good = objectWith({ name: 12, flag: 'true' })
  t.equal(validate(good), true)
  t.strictSame(good, { value: { name: '12', flag: true } })
  t.equal(validate(objectWith({})), false)
  t.strictSame(messagesOf(validate), ["/value must have required property 'name'"])
})

t.test("'<shared-id>#' also works as the root of a route schema and with a URI id", async function (t) {
  const validate = compileFor(compiler, { $ref: 'http://example.com/schemas/item.json#' })
  const good: Record<string, unknown> = { id: '3' }
  t.equal(validate(good), true)
  t.strictSame(good, { id: 3 })
  t.equal(validate({}), false)
  t.strictSame(messagesOf(validate), ["must have required property 'id'"])
})

t.test("'<shared-id>#/definitions/<name>' resolves to a definition of the shared schema", async function (t) {
  const validate = compileFor(compiler, {
    type: 'object',
    properties: { value: { $ref: 'shared#/definitions/count' } }
  })
  const good = objectWith('4')
  t.equal(validate(good), true)
  t.strictSame(good, { value: 4 })
  t.equal(validate(objectWith(-1)), false)
  t.strictSame(messagesOf(validate), ['/value must be >= 0'])
})

t.test("'<shared-id>#<id>' resolves to the object with $id '#<id>' inside the shared schema", async function (t) {
  const validate = compileFor(compiler, {
    type: 'object',
    properties: { value: { $ref: 'shared#code' } }
  })
  t.equal(validate(objectWith('ABC')), true)
  t.equal(validate(objectWith('abc')), false)
  t.strictSame(messagesOf(validate), ['/value must match pattern "^[A-Z]+$"'])
})

t.test("'<shared-id>#/properties/<name>' resolves to a property of the shared schema", async function (t) {
  const validate = compileFor(compiler, {
    type: 'object',
    properties: { value: { $ref: 'shared#/properties/flag' } }
  })
  const good = objectWith('false')
  t.equal(validate(good), true)
  t.strictSame(good, { value: false })
  t.equal(validate(objectWith('maybe')), false)
  t.strictSame(messagesOf(validate), ['/value must be boolean'])
})

t.test('shared schemas may reference each other', async function (t) {
  const order = {
    $id: 'order',
    type: 'object',
    properties: { item: { $ref: 'http://example.com/schemas/item.json#' }, count: { $ref: 'shared#/definitions/count' } }
  }
  const withOrder = createValidatorCompiler({ shared, [uriShared.$id]: uriShared, order })
  const validate = compileFor(withOrder, { $ref: 'order#' })
  const good: Record<string, unknown> = { item: { id: '1' }, count: '2' }
  t.equal(validate(good), true)
  t.strictSame(good, { item: { id: 1 }, count: 2 })
  t.equal(validate({ item: {} }), false)
  t.strictSame(messagesOf(validate), ["/item must have required property 'id'"])
})

t.test('a reference to a shared schema that is not visible fails at compile', async function (t) {
  t.throws(function compileMissing () {
    compileFor(compiler, { type: 'object', properties: { value: { $ref: 'elsewhere#' } } })
  }, { message: /can't resolve reference elsewhere#/ })
})
