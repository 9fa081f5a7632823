import t from 'tap'
import type { Test } from 'tap'
import enclave from '@enclave/core'
import fastifyPlugin from 'fastify-plugin'
import { plugin as enclavePlugin } from '@enclave/plugin'
import type { EnclaveInstance } from '@enclave/core'

type PluginFn = (instance: EnclaveInstance, options: any) => Promise<void>
/** What the wrapped plugins below decorate at run time; types cannot follow a decoration out of a plugin. */
type Decorated = EnclaveInstance & { tool?: string, config?: { port: number }, secret?: string, db?: string, fromCallback?: boolean, fromModule?: boolean, mixedLoaded?: boolean }
type Wrap = (fn: PluginFn, options?: Record<string, unknown> | string) => any

/**
 * The whole suite runs once per wrapper: Enclave's own and the real fastify-plugin from npm, which
 * sets the same markers (skip-override, display-name, plugin-meta) and must behave identically.
 */
const wrappers: Array<[string, Wrap]> = [
  ['@enclave/plugin', (fn, options) => enclavePlugin(fn, options as never)],
  ['fastify-plugin', (fn, options) => fastifyPlugin(fn as any, options as any)]
]

function build (t: Test): EnclaveInstance {
  const app = enclave()
  t.teardown(() => app.close())
  return app
}

