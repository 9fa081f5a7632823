import t from 'tap'
import Fastify from 'fastify4'
import type { Test } from 'tap'
import enclave, { errorCodes } from '@enclave/core'
import type { EnclaveInstance, EnclaveOptions } from '@enclave/core'

function build (t: Test, options?: EnclaveOptions): EnclaveInstance {
  const app = enclave(options)
  t.teardown(() => app.close())
  return app
}

t.test('an async plugin gets a child instance and the options object, and its routes answer', async (t) => {
  const app = build(t)
  const given = { answer: 42 }
  let received: unknown
  let child: EnclaveInstance | undefined
  app.register(async function asyncPlugin (instance, options) {
    child = instance
    received = options
    instance.get('/async', async function handler () { return { answer: options.answer } })
  }, given)
  await app.ready()
  t.not(child, app, 'the plugin works on its own child instance')
  t.same(received, { answer: 42 })
  const response = await app.inject('/async')
  t.equal(response.statusCode, 200)
  t.same(response.json(), { answer: 42 })
})

t.test('a callback plugin is loaded when it calls done, even later', async (t) => {
  const app = build(t)
  const order: string[] = []
  app.register(function callbackPlugin (instance, options: { word: string }, done) {
    order.push('plugin')
    setTimeout(function later () {
      instance.get('/word', async function handler () { return { word: options.word } })
      order.push('done')
      done()
    }, 10)
  }, { word: 'late' })
  app.after(function afterCallbackPlugin () { order.push('after') })
  await app.ready()
  t.same(order, ['plugin', 'done', 'after'], 'after() waits for done()')
  t.same((await app.inject('/word')).json(), { word: 'late' })
})

t.test('a callback plugin that passes an error to done fails ready() with that error', async (t) => {
  const app = build(t)
  const failure = new Error('cannot connect')
  app.register(function failing (_instance, _options, done) { done(failure) })
  await t.rejects(app.ready(), failure)
})

t.test('an async plugin that rejects fails ready() with its error', async (t) => {
  const app = build(t)
  app.register(async function failing () { throw new Error('bad config') })
  await t.rejects(app.ready(), { message: 'bad config' })
})

t.test('an ESM-module-shaped object is loaded through its default export', async (t) => {
  const app = build(t)
  const module = {
    default: async function fromModule (instance: EnclaveInstance) {
      instance.get('/module', async function handler () { return { pluginName: instance.pluginName } })
    },
    other: 'ignored'
  }
  app.register(module)
  await app.ready()
  t.same((await app.inject('/module')).json(), { pluginName: 'fromModule' })
})

t.test('a promise of a module (register(import(...))) is awaited, with options and prefix', async (t) => {
  const app = build(t)
  app.register(import('./fixtures/greeting-plugin.js'), { greeting: 'bonjour', prefix: '/fr' })
  app.register(import('./fixtures/callback-plugin.js'), { word: 'from a module' })
  await app.ready()
  const greeting = await app.inject('/fr/greeting')
  t.equal(greeting.statusCode, 200)
  t.same(greeting.json(), { greeting: 'bonjour', pluginName: 'greetingPlugin', prefix: '/fr' })
  t.same((await app.inject('/word')).json(), { word: 'from a module' })
  t.equal(app.hasDecorator('greeting'), false, 'the module plugin kept its decorator to itself')
})

t.test('a rejected module promise fails ready()', async (t) => {
  const app = build(t)
  app.register(Promise.reject(new Error('module not found')))
  await t.rejects(app.ready(), { message: 'module not found' })
})

t.test('options may be a function, called once when the plugin loads with the instance the plugin receives (Fastify 4)', async (t) => {
  const sides: Array<[string, any]> = [['fastify4', Fastify()], ['enclave', build(t)]]
  for (const [side, app] of sides) {
    const calls: unknown[] = []
    let received: unknown
    let pluginInstance: unknown
    app.register(async function usesOptions (instance: any, options: { url: string }) {
      received = options
      pluginInstance = instance
      instance.get('/url', async function handler () { return { url: options.url } })
    }, function optionsFromInstance (instance: any) {
      calls.push(instance)
      return { url: 'postgres://db', prefix: '/from-function' }
    })
    await app.ready()
    t.equal(calls.length, 1, `${side}: called once`)
    t.equal(calls[0], pluginInstance, `${side}: with the plugin's own (child) instance`)
    t.equal(Object.getPrototypeOf(calls[0]), app, `${side}: a child of the instance register() was called on`)
    t.same(received, { url: 'postgres://db', prefix: '/from-function' }, `${side}: the plugin receives what it returned`)
    t.equal((await app.inject('/url')).statusCode, 200, `${side}: a prefix returned by the function is not applied (the child exists by then)`)
    t.equal((await app.inject('/from-function/url')).statusCode, 404, side)
    await app.close()
  }
})

