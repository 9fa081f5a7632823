// Hooks, decorators and routes added around register() calls take effect in avvio's order, as in
// Fastify 4.29: every scenario runs on fastify@4.29.1 and on Enclave, and the recorded orders must agree.
import t from 'tap'
import Fastify from 'fastify4'
import fp from 'fastify-plugin'
import enclave from '@enclave/core'
import { spawnSync } from 'node:child_process'
import { plainChild } from './fixtures/plain-child.js'

type Record = (label: string) => (request: any, reply: any, done: () => void) => void
type Scenario = (app: any, record: Record) => unknown

const factories: Array<[string, () => any]> = [
  ['fastify4', () => Fastify()],
  ['enclave', () => enclave()]
]

/** Builds the scenario, then requests each url and lists, per url, the status and the hooks that ran. */
async function run (make: () => any, scenario: Scenario, urls: string[]): Promise<string[]> {
  const app = make()
  const seen: string[] = []
  const record: Record = (label) => function recordHook (_request, _reply, done) { seen.push(label); done() }
  await scenario(app, record)
  await app.ready()
  const results: string[] = []
  for (const url of urls) {
    seen.length = 0
    const response = await app.inject(url)
    results.push(`${url} ${response.statusCode} ${response.statusCode === 200 ? response.body : ''} [${seen.join(', ')}]`)
  }
  await app.close()
  return results
}

const scenarios: Array<[string, Scenario, string[], string[]]> = [
  ['a parent hook added after register() runs after the child\'s own hooks', (app, record) => {
    app.addHook('onRequest', record('parent before'))
    app.register(async (child: any) => {
      child.addHook('onRequest', record('child'))
      child.get('/child', async () => 'child')
    })
    app.addHook('onRequest', record('parent after'))
    app.get('/parent', async () => 'parent')
  }, ['/parent', '/child'], ['/parent 200 parent [parent before, parent after]', '/child 200 child [parent before, child, parent after]']],

  ['a fastify-plugin-wrapped plugin registered earlier runs its hooks before hooks added later on the parent', (app, record) => {
    app.register(fp(async (instance: any) => { instance.addHook('onRequest', record('wrapped')) }))
    app.addHook('onRequest', record('parent'))
    app.get('/', async () => 'root')
  }, ['/'], ['/ 200 root [wrapped, parent]']],

  ['a wrapped plugin between two parent hooks', (app, record) => {
    app.addHook('onRequest', record('parent 1'))
    app.register(fp(async (instance: any) => { instance.addHook('onRequest', record('wrapped')) }))
    app.addHook('onRequest', record('parent 2'))
    app.get('/', async () => 'root')
  }, ['/'], ['/ 200 root [parent 1, wrapped, parent 2]']],

  ['nested plugins: each hook where avvio adds it', (app, record) => {
    app.register(async (a: any) => {
      a.addHook('onRequest', record('a 1'))
      a.register(async (b: any) => {
        b.addHook('onRequest', record('b'))
        b.get('/deep', async () => 'deep')
      })
      a.addHook('onRequest', record('a 2'))
    })
    app.addHook('onRequest', record('root'))
  }, ['/deep'], ['/deep 200 deep [a 1, b, a 2, root]']],

  ['a hook added in after() runs before a hook added after the after() call', (app, record) => {
    app.register(async (child: any) => { child.get('/child', async () => 'child') }).after(() => {
      app.addHook('onRequest', record('in after()'))
    })
    app.addHook('onRequest', record('parent'))
    app.get('/parent', async () => 'parent')
  }, ['/parent', '/child'], ['/parent 200 parent [in after(), parent]', '/child 200 child [in after(), parent]']],

  ['await register(): the plugin has loaded, so the parent hooks added next come after its hooks', async (app, record) => {
    app.addHook('onRequest', record('parent 0'))
    await app.register(fp(async (instance: any) => { instance.addHook('onRequest', record('wrapped')) }))
    app.addHook('onRequest', record('parent 1'))
    app.register(async (child: any) => {
      child.addHook('onRequest', record('child'))
      child.get('/child', async () => 'child')
    })
    app.addHook('onRequest', record('parent 2'))
    app.get('/parent', async () => 'parent')
  }, ['/parent', '/child'], ['/parent 200 parent [parent 0, wrapped, parent 1, parent 2]', '/child 200 child [parent 0, wrapped, parent 1, child, parent 2]']],

  ['a wrapped plugin registered inside a plugin adds its hook between the plugin\'s own', (app, record) => {
    app.register(async (a: any) => {
      a.addHook('onRequest', record('a 1'))
      a.register(fp(async (wrapped: any) => { wrapped.addHook('onRequest', record('wrapped')) }))
      a.addHook('onRequest', record('a 2'))
      a.get('/child', async () => 'child')
    })
  }, ['/child'], ['/child 200 child [a 1, wrapped, a 2]']],

  ['a hook added after await register() inside a plugin', (app, record) => {
    app.register(async (a: any) => {
      a.get('/child', async () => 'child')
      await a.register(async () => {})
      a.addHook('onRequest', record('after await'))
    })
    app.addHook('onRequest', record('root'))
  }, ['/child'], ['/child 200 child [after await, root]']],

  ['a hook added after a route still applies to it', (app, record) => {
    app.get('/', async () => 'root')
    app.addHook('onRequest', record('later'))
  }, ['/'], ['/ 200 root [later]']],

  ['decorators added to the parent after register() are visible to the child', (app) => {
    app.register(async (child: any) => {
      child.get('/child', async (request: any) => `${String(child.hasDecorator('late'))} ${String(child.late)} ${String('lateRequest' in request)}`)
    })
    app.decorate('late', 7)
    app.decorateRequest('lateRequest', 1)
  }, ['/child'], ['/child 200 true 7 true []']]
]

