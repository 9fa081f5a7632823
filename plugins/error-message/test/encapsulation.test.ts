import t from 'tap'
import enclave, { type EnclaveInstance } from '@enclave/core'
import plugin from '@enclave/plugin'
import errorMessage from '@enclave/error-message'
import { post } from './helpers/post.js'

/**
 * Every route gets the same schema without an errorMessage keyword (strict Ajv would refuse that
 * keyword where the plugin is not registered): two required properties and a typed one. With the
 * plugin, allErrors reports all three problems; without it, only the first.
 */
const body = {
  type: 'object',
  required: ['a', 'b'],
  properties: { a: { type: 'string' }, b: { type: 'string' }, c: { type: 'integer' } }
}
const oneError = "body should have required property 'a'"
const allErrors = "body should have required property 'a', body should have required property 'b', body/c should be integer"
const bad = { c: 'not a number' }

function route (instance: EnclaveInstance, url: string): void {
  instance.post(url, { schema: { body } }, () => 'ok')
}

t.test('registered in a child: the child and its grandchildren get it, not the parent or a sibling', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  route(app, '/root')
  app.register(async function child (child: EnclaveInstance) {
    await child.register(errorMessage)
    route(child, '/child')
    child.post('/child/custom', { schema: { body: { type: 'object', required: ['x'], errorMessage: { required: { x: 'x is required here' } } } } }, () => 'ok')
    child.register(async function grandchild (grandchild: EnclaveInstance) {
      route(grandchild, '/grandchild')
      grandchild.post('/grandchild/custom', { schema: { body: { type: 'integer', errorMessage: 'a number, please' } } }, () => 'ok')
    })
  })
  app.register(async function sibling (sibling: EnclaveInstance) {
    route(sibling, '/sibling')
  })

  t.equal((await post(app, '/root', bad)).message, oneError, 'the parent keeps allErrors false')
  t.equal((await post(app, '/sibling', bad)).message, oneError, 'a sibling keeps allErrors false')
  t.equal((await post(app, '/child', bad)).message, allErrors)
  t.equal((await post(app, '/grandchild', bad)).message, allErrors)
  t.equal((await post(app, '/child/custom', {})).message, 'body x is required here')
  t.equal((await post(app, '/grandchild/custom', 'text')).message, 'body a number, please')
})

t.test('the errorMessage keyword is unknown outside: strict Ajv refuses it at ready()', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.register(async function child (child: EnclaveInstance) {
    await child.register(errorMessage)
  })
  app.post('/root', { schema: { body: { type: 'object', errorMessage: 'nope' } } }, () => 'ok')
  await t.rejects(app.ready(), { message: /unknown keyword: "errorMessage"/ })
})

t.test('registered through a wrapped plugin: the parent that registered the wrapper gets it', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  const validation = plugin(async function validation (instance: EnclaveInstance) {
    await instance.register(errorMessage)
  }, { name: 'validation' })
  app.register(async function child (child: EnclaveInstance) {
    await child.register(validation)
    route(child, '/child')
  })
  route(app, '/root')

  t.equal((await post(app, '/child', bad)).message, allErrors)
  t.equal((await post(app, '/root', bad)).message, oneError, 'the wrapper went into the child, not further up')
})

t.test('registered at the root through a wrapped plugin: every context gets it', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.register(plugin(async function validation (instance: EnclaveInstance) {
    await instance.register(errorMessage)
  }))
  route(app, '/root')
  app.register(async function child (child: EnclaveInstance) { route(child, '/child') })
  t.equal((await post(app, '/root', bad)).message, allErrors)
  t.equal((await post(app, '/child', bad)).message, allErrors)
})