t.test('an options function runs when its plugin loads, so it sees what earlier plugins decorated', async (t) => {
  const app = build(t)
  // Marked like a wrapped plugin so its decorator lands on the root.
  const database = Object.assign(async function database (instance: EnclaveInstance) {
    instance.decorate('databaseUrl', 'postgres://db')
  }, { [Symbol.for('skip-override')]: true })
  app.register(database)
  app.register(async function reader (child, options: { seen: unknown }) {
    child.get('/seen', async function handler () { return { seen: options.seen } })
  }, (parent: EnclaveInstance & { databaseUrl?: string }) => ({ seen: parent.databaseUrl }))
  t.equal(app.hasDecorator('databaseUrl'), false, 'nothing is loaded yet when register() returns')
  await app.ready()
  t.same((await app.inject('/seen')).json(), { seen: 'postgres://db' })
})

t.test('an options function given to a nested register() receives the new child of that nested instance', async (t) => {
  const app = build(t)
  let parentSeen: unknown
  let outer: EnclaveInstance | undefined
  app.register(async function outerPlugin (instance) {
    outer = instance
    instance.decorate('inner', 'inner value')
    instance.register(async function innerPlugin (child, options: { inner: unknown }) {
      child.get('/inner', async function handler () { return options })
    }, (parent: EnclaveInstance & { inner?: string }) => {
      parentSeen = parent
      return { inner: parent.inner }
    })
  }, { prefix: '/outer' })
  await app.ready()
  t.equal(Object.getPrototypeOf(parentSeen), outer)
  t.same((await app.inject('/outer/inner')).json(), { inner: 'inner value' })
})

t.test('register() refuses what is not a plugin, at once', async (t) => {
  const app = build(t)
  for (const [value, described] of [[{}, 'object'], [null, 'null'], ['plugin', 'string'], [[], 'array'], [42, 'number']] as const) {
    t.throws(() => app.register(value as never), {
      code: 'AVV_ERR_PLUGIN_NOT_VALID',
      message: `Plugin must be a function or a promise. Received: '${described}'`
    }, described)
  }
  try {
    app.register(undefined as never)
    t.fail('register(undefined) should throw')
  } catch (error) {
    t.ok(error instanceof errorCodes.AVV_ERR_PLUGIN_NOT_VALID, 'an instance of the catalogued error class')
    t.ok(error instanceof Error && !(error instanceof TypeError), 'an Error, as Fastify\'s (avvio\'s) AVV_ERR_PLUGIN_NOT_VALID')
  }
})

t.test('an async plugin that also declares done warns FSTWRN002 naming the plugin, and its promise ends the loading (Fastify 4)', async (t) => {
  const warnings: Array<{ name: string, code?: string, message: string }> = []
  const onWarning = (warning: Error & { code?: string }): void => { warnings.push(warning) }
  process.on('warning', onWarning)
  t.teardown(() => { process.removeListener('warning', onWarning) })
  const sides: Array<[string, any]> = [['fastify4', Fastify()], ['enclave', build(t)]]
  for (const [side, app] of sides) {
    const seen: string[] = []
    app.register(async function mixed (instance: any, _options: unknown, _done: () => void) {
      await new Promise((resolve) => setTimeout(resolve, 10))
      instance.get('/mixed', async () => 'loaded')
      seen.push('resolved')
    })
    app.register(async function mixedRejects (_instance: unknown, _options: unknown, _done: () => void) { throw new Error('mixed failed') })
    app.after((error: Error | null) => { seen.push(`after: ${error?.message ?? 'none'}`) })
    await app.ready()
    t.same(seen, ['resolved', 'after: mixed failed'], `${side}: the plugin's promise, not done, ends its loading`)
    t.equal((await app.inject('/mixed')).body, 'loaded', side)
    await app.close()
  }
  await new Promise((resolve) => setImmediate(resolve))
  const messages = warnings.filter((warning) => warning.code === 'FSTWRN002').map((warning) => `${warning.name}: ${warning.message}`)
  const expected = [
    'FastifyWarning: The mixed plugin being registered mixes async and callback styles, which will result in an error in `fastify@5`',
    'FastifyWarning: The mixedRejects plugin being registered mixes async and callback styles, which will result in an error in `fastify@5`'
  ]
  t.same(messages, [...expected, ...expected], 'the same warnings on both')
})

t.test('await register() waits for the plugin and the instance is usable afterwards', async (t) => {
  const app = build(t)
  await app.register(async function first (instance) { instance.get('/first', async function handler () { return 'first' }) })
  t.ok(app.hasRoute({ method: 'GET', url: '/first' }), 'the route exists once register() resolved')
  await app.ready()
  t.equal((await app.inject('/first')).body, 'first')
})