for (const [wrapper, wrap] of wrappers) {
  t.test(wrapper, async (t) => {
    t.test('a wrapped plugin registers into its parent: decorators, hooks and routes (spec rule 6)', async (t) => {
      const app = build(t)
      app.register(async function child (child) {
        child.register(wrap(async function tools (instance) {
          instance.decorate('tool', 'from the wrapped plugin')
          instance.decorateRequest('requestTool', 'request tool')
          instance.addHook('onRequest', async function mark (request) { (request as any).marked = true })
          instance.get('/from-wrapped', async function handler () { return { prefix: instance.prefix } })
        }, { name: 'tools' }), { prefix: '/ignored' })
        child.get('/child', async function handler (request) {
          return { tool: (child as Decorated).tool, requestTool: (request as any).requestTool, marked: (request as any).marked ?? false }
        })
      }, { prefix: '/child' })
      app.get('/root', async function handler (request) { return { tool: (app as Decorated).tool ?? null, marked: (request as any).marked ?? false } })
      await app.ready()
      t.same((await app.inject('/child/child')).json(), { tool: 'from the wrapped plugin', requestTool: 'request tool', marked: true })
      t.same((await app.inject('/child/from-wrapped')).json(), { prefix: '/child' }, "routes take the parent's prefix; a prefix option has no context to apply to")
      t.equal((await app.inject('/ignored/from-wrapped')).statusCode, 404)
      t.equal((await app.inject('/child/ignored/from-wrapped')).statusCode, 404)
      t.same((await app.inject('/root')).json(), { tool: null, marked: false }, 'one level up only')
    })

    t.test('a wrapped plugin at the root decorates the root, visible to every context', async (t) => {
      const app = build(t)
      app.register(wrap(async function config (instance) { instance.decorate('config', { port: 3000 }) }, { name: 'config' }))
      app.register(async function child (child) {
        child.register(async function grandchild (grandchild) {
          grandchild.get('/', async function handler () { return (grandchild as Decorated).config })
        })
      })
      await app.ready()
      t.same((app as Decorated).config, { port: 3000 })
      t.same((await app.inject('/')).json(), { port: 3000 })
    })

    t.test('encapsulate: true keeps the plugin in its own context, under its name', async (t) => {
      const app = build(t)
      app.register(wrap(async function isolated (instance) {
        const decorated = instance.decorate('secret', 'inside')
        instance.get('/isolated', async function handler () { return { secret: decorated.secret, pluginName: instance.pluginName } })
      }, { name: 'isolated', encapsulate: true }), { prefix: '/iso' })
      await app.ready()
      t.equal(app.hasDecorator('secret'), false)
      t.same((await app.inject('/iso/isolated')).json(), { secret: 'inside', pluginName: 'isolated' }, 'the prefix applies: it is a context')
      t.equal(app.hasPlugin('isolated'), true)
    })

    t.test('hasPlugin and printPlugins use the declared name', async (t) => {
      const app = build(t)
      app.register(wrap(async function functionName () {}, { name: 'declared-name' }))
      await app.ready()
      t.equal(app.hasPlugin('declared-name'), true)
      t.equal(app.hasPlugin('functionName'), false)
      t.match(app.printPlugins(), /── declared-name \d+ ms/)
    })

    t.test('dependencies: met by a plugin registered before, here or in an ancestor', async (t) => {
      const app = build(t)
      app.register(wrap(async function db (instance) { instance.decorate('db', 'connection') }, { name: 'db' }))
      app.register(async function child (child) {
        child.register(wrap(async function cache () {}, { name: 'cache' }))
        child.register(wrap(async function users (instance) {
          instance.get('/users', async function handler () { return { db: (instance as Decorated).db } })
        }, { name: 'users', dependencies: ['db', 'cache'] }))
      })
      await app.ready()
      t.same((await app.inject('/users')).json(), { db: 'connection' })
    })

    t.test('dependencies: a missing one fails ready() naming both plugins, and the plugin does not run', async (t) => {
      const app = build(t)
      let ran = false
      app.register(wrap(async function users () { ran = true }, { name: 'users', dependencies: ['db'] }))
      await t.rejects(app.ready(), {
        code: 'ERR_ASSERTION',
        message: "The dependency 'db' of plugin 'users' is not registered"
      })
      t.equal(ran, false)
    })

    t.test('dependencies: registered later, or in a sibling, does not count', async (t) => {
      const late = build(t)
      late.register(wrap(async function users () {}, { name: 'users', dependencies: ['db'] }))
      late.register(wrap(async function db () {}, { name: 'db' }))
      await t.rejects(late.ready(), { code: 'ERR_ASSERTION' }, 'order matters')

      const sibling = build(t)
      sibling.register(async function left (left) { left.register(wrap(async function db () {}, { name: 'db' })) })
      sibling.register(async function right (right) { right.register(wrap(async function users () {}, { name: 'users', dependencies: ['db'] })) })
      await t.rejects(sibling.ready(), { code: 'ERR_ASSERTION' }, 'a sibling plugin is not visible')
    })

    t.test('decorators: required instance/request/reply decorators must be visible where it is registered', async (t) => {
      const app = build(t)
      app.decorate('db', {})
      app.decorateRequest('user', null)
      app.decorateReply('view', null)
      app.register(async function child (child) {
        child.register(wrap(async function needsAll (instance) {
          instance.get('/ok', async function handler () { return 'ok' })
        }, { name: 'needs-all', decorators: { fastify: ['db'], request: ['user'], reply: ['view'] } }))
      })
      await app.ready()
      t.equal((await app.inject('/ok')).body, 'ok')
    })

    for (const [kind, where] of [['fastify', 'Fastify'], ['request', 'Request'], ['reply', 'Reply']] as const) {
      t.test(`decorators: a missing ${kind} decorator fails ready() with the decorator and plugin named`, async (t) => {
        const app = build(t)
        let ran = false
        app.register(async function child (child) { child.decorate('db', {}) })
        app.register(wrap(async function needsDb () { ran = true }, { name: 'needs-db', decorators: { [kind]: ['db'] } }))
        await t.rejects(app.ready(), {
          code: 'FST_ERR_PLUGIN_NOT_PRESENT_IN_INSTANCE',
          message: `The decorator 'db' required by 'needs-db' is not present in ${where}`
        })
        t.equal(ran, false)
      })
    }

    t.test('fastify version range: ranges that 4.29.1 satisfies load', async (t) => {
      const app = build(t)
      const loaded: string[] = []
      for (const range of ['4.x', '>=4.0.0', '^4.20.0', '>=3 <5', '3.x || 4.x', '*']) {
        app.register(wrap(async function ranged () { loaded.push(range) }, { name: `range ${range}`, fastify: range }))
      }
      app.register(wrap(async function short () { loaded.push('string shorthand') }, '4.x'))
      await app.ready()
      t.same(loaded, ['4.x', '>=4.0.0', '^4.20.0', '>=3 <5', '3.x || 4.x', '*', 'string shorthand'])
      t.equal(app.version, '4.29.1', 'the version Enclave answers as')
    })

    t.test('fastify version range: a range 4.29.1 does not satisfy fails ready() with the plugin named', async (t) => {
      for (const range of ['5.x', '>=5', '^3.0.0', '<4.29.0']) {
        const app = build(t)
        app.register(wrap(async function needsOther () {}, { name: 'needs-other', fastify: range }))
        await t.rejects(app.ready(), {
          code: 'FST_ERR_PLUGIN_VERSION_MISMATCH',
          message: `fastify-plugin: needs-other - expected '${range}' fastify version, '4.29.1' is installed`
        }, range)
      }
    })

    t.test('enclave version range: checked against Enclave\'s own version', async (t) => {
      const ok = build(t)
      ok.register(wrap(async function fits () {}, { name: 'fits', enclave: '>=0.1.0' }))
      await ok.ready()
      const tooNew = build(t)
      tooNew.register(wrap(async function future () {}, { name: 'future', enclave: '>=99' }))
      await t.rejects(tooNew.ready(), {
        code: 'ENC_ERR_PLUGIN_ENCLAVE_VERSION_MISMATCH',
        message: /^future - expected '>=99' Enclave version, '\d+\.\d+\.\d+' is installed$/
      })
      const unreadable = build(t)
      unreadable.register(wrap(async function garbled () {}, { name: 'garbled', enclave: 'latest' }))
      await t.rejects(unreadable.ready(), { code: 'ENC_ERR_PLUGIN_ENCLAVE_VERSION_MISMATCH' }, 'a range semver cannot parse matches no version')
    })

    t.test('a wrapped async plugin that also declares done loads with Fastify 4\'s FSTWRN002 warning', async (t) => {
      const app = build(t)
      const warnings: Array<{ code?: string, message: string }> = []
      const onWarning = (warning: Error & { code?: string }): void => { warnings.push(warning) }
      process.on('warning', onWarning)
      t.teardown(() => { process.removeListener('warning', onWarning) })
      app.register(wrap(async function mixed (instance: EnclaveInstance, _options: unknown, _done: () => void) { instance.decorate('mixedLoaded', true) } as never, { name: 'mixed' }))
      await app.ready()
      await new Promise((resolve) => setImmediate(resolve))
      t.equal((app as Decorated).mixedLoaded, true)
      t.match(warnings, [{ code: 'FSTWRN002', message: /^The mixed plugin being registered mixes async and callback styles/ }])
    })

    t.test('a wrapped callback plugin and a wrapped module default export load like any plugin', async (t) => {
      const app = build(t)
      app.register(wrap(function callbackStyle (instance: EnclaveInstance, _options: unknown, done: () => void) {
        instance.decorate('fromCallback', true)
        done()
      } as never, { name: 'callback-style' }))
      app.register({ default: wrap(async function fromModule (instance) { instance.decorate('fromModule', true) }, { name: 'from-module' }) })
      await app.ready()
      t.equal((app as Decorated).fromCallback, true)
      t.equal((app as Decorated).fromModule, true)
    })
  })
}
