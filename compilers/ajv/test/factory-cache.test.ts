import t from 'tap'
import { createValidatorCompilerFactory } from '../src/index.js'
import { compileFor, messagesOf } from './fixtures/helpers.js'

function countingFactory (): { factory: ReturnType<typeof createValidatorCompilerFactory>, instances: () => number } {
  let created = 0
  const factory = createValidatorCompilerFactory({ onCreate: function countInstance () { created++ } })
  return { factory, instances: function instances () { return created } }
}

const user = { $id: 'user', type: 'object', properties: { id: { type: 'integer' } } }
const tag = { $id: 'tag', type: 'string' }

t.test('contexts that see the same shared schemas share one compiler and one Ajv', async function (t) {
  const { factory, instances } = countingFactory()
  const root = factory({ user })
  const child = factory({ user: { ...user, properties: { id: { type: 'integer' } } } })
  t.equal(child, root, 'equal content, different objects')
  t.equal(instances(), 1)

  const both = factory({ user, tag })
  const bothOtherOrder = factory({ tag, user })
  t.equal(bothOtherOrder, both, 'the order shared schemas were added in does not matter')
  t.not(both, root)
  t.equal(instances(), 2)

  const none = factory({})
  t.equal(factory({}), none)
  t.equal(instances(), 3)
})

t.test('different shared schemas get distinct Ajv instances that do not leak into each other', async function (t) {
  const { factory, instances } = countingFactory()
  const strictUser = factory({ user: { ...user, required: ['id'] } })
  const looseUser = factory({ user })
  t.not(strictUser, looseUser)
  t.equal(instances(), 2)

  const viaStrict = compileFor(strictUser, { $ref: 'user#' })
  const viaLoose = compileFor(looseUser, { $ref: 'user#' })
  t.equal(viaStrict({}), false)
  t.strictSame(messagesOf(viaStrict), ["must have required property 'id'"])
  t.equal(viaLoose({}), true)

  const withoutTag = factory({ user })
  t.throws(function referenceInvisibleSchema () {
    compileFor(withoutTag, { $ref: 'tag#' })
  }, { message: /can't resolve reference tag#/ })
})

t.test('separate factories do not share instances', async function (t) {
  const first = countingFactory()
  const second = countingFactory()
  t.not(first.factory({ user }), second.factory({ user }))
  t.equal(first.instances() + second.instances(), 2)
})

t.test('shared schemas that are not plain JSON get an instance of their own', async function (t) {
  const { factory, instances } = countingFactory()
  const withFunction = { $id: 'fn', type: 'string', 'x-transform': function upper () {} }
  t.not(factory({ fn: withFunction }), factory({ fn: withFunction }))
  t.equal(instances(), 2)
})

t.test('a shared schema without $id is reachable under its key', async function (t) {
  const compiler = createValidatorCompilerFactory()({ plainKey: { type: 'integer', minimum: 1 } })
  const validate = compileFor(compiler, { type: 'object', properties: { n: { $ref: 'plainKey#' } } })
  t.equal(validate({ n: '2' }), true)
  t.equal(validate({ n: 0 }), false)
  t.strictSame(messagesOf(validate), ['/n must be >= 1'])
})

t.test('compiled validators are cached by schema object and by content', async function (t) {
  const compiler = createValidatorCompilerFactory()({ user })
  const schema = { type: 'object', properties: { a: { type: 'integer' } } }

  const first = compileFor(compiler, schema)
  t.equal(compileFor(compiler, schema, 'querystring'), first, 'same object')
  t.equal(compileFor(compiler, structuredClone(schema)), first, 'same JSON content')
  const different = compileFor(compiler, { type: 'object', properties: { a: { type: 'string' } } })
  t.not(different, first, 'different content compiles anew')

  const reordered = compileFor(compiler, { properties: { a: { type: 'integer' } }, type: 'object' })
  t.not(reordered, first, 'key order is part of the content (it decides which error comes first)')

  const otherContext = createValidatorCompilerFactory()({})
  t.not(compileFor(otherContext, schema), first, 'caches belong to one Ajv instance')

  const data: Record<string, unknown> = { a: '1' }
  t.equal(first(data), true)
  t.strictSame(data, { a: 1 })
})

t.test('schemas with identical JSON but a function are not confused', async function (t) {
  const compiler = createValidatorCompilerFactory({ customOptions: { strictSchema: false } })({})
  const a = compileFor(compiler, { type: 'string', transform: function a () {} })
  const b = compileFor(compiler, { type: 'string', transform: function b () {} })
  t.not(a, b)
})

t.test('a route schema whose $id is a shared schema gets the stored validator', async function (t) {
  const compiler = createValidatorCompilerFactory()({ user })
  const stored = compileFor(compiler, user)
  t.equal(compileFor(compiler, { ...user }), stored, 'no "schema with key or id already exists"')
  const body: Record<string, unknown> = { id: '7' }
  t.equal(stored(body), true)
  t.strictSame(body, { id: 7 })
  t.equal(stored({ id: 'x' }), false)
  t.strictSame(messagesOf(stored), ['/id must be integer'])
})

t.test('route schemas that repeat an $id unknown to Ajv compile side by side', async function (t) {
  const compiler = createValidatorCompilerFactory()({})
  const asString = compileFor(compiler, { $id: 'route-body', type: 'string' })
  const asInteger = compileFor(compiler, { $id: 'route-body', type: 'integer' })
  t.equal(asString('x'), true)
  t.equal(asInteger('x'), false)
  t.strictSame(messagesOf(asInteger), ['must be integer'])
})