t.test('hooks, decorators and routes around register() take effect in Fastify\'s (avvio\'s) order', async (t) => {
  for (const [label, scenario, urls, expected] of scenarios) {
    const fastify = await run(factories[0]![1], scenario, urls)
    const ours = await run(factories[1]![1], scenario, urls)
    t.same(fastify, expected, `fastify4: ${label}`)
    t.same(ours, fastify, `enclave: ${label}`)
  }
})

t.test('an invalid hook name from inside a plugin rejects ready() with FST_ERR_HOOK_NOT_SUPPORTED, never an uncaught exception', async (t) => {
  const plugins: Array<[string, (instance: any, options: unknown, done: () => void) => unknown]> = [
    ['async plugin', async (instance: any) => { instance.addHook('onNope', async () => {}) }],
    ['callback plugin', (instance: any, _options: unknown, done: () => void) => { instance.addHook('onNope', () => {}); done() }]
  ]
  for (const [label, plugin] of plugins) {
    const app = enclave()
    app.register(plugin as any)
    await t.rejects(app.ready(), { code: 'FST_ERR_HOOK_NOT_SUPPORTED', message: 'onNope hook not supported!' }, label)
  }
  const app = enclave()
  const registered = app.register(async (instance: any) => { instance.addHook('onRequest', 'not a function') })
  await t.rejects(async () => { await registered }, { code: 'FST_ERR_HOOK_INVALID_HANDLER' }, 'await register() rejects too')
})

