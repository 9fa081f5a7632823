import t from 'tap'
import { faces } from './fixtures/faces.js'

// Fastify's close() knows its server without `this`: `t.teardown(app.close)` and
// `const { close } = app` close the app, from the root or from any child context.

t.test('close() taken off the instance, or called on another object, closes the server', async (t) => {
  const observe = async (factory: (options?: any) => any, call: (app: any, child: any) => unknown): Promise<unknown> => {
    const app = factory()
    let child: any
    app.register(async (instance: any) => { child = instance })
    app.get('/', async () => 'ok')
    const closed: string[] = []
    app.addHook('onClose', async () => { closed.push('onClose') })
    await app.listen({ port: 0, host: '127.0.0.1' })
    const listeningBefore: boolean = app.server.listening
    await call(app, child)
    return { listeningBefore, listeningAfter: app.server.listening, closed }
  }
  const ways: Array<[string, (app: any, child: any) => unknown]> = [
    ['unbound, promise', async (app) => { const close = app.close; await close() }],
    ['unbound, callback', (app) => new Promise<void>((resolve) => { const close = app.close; close(() => { resolve() }) })],
    ['a child\'s, unbound', async (_app, child) => { const close = child.close; await close() }],
    ['on a foreign object', async (app) => { await app.close.call({ name: 'a test runner' }) }]
  ]
  for (const [way, call] of ways) {
    const [[, fastify4], ...entries] = faces
    const expected = await observe(fastify4, call)
    t.same(expected, { listeningBefore: true, listeningAfter: false, closed: ['onClose'] }, `fastify4: ${way}`)
    for (const [name, factory] of entries) t.same(await observe(factory, call), expected, `${name}: ${way}`)
  }
})
