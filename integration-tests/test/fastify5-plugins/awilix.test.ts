// @fastify/awilix 8 (dependency injection, the Fastify 5 major) on fastify@5.12.8 and on
// @enclave/fastify, as its README shows: a singleton with an async init run by the plugin's onReady
// hook, a request-scoped service registered in an onRequest hook and resolved with its dependencies
// from request.diScope in the handler, each scope disposed after its response, and the container's
// async dispose run when the app closes.
import t from 'tap'
import { asClass, asFunction, createContainer, Lifetime } from 'awilix'
import { fastifyAwilixPlugin } from '@fastify5/awilix'
import { onFastify5 } from '../helpers/fastify5.js'

class Store {
  ready = false
  closed = false
  readonly items = new Map([['7', 'lamp']])
  async init (): Promise<void> { this.ready = true }
  async dispose (): Promise<void> { this.closed = true }
}

const stores: Store[] = []
const disposedScopes: string[] = []

onFastify5(t, async (fastify) => {
  const container = createContainer({ injectionMode: 'PROXY' })
  container.register({
    store: asClass(Store, { lifetime: Lifetime.SINGLETON, asyncInit: 'init', asyncDispose: 'dispose' })
  })
  const app = fastify()
  await app.register(fastifyAwilixPlugin, { container, disposeOnClose: true, disposeOnResponse: true })
  app.addHook('onRequest', (request: any, _reply: any, done: () => void) => {
    request.diScope.register({
      lookup: asFunction(({ store }: { store: Store }) => ({ find: (id: string) => store.items.get(id) ?? null }), {
        lifetime: Lifetime.SCOPED,
        dispose: () => { disposedScopes.push(request.id) }
      })
    })
    done()
  })
  app.get('/items/:id', async (request: any) => {
    const store: Store = request.diScope.resolve('store')
    stores.push(store)
    return { item: request.diScope.resolve('lookup').find(request.params.id), ready: store.ready, same: store === app.diContainer.resolve('store') }
  })
  return app
}, async (t, app) => {
  t.test('the handler resolves the scoped service and the initialised singleton', async (t) => {
    const res = await app.inject('/items/7')
    t.equal(res.statusCode, 200)
    t.same(res.json(), { item: 'lamp', ready: true, same: true })
    t.same((await app.inject('/items/8')).json(), { item: null, ready: true, same: true })
  })

  t.test('each request scope is disposed after its response', async (t) => {
    const before = disposedScopes.length
    await app.inject('/items/7')
    t.equal(disposedScopes.length, before + 1)
  })

  t.test('closing the app disposes the container', async (t) => {
    const store = stores[stores.length - 1]!
    t.equal(store.closed, false)
    await app.close()
    t.equal(store.closed, true)
  })
})
