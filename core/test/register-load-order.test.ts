import t from 'tap'
import type { Test } from 'tap'
import enclave from '@enclave/core'
import type { EnclaveInstance, EnclaveOptions } from '@enclave/core'

function build (t: Test, options?: EnclaveOptions): EnclaveInstance {
  const app = enclave(options)
  t.teardown(() => app.close())
  return app
}

t.test('plugins load in registration order, children before the next sibling, and after() between them', async (t) => {
  const app = build(t)
  const order: string[] = []
  app.register(async function a (instance) {
    order.push('a start')
    instance.register(async function a1 () { order.push('a1') })
    instance.after(function afterA1 () { order.push('a: after a1') })
    order.push('a end')
  })
  app.after(function afterA (error) { order.push(`root: after a (error ${String(error)})`) })
  app.register(function b (_instance, _options, done) {
    order.push('b')
    done()
  })
  app.register(async function c () { order.push('c') })
  app.ready(function readyCallback (error) { order.push(`ready callback (error ${String(error)})`) })
  app.addHook('onReady', async function onReady () { order.push('onReady') })
  t.same(order, [], 'nothing loads before ready()/after()/await')
  await app.ready()
  order.push('ready resolved')
  t.same(order, [
    'a start',
    'a end',
    'a1',
    'a: after a1',
    'root: after a (error null)',
    'b',
    'c',
    'onReady',
    'ready callback (error null)',
    'ready resolved'
  ])
})

t.test('after() receives the error of the plugins before it and may swallow it', async (t) => {
  const app = build(t)
  let seen: unknown
  app.register(async function broken () { throw new Error('broken plugin') })
  app.after(function inspect (error) { seen = error })
  app.register(async function next (instance) { instance.get('/', async function handler () { return 'still loaded' }) })
  await app.ready()
  t.match(seen, { message: 'broken plugin' })
  t.equal((await app.inject('/')).body, 'still loaded')
})

t.test('an error not handled by after() fails ready() and skips the plugins after it', async (t) => {
  const app = build(t)
  let loaded = false
  app.register(async function broken () { throw new Error('broken plugin') })
  app.register(async function skipped () { loaded = true })
  await t.rejects(app.ready(), { message: 'broken plugin' })
  t.equal(loaded, false)
})

t.test('onClose hooks run on close, the last registered first, with their instance', async (t) => {
  const app = enclave()
  const order: string[] = []
  app.onClose(function rootClose (instance) { order.push(`root (${instance === app ? 'root instance' : 'other'})`) })
  app.register(function b (instance, _options, done) {
    instance.onClose(function bClose (closing) { order.push(`b (${closing === instance ? 'own instance' : 'other'})`) })
    done()
  })
  app.register(async function c (instance) {
    instance.addHook('onClose', async function cClose () { order.push('c') })
  })
  await app.ready()
  t.same(order, [])
  await app.close()
  t.same(order, ['c', 'b (own instance)', 'root (root instance)'])
})

t.test('pluginTimeout: a callback plugin that never calls done fails ready() naming it', async (t) => {
  const app = build(t, { pluginTimeout: 50 })
  app.register(async function outer (instance) {
    instance.register(function forgetful (_instance, _options, _done) {})
  })
  await t.rejects(app.ready(), {
    code: 'FST_ERR_PLUGIN_TIMEOUT',
    message: "fastify-plugin: Plugin did not start in time: 'forgetful'. You may have forgotten to call 'done' function or to resolve a Promise"
  })
})

t.test('pluginTimeout: an async plugin that never settles fails ready() naming it', async (t) => {
  const app = build(t, { pluginTimeout: 50 })
  app.register(async function hanging () { await new Promise(() => {}) })
  await t.rejects(app.ready(), { code: 'FST_ERR_PLUGIN_TIMEOUT', message: /'hanging'/ })
})

t.test('pluginTimeout names a plugin by its register name option, or by its source when anonymous', async (t) => {
  const named = build(t, { pluginTimeout: 30 })
  named.register(function (_instance: EnclaveInstance, _options: unknown, _done: () => void) {}, { name: 'db-connector' })
  await t.rejects(named.ready(), { code: 'FST_ERR_PLUGIN_TIMEOUT', message: /'db-connector'/ })

  const anonymous = build(t, { pluginTimeout: 30 })
  // An arrow in an array literal gets no name. The comparison keeps the quoted text in the compiled
  // source (a bare string statement would be dropped by the test loader's transform).
  const [stuck] = [(_instance: EnclaveInstance, options: unknown, _done: () => void): void => { if (options === "it's 'stuck' here") _done() }]
  t.equal(stuck!.name, '')
  anonymous.register(stuck!)
  const source = String(stuck)
  t.match(source, /'stuck'/, 'the source holds quotes, which must not cut the name short')
  await t.rejects(anonymous.ready(), {
    code: 'FST_ERR_PLUGIN_TIMEOUT',
    message: `fastify-plugin: Plugin did not start in time: '${source}'. You may have forgotten to call 'done' function or to resolve a Promise`
  })
})

t.test('the timeout error keeps avvio\'s error as its cause', async (t) => {
  const app = build(t, { pluginTimeout: 20 })
  app.register(function slow (_instance, _options, _done) {})
  const error = await app.ready().then(() => null, (failure: unknown) => failure) as Error & { cause?: { code?: string } }
  t.equal(error?.cause?.code, 'AVV_ERR_PLUGIN_EXEC_TIMEOUT')
})

t.test('logLevel: a plugin registered with logLevel logs at that level, its siblings at the server level', async (t) => {
  const lines: Array<Record<string, any>> = []
  const app = build(t, {
    logger: { level: 'info', stream: { write (line: string) { lines.push(JSON.parse(line)) } } },
    disableRequestLogging: true
  })
  const levels: Record<string, string> = {}
  app.register(async function quiet (instance) {
    levels.quietInstance = instance.log.level
    instance.get('/quiet', async function handler (request) {
      request.log.info('quiet info')
      request.log.error('quiet error')
      return { level: request.log.level }
    })
    instance.register(async function quieter (child) {
      child.get('/quiet/inherited', async function handler (request) { return { level: request.log.level } })
    })
  }, { logLevel: 'error' })
  app.register(async function loud (instance) {
    levels.loudInstance = instance.log.level
    instance.get('/loud', async function handler (request) {
      request.log.info('loud info')
      return { level: request.log.level }
    })
  })
  await app.ready()
  // As Fastify 4.29: the instance keeps the server's logger; the level reaches the routes' request loggers.
  t.same(levels, { quietInstance: 'info', loudInstance: 'info' })
  t.same((await app.inject('/quiet')).json(), { level: 'error' })
  t.same((await app.inject('/quiet/inherited')).json(), { level: 'error' }, 'descendants inherit the level')
  t.same((await app.inject('/loud')).json(), { level: 'info' })
  const messages = lines.map((line) => line.msg)
  t.notOk(messages.includes('quiet info'), 'info is below the plugin level')
  t.ok(messages.includes('quiet error'))
  t.ok(messages.includes('loud info'), 'the sibling keeps the server level')
})
