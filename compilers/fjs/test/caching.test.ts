import t from 'tap'
import { createSerializerCompilerFactory, type SerializerCompilerInput } from '../src/index.js'

function input (schema: unknown, overrides: Partial<SerializerCompilerInput> = {}): SerializerCompilerInput {
  return { schema, method: 'GET', url: '/', httpStatus: '200', ...overrides }
}

function userSchema (): object {
  return { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } }
}

t.test('the same schema content compiles once, whatever route, status or object it comes from', async function (t) {
  const compiler = createSerializerCompilerFactory()({})
  const first = compiler(input(userSchema()))
  const second = compiler(input(userSchema(), { method: 'POST', url: '/other', httpStatus: '201', contentType: 'application/json' }))
  t.equal(first, second)
})

t.test('schemas that differ only in property order get their own functions (the order is the output order)', async function (t) {
  const compiler = createSerializerCompilerFactory()({})
  const idFirst = compiler(input({ type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } }))
  const nameFirst = compiler(input({ type: 'object', properties: { name: { type: 'string' }, id: { type: 'integer' } } }))
  t.not(idFirst, nameFirst)
  t.equal(idFirst({ name: 'n', id: 1 }), '{"id":1,"name":"n"}')
  t.equal(nameFirst({ name: 'n', id: 1 }), '{"name":"n","id":1}')
})

t.test('equal sets of shared schemas share one compiler, whatever their insertion order', async function (t) {
  const factory = createSerializerCompilerFactory()
  const a = { $id: 'a', type: 'string' }
  const b = { $id: 'b', type: 'integer' }
  const compiler = factory({ a, b })
  t.equal(factory({ b: { ...b }, a: { ...a } }), compiler)
  t.not(factory({ a }), compiler)
  t.not(factory({ a, b: { $id: 'b', type: 'number' } }), compiler)
})

t.test('different factories keep separate caches (their options differ)', async function (t) {
  const truncating = createSerializerCompilerFactory()({})
  const ceiling = createSerializerCompilerFactory({ rounding: 'ceil' })({})
  const schema = { type: 'integer' }
  t.equal(truncating(input(schema))(1.2), '1')
  t.equal(ceiling(input(schema))(1.2), '2')
})

t.test('shared schemas added to the record after the compiler was built do not leak into it', async function (t) {
  const externals: Record<string, object> = {}
  const compiler = createSerializerCompilerFactory()(externals)
  externals.late = { $id: 'late', type: 'string' }
  t.throws(function compileLateReference () { compiler(input({ $ref: 'late#' })) })
})

t.test('schemas JSON cannot represent are compiled without being cached', async function (t) {
  const compiler = createSerializerCompilerFactory()({})
  const schema = { type: 'object', 'x-max': 10n, properties: { n: { type: 'integer' } } }
  const first = compiler(input(schema))
  t.not(compiler(input(schema)), first)
  t.equal(first({ n: 1 }), '{"n":1}')
})

t.test('a route schema whose $id is among the shared schemas is compiled as the route schema', async function (t) {
  const shared = { $id: 'user', type: 'object', properties: { id: { type: 'integer' } } }
  const compiler = createSerializerCompilerFactory()({ user: shared })
  const routeSchema = {
    $id: 'user',
    type: 'object',
    definitions: { nick: { type: 'string' } },
    properties: { id: { type: 'integer' }, nick: { $ref: 'user#/definitions/nick' }, alias: { $ref: '#/definitions/nick' } }
  }
  const serialize = compiler(input(routeSchema))
  t.equal(serialize({ id: 1, nick: 2, alias: 3, other: 4 }), '{"id":1,"nick":"2","alias":"3"}')
  t.equal(compiler(input(shared))({ id: 2, nick: 'x' }), '{"id":2}')
})
