import t from 'tap'
import enclave from '@enclave/core'
import { faces, type Factory } from './fixtures/faces.js'

/** An app whose plugins and hooks record when they run, then the scenario's own steps. */
async function observe (factory: Factory, scenario: (app: any, seen: string[]) => Promise<unknown>) {
  const seen: string[] = []
  const app = factory()
  app.addHook('onReady', async () => { seen.push('onReady') })
  app.addHook('preClose', (done: () => void) => { seen.push('preClose root'); done() })
  app.addHook('onClose', (_instance: unknown, done: () => void) => { seen.push('onClose root'); done() })
  app.register(async (plugin: any) => {
    seen.push('plugin loaded')
    plugin.addHook('preClose', async () => { seen.push('preClose plugin') })
    plugin.addHook('onClose', async () => { seen.push('onClose plugin') })
  })
  app.get('/', async () => 'ok')
  let outcome: unknown
  try {
    outcome = await scenario(app, seen)
  } catch (error: any) {
    outcome = { rejected: error.code ?? error.message }
  }
  await new Promise((resolve) => setTimeout(resolve, 20))
  return { outcome, seen }
}

const scenarios: Array<[string, (app: any, seen: string[]) => Promise<unknown>]> = [
  ['close() on an app never readied loads the plugins and runs every preClose and onClose hook', async (app) => { await app.close() }],
  ['close() twice runs the hooks once', async (app) => { await app.close(); await app.close() }],
  ['close(cb) before ready calls back with no error and returns the instance', (app) => new Promise((resolve) => {
    const returned = app.close((...args: unknown[]) => resolve({ args, returnedInstance: returned === app }))
  })],
  ['close() after ready', async (app) => { await app.ready(); await app.close() }],
  ['close() after listen resolves with undefined', async (app) => {
    await app.listen({ port: 0, host: '127.0.0.1' })
    return { resolved: await app.close(), listening: app.server.listening }
  }],
  ['a failing onClose hook rejects close()', async (app) => {
    app.addHook('onClose', async () => { throw new Error('onClose broke') })
    await app.close()
  }],
  ['a failing onClose hook reaches close(cb)', async (app) => {
    app.addHook('onClose', async () => { throw new Error('onClose broke') })
    return new Promise((resolve) => app.close((error: Error) => resolve(error?.message)))
  }],
  ['a failing preClose hook stops the other preClose hooks, the server still closes and close() rejects', async (app, seen) => {
    app.addHook('preClose', async () => { seen.push('preClose failing'); throw new Error('preClose broke') })
    app.addHook('preClose', async () => { seen.push('preClose after the failure') })
    await app.listen({ port: 0, host: '127.0.0.1' })
    await app.close()
  }],
  ['inject() after close() rejects with FST_ERR_REOPENED_CLOSE_SERVER', async (app) => {
    await app.close()
    return app.inject('/')
  }],
  ['await app[Symbol.asyncDispose]() closes the app as close() does', async (app) => {
    await app.listen({ port: 0, host: '127.0.0.1' })
    return { resolved: await app[Symbol.asyncDispose](), listening: app.server.listening }
  }],
  ['ready() after close() resolves', async (app) => {
    await app.close()
    await app.ready()
    return 'ready resolved'
  }]
]

for (const [name, scenario] of scenarios) {
  t.test(`${name}: as fastify@4.29.1`, async (t) => {
    const [expected, ...faced] = await Promise.all(faces.map(([, factory]) => observe(factory, scenario)))
    for (const [index, observed] of faced.entries()) t.same(observed, expected, faces[index + 1]![0])
  })
}

t.test('close() on an app never readied runs each onClose hook exactly once', async (t) => {
  const app = enclave()
  let runs = 0
  app.register(async (plugin) => { plugin.addHook('onClose', async () => { runs++ }) })
  await Promise.all([app.close(), app.close()])
  await app.close()
  t.equal(runs, 1)
})

t.test('close() while ready() is loading: both resolve and every hook runs once', async (t) => {
  const seen: string[] = []
  const app = enclave()
  app.addHook('onReady', async () => { seen.push('onReady') })
  app.addHook('preClose', async () => { seen.push('preClose') })
  app.addHook('onClose', async () => { seen.push('onClose') })
  app.register(async () => { seen.push('plugin') })
  const ready = app.ready()
  await app.close()
  await t.resolves(ready)
  t.same(seen.slice().sort(), ['onClose', 'onReady', 'plugin', 'preClose'])
  t.equal(seen[0], 'plugin')
  t.equal(seen[seen.length - 1], 'onClose')
})