t.test('onReady hooks run context by context (root first, children in registration order), each with its own instance as this', async (t) => {
  const results: string[][] = []
  for (const [, make] of factories) {
    const app = make()
    const seen: string[] = []
    app.decorate('tag', 'root')
    app.addHook('onReady', async function (this: any) { seen.push(`root 1 (${String(this.tag)})`) })
    app.register(async (child: any) => {
      child.decorate('tag', 'child')
      child.addHook('onReady', async function (this: any) { seen.push(`child 1 (${String(this.tag)})`) })
      child.register(async (grandchild: any) => {
        grandchild.decorate('tag', 'grandchild')
        grandchild.addHook('onReady', function (this: any, done: () => void) { seen.push(`grandchild (${String(this.tag)})`); done() })
      })
      child.addHook('onReady', async function (this: any) { seen.push(`child 2 (${String(this.tag)})`) })
    })
    app.register(fp(async (wrapped: any) => { wrapped.addHook('onReady', async function (this: any) { seen.push(`wrapped (${String(this.tag)})`) }) }))
    app.addHook('onReady', async function (this: any) { seen.push(`root 2 (${String(this.tag)})`) })
    await app.ready()
    await app.close()
    results.push(seen)
  }
  t.same(results[0], ['root 1 (root)', 'root 2 (root)', 'wrapped (root)', 'child 1 (child)', 'child 2 (child)', 'grandchild (grandchild)'], 'fastify4')
  t.same(results[1], results[0], 'enclave')
})

t.test('an onReady hook that never finishes rejects ready() with FST_ERR_HOOK_TIMEOUT, caused by avvio\'s AVV_ERR_READY_TIMEOUT', async (t) => {
  const errors: any[] = []
  const apps: any[] = [Fastify({ pluginTimeout: 200 }), enclave({ pluginTimeout: 200 })]
  for (const app of apps) {
    app.addHook('onReady', function neverDone (_done: () => void) {})
    errors.push(await app.ready().then(() => null, (error: unknown) => error))
  }
  for (const error of errors) {
    t.equal(error?.code, 'FST_ERR_HOOK_TIMEOUT')
    t.equal(error?.message, "A callback for 'onReady' hook timed out. You may have forgotten to call 'done' function or to resolve a Promise")
    t.equal(error?.cause?.code, 'AVV_ERR_READY_TIMEOUT')
    t.equal(error?.cause?.message, "Plugin did not start in time: ''. You may have forgotten to call 'done' function or to resolve a Promise")
    t.same(Object.keys(error?.cause ?? {}), ['code', 'name', 'statusCode', 'message', 'fn'], 'avvio\'s error names the function that did not finish')
    t.equal(typeof error?.cause?.fn, 'function')
  }
})

t.test('an onReady hook that never finishes keeps the process up until ready() rejects, as on fastify@4.29.1', async (t) => {
  const outputs: string[] = []
  for (const [name, specifier] of [['fastify@4.29.1', 'fastify4'], ['enclave()', '@enclave/core']]) {
    // Nothing else keeps this process alive: only the pending hook's timeout can settle ready().
    const script = `import factory from '${specifier}'
const app = factory({ pluginTimeout: 200 })
app.addHook('onReady', function neverDone (_done) {})
app.ready().then(() => console.log('ready'), (error) => console.log('rejected', error.code))`
    const [file, args] = plainChild(process.execPath, ['--input-type=module', '-e', script])
    const child = spawnSync(file, args, { cwd: process.cwd(), encoding: 'utf8', timeout: 20_000 })
    t.equal(child.stdout.trim(), 'rejected FST_ERR_HOOK_TIMEOUT', name)
    outputs.push(child.stdout)
  }
  t.equal(outputs[1], outputs[0], 'Enclave agrees with fastify@4.29.1')
})

t.test('plugin options given as a function are called with the new child instance the plugin receives', async (t) => {
  for (const [side, make] of factories) {
    const app = make()
    let pluginInstance: unknown
    let calledWith: unknown
    let received: unknown
    app.register(async (child: any) => {
      child.register(async (grandchild: unknown, options: unknown) => { pluginInstance = grandchild; received = options }, (instance: unknown) => {
        calledWith = instance
        return { value: 1 }
      })
    })
    await app.ready()
    await app.close()
    t.ok(calledWith !== undefined && calledWith === pluginInstance, `${side}: the plugin's own instance`)
    t.same(received, { value: 1 }, side)
  }
})

