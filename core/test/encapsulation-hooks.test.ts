import t from 'tap'
import type { Test } from 'tap'
import enclave from '@enclave/core'
import { plugin } from '@enclave/plugin'
import type { EnclaveInstance } from '@enclave/core'

function build (t: Test): EnclaveInstance {
  const app = enclave()
  t.teardown(() => app.close())
  return app
}

function tracer (label: string) {
  return async function trace (request: any): Promise<void> {
    (request.trace ??= []).push(label)
  }
}

async function traceOf (t: Test, app: EnclaveInstance, url: string): Promise<string[]> {
  const response = await app.inject(url)
  t.equal(response.statusCode, 200, url)
  return response.json()
}

const traceRoute = async function traceRoute (request: any): Promise<string[]> { return request.trace ?? [] }

t.test('hooks added to a context after its routes still apply to them', async (t) => {
  const app = build(t)
  app.get('/root', traceRoute)
  app.addHook('preHandler', tracer('root, added after its route'))
  app.register(async function child (child) {
    child.get('/child', traceRoute)
    child.addHook('onRequest', tracer('child, added after its route'))
  })
  await app.ready()
  t.same(await traceOf(t, app, '/root'), ['root, added after its route'])
  t.same(await traceOf(t, app, '/child'), ['child, added after its route', 'root, added after its route'], 'onRequest runs before preHandler')
})

t.test('a parent hook added after the child plugin was registered applies to the child routes', async (t) => {
  const app = build(t)
  app.register(async function child (child) { child.get('/child', traceRoute) })
  app.addHook('onRequest', tracer('root, added after register()'))
  app.after(function addLater () { app.addHook('onRequest', tracer('root, added once the child loaded')) })
  await app.ready()
  t.same(await traceOf(t, app, '/child'), ['root, added after register()', 'root, added once the child loaded'])
})

t.test('for one hook name: the hooks of every enclosing context in the order avvio added them (Fastify\'s), then route-level hooks', async (t) => {
  const app = build(t)
  app.addHook('onRequest', tracer('root 1'))
  app.register(async function child (child) {
    child.addHook('onRequest', tracer('child 1'))
    child.register(async function grandchild (grandchild) {
      grandchild.get('/deep', { onRequest: [tracer('route 1'), tracer('route 2')] }, traceRoute)
      grandchild.addHook('onRequest', tracer('grandchild 1'))
    })
    child.addHook('onRequest', tracer('child 2'))
  })
  app.addHook('onRequest', tracer('root 2'))
  await app.ready()
  // A hook is added when avvio reaches it: child 2 after the grandchild plugin loaded, root 2 after the child.
  t.same(await traceOf(t, app, '/deep'), ['root 1', 'child 1', 'grandchild 1', 'child 2', 'root 2', 'route 1', 'route 2'])
})

t.test('the lifecycle order across contexts: every onRequest before any preHandler', async (t) => {
  const app = build(t)
  app.addHook('preHandler', tracer('root preHandler'))
  app.register(async function child (child) {
    child.addHook('onRequest', tracer('child onRequest'))
    child.addHook('preHandler', tracer('child preHandler'))
    child.get('/child', traceRoute)
  })
  app.addHook('onRequest', tracer('root onRequest'))
  await app.ready()
  // root onRequest is added after the child plugin loaded, so it runs after the child's (as in Fastify).
  t.same(await traceOf(t, app, '/child'), ['child onRequest', 'root onRequest', 'root preHandler', 'child preHandler'])
})

t.test('a wrapped plugin adds its hooks to its parent, in registration order with the parent\'s own', async (t) => {
  const app = build(t)
  app.register(async function child (child) {
    child.addHook('onRequest', tracer('child before'))
    child.register(plugin(async function wrapped (instance) {
      instance.addHook('onRequest', tracer('wrapped'))
    }, { name: 'wrapped' }))
    child.addHook('onRequest', tracer('child after'))
    child.get('/child', traceRoute)
  })
  app.get('/root', traceRoute)
  await app.ready()
  t.same(await traceOf(t, app, '/child'), ['child before', 'wrapped', 'child after'], 'the wrapped plugin adds its hook before the hook its parent adds after register(), as in Fastify')
  t.same(await traceOf(t, app, '/root'), [], 'nothing reaches the root')
})

t.test('a hook runs with the instance it was added to as this', async (t) => {
  const app = build(t)
  let seenThis: unknown
  let child: EnclaveInstance | undefined
  app.register(async function plugin (instance) {
    child = instance
    instance.addHook('onRequest', async function hook (this: EnclaveInstance) { seenThis = this })
    instance.get('/', async function handler () { return 'ok' })
  })
  await app.ready()
  await app.inject('/')
  t.equal(seenThis, child)
})

t.test('a hook in a grandchild never runs for the child routes', async (t) => {
  const app = build(t)
  app.register(async function child (child) {
    child.get('/child', traceRoute)
    child.register(async function grandchild (grandchild) {
      grandchild.addHook('onRequest', tracer('grandchild'))
      grandchild.get('/grandchild', traceRoute)
    })
  })
  await app.ready()
  t.same(await traceOf(t, app, '/child'), [])
  t.same(await traceOf(t, app, '/grandchild'), ['grandchild'])
})