t.test('registered in two siblings with different options: each sibling gets its own', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  const schema = {
    type: 'object',
    properties: { n: { type: 'integer', maximum: 10, multipleOf: 2, errorMessage: { maximum: 'too big', multipleOf: 'not even' } } }
  }
  app.register(async function first (first: EnclaveInstance) {
    await first.register(errorMessage, { singleError: ' & ' })
    first.post('/first', { schema: { body: schema } }, () => 'ok')
    route(first, '/first/plain')
  })
  app.register(async function second (second: EnclaveInstance) {
    await second.register(errorMessage, { maxErrors: 2 })
    second.post('/second', { schema: { body: schema } }, () => 'ok')
    route(second, '/second/plain')
  })

  t.equal((await post(app, '/first', { n: 13 })).message, 'body/n too big & not even')
  t.equal((await post(app, '/second', { n: 13 })).message, 'body/n too big, body/n not even')
  t.equal((await post(app, '/first/plain', bad)).message, allErrors)
  t.equal((await post(app, '/second/plain', bad)).message,
    "body should have required property 'a', body should have required property 'b'", 'the second sibling caps at two errors')
})

t.test('a grandchild can use shared schemas it adds itself', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.addSchema({ $id: 'rootThing', type: 'string', minLength: 3 })
  await app.register(errorMessage)
  app.register(async function child (child: EnclaveInstance) {
    child.addSchema({ $id: 'childThing', type: 'object', required: ['id'], properties: { id: { $ref: 'rootThing#' } } })
    child.register(async function grandchild (grandchild: EnclaveInstance) {
      grandchild.addSchema({ $id: 'grandchildThing', type: 'object', properties: { thing: { $ref: 'childThing#' } }, errorMessage: { properties: { thing: 'thing is wrong' } } })
      grandchild.post('/deep', { schema: { body: { $ref: 'grandchildThing#' } } }, (request) => request.body)
    })
    child.post('/child', { schema: { body: { $ref: 'childThing#' } } }, (request) => request.body)
  })

  t.equal((await post(app, '/deep', { thing: { id: 'ab' } })).message, 'body/thing thing is wrong')
  t.same((await post(app, '/deep', { thing: { id: 'abc' } })).body, { thing: { id: 'abc' } })
  t.equal((await post(app, '/child', { id: 'ab' })).message, 'body/id should NOT have fewer than 3 characters')
})

t.test('a descendant that sets its own validator compiler keeps it, and so do its children', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(errorMessage)
  app.register(async function custom (custom: EnclaveInstance) {
    custom.setValidatorCompiler(() => function acceptOnlyTheNumber42 (data: unknown) {
      return data === 42 ? true : { error: new Error('only 42') }
    })
    custom.post('/custom', { schema: { body } }, () => 'ok')
    custom.register(async function inner (inner: EnclaveInstance) {
      inner.post('/custom/inner', { schema: { body } }, () => 'ok')
    })
  })
  route(app, '/root')

  t.equal((await post(app, '/custom', bad)).message, 'only 42', "the validator's Error message, unchanged")
  t.equal((await post(app, '/custom/inner', bad)).message, 'only 42')
  t.equal((await post(app, '/root', bad)).message, allErrors)
})

t.test('a route-level validatorCompiler still wins over the plugin', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(errorMessage)
  app.post('/', {
    schema: { body },
    validatorCompiler: () => function refuse () { return { error: new Error('route compiler') } }
  }, () => 'ok')
  t.equal((await post(app, '/', {})).message, 'route compiler')
})

t.test('a context loaded before the registration keeps the validator it loaded with, as with Fastify\'s setValidatorCompiler', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.register(async function early (early: EnclaveInstance) {
    early.addSchema({ $id: 'own', type: 'string' })
    early.post('/early/ref', { schema: { body: { type: 'object', properties: { a: { $ref: 'own#' } } } } }, () => 'ok')
    route(early, '/early')
  })
  await app.register(errorMessage)
  route(app, '/late')
  await app.ready()
  t.equal((await post(app, '/early', bad)).message, oneError, 'the default validator: no allErrors, no errorMessage')
  t.equal((await post(app, '/early/ref', { a: {} })).message, 'body/a should be string', 'its own shared schemas resolve')
  t.equal((await post(app, '/late', bad)).message, allErrors)
})