t.test('onRegister hooks are added in avvio\'s order and get the options as register() was given them', async (t) => {
  const results: string[][] = []
  for (const [, make] of factories) {
    const app = make()
    const seen: string[] = []
    app.register(async function loadedBeforeTheHook (child: any) { child.register(async function grandchild () {}) }, { a: 1 })
    app.addHook('onRegister', (_instance: unknown, options: unknown) => { seen.push(`root hook: ${typeof options} ${JSON.stringify(options) ?? ''}`) })
    app.register(async function withOptionsFunction () {}, () => ({ b: 2 }))
    app.register(fp(async function wrapped () {}))
    app.register(async function withOwnHook (child: any) {
      child.addHook('onRegister', (_instance: unknown, options: unknown) => { seen.push(`child hook: ${JSON.stringify(options)}`) })
      child.register(async function grandchild () {}, { z: 1 })
    })
    await app.ready()
    await app.close()
    results.push(seen)
  }
  t.same(results[0], ['root hook: function ', 'root hook: object {}', 'root hook: object {"z":1}', 'child hook: {"z":1}'], 'fastify4')
  t.same(results[1], results[0], 'enclave')
})

t.test('error handlers: a child keeps the handlers in effect when it loaded, and a handler that throws hands over to the one it replaced', async (t) => {
  const results: string[][] = []
  for (const [, make] of factories) {
    const app = make()
    const seen: string[] = []
    app.setErrorHandler(function first (_error: Error, _request: unknown, reply: any) { seen.push('first'); reply.code(500).send('first') })
    await app.register(async (child: any) => {
      child.setErrorHandler(function childHandler (error: Error) { seen.push('child'); throw error })
      child.get('/child', async () => { throw new Error('child route') })
      child.register(async (grandchild: any) => { grandchild.get('/grandchild', async () => { throw new Error('grandchild route') }) })
    })
    app.setErrorHandler(function second (error: Error) { seen.push('second'); throw error })
    app.register(async (late: any) => { late.get('/late', async () => { throw new Error('late route') }) })
    app.get('/root', async () => { throw new Error('root route') })
    for (const url of ['/child', '/grandchild', '/root', '/late']) {
      seen.length = 0
      const response = await app.inject(url)
      results.push([url, String(response.statusCode), response.body, seen.join(' > ')])
    }
    results.push([String(app.errorHandler.name).replace(/^bound /, '')])
    await app.close()
  }
  const fastify = results.slice(0, 5)
  t.same(fastify, [
    ['/child', '500', 'first', 'child > first'],
    ['/grandchild', '500', 'first', 'child > first'],
    ['/root', '500', 'first', 'second > first'],
    ['/late', '500', 'first', 'second > first'],
    ['second']
  ], 'fastify4')
  t.same(results.slice(5), fastify, 'enclave')
})

t.test('routes declared around register() meet the onRoute hooks in Fastify\'s order', async (t) => {
  const results: string[][] = []
  for (const [, make] of factories) {
    const app = make()
    const seen: string[] = []
    app.addHook('onRoute', (route: any) => { seen.push(`root ${String(route.method)} ${String(route.url)}`) })
    app.register(fp(async (wrapped: any) => { wrapped.addHook('onRoute', (route: any) => { seen.push(`wrapped ${String(route.method)} ${String(route.url)}`) }) }))
    app.get('/declared-at-once', async () => 'x')
    app.register(async (child: any) => {
      child.get('/child-first', async () => 'c')
      child.addHook('onRoute', (route: any) => { seen.push(`child ${String(route.method)} ${String(route.url)}`) })
      child.get('/child-second', async () => 'c')
    })
    app.after(() => { app.get('/in-after', async () => 'y') })
    seen.push(`synchronous code done, route registered: ${String(app.hasRoute({ method: 'GET', url: '/declared-at-once' }))}`)
    await app.ready()
    await app.close()
    results.push(seen)
  }
  t.same(results[1], results[0])
  t.same(results[0]!.slice(0, 4), ['root GET /declared-at-once', 'root HEAD /declared-at-once', 'synchronous code done, route registered: true', 'root GET /child-first'])
})
