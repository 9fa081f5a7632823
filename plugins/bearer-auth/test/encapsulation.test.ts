import t from 'tap'
import enclave, { type EnclaveInstance } from '@enclave/core'
import plugin from '@enclave/plugin'
import bearerAuth from '@enclave/bearer-auth'
import { bearer } from './helpers/app.js'

function ok (): { ok: true } {
  return { ok: true }
}

async function statusOf (app: EnclaveInstance, url: string, headers: Record<string, string> = {}): Promise<number> {
  return (await app.inject({ url, headers })).statusCode
}

t.test('registered in a child: protects the child and its grandchildren, not the parent or a sibling', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.get('/root', ok)
  app.register(async function child (child: EnclaveInstance) {
    await child.register(bearerAuth, { keys: ['child-key'] })
    child.get('/child', ok)
    child.register(async function grandchild (grandchild: EnclaveInstance) {
      grandchild.get('/grandchild', ok)
    })
  })
  app.register(async function sibling (sibling: EnclaveInstance) {
    sibling.get('/sibling', ok)
  })

  t.equal(await statusOf(app, '/root'), 200, 'the parent needs no token')
  t.equal(await statusOf(app, '/sibling'), 200, 'a sibling needs no token')
  t.equal(await statusOf(app, '/child'), 401)
  t.equal(await statusOf(app, '/grandchild'), 401)
  t.equal(await statusOf(app, '/child', bearer('child-key')), 200)
  t.equal(await statusOf(app, '/grandchild', bearer('child-key')), 200)
})

t.test('the request decorations exist only where the plugin was registered', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.get('/root', (request) => ({ decorated: 'bearerToken' in request }))
  app.register(async function child (child: EnclaveInstance) {
    await child.register(bearerAuth, { keys: ['k'] })
    child.get('/child', (request) => ({ decorated: 'bearerToken' in request, token: request.bearerToken }))
  })
  t.same((await app.inject('/root')).json(), { decorated: false })
  t.same((await app.inject({ url: '/child', headers: bearer('k') })).json(), { decorated: true, token: 'k' })
})

t.test('registered through a wrapped plugin: protects the parent that registered the wrapper', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  const security = plugin(async function security (instance: EnclaveInstance) {
    await instance.register(bearerAuth, { keys: ['root-key'] })
  }, { name: 'security' })
  app.register(security)
  app.get('/root', ok)
  app.register(async function child (child: EnclaveInstance) {
    child.get('/child', ok)
  })

  t.equal(await statusOf(app, '/root'), 401)
  t.equal(await statusOf(app, '/child'), 401)
  t.equal(await statusOf(app, '/root', bearer('root-key')), 200)
  t.equal(await statusOf(app, '/child', bearer('root-key')), 200)
})

t.test('registered at the root: unknown routes are refused too, and answer 404 with a token', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(bearerAuth, { keys: ['k'] })
  app.get('/known', ok)
  t.equal(await statusOf(app, '/missing'), 401)
  t.equal(await statusOf(app, '/missing', bearer('k')), 404)
})

t.test('registered in two siblings with different options: each sibling gets its own', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.register(async function first (first: EnclaveInstance) {
    await first.register(bearerAuth, { keys: ['first-key'], realm: 'first' })
    first.get('/first', ok)
  })
  app.register(async function second (second: EnclaveInstance) {
    await second.register(bearerAuth, { keys: new Set(['second-key']), bearerType: 'Token', realm: 'second' })
    second.get('/second', ok)
  })

  t.equal(await statusOf(app, '/first', bearer('first-key')), 200)
  t.equal(await statusOf(app, '/first', bearer('second-key')), 401, "the second sibling's key is not accepted by the first")
  t.equal(await statusOf(app, '/second', { authorization: 'Token second-key' }), 200)
  t.equal(await statusOf(app, '/second', { authorization: 'Token first-key' }), 401)
  t.equal(await statusOf(app, '/second', bearer('second-key')), 401, "the first sibling's scheme is not accepted by the second")
  t.equal((await app.inject('/first')).headers['www-authenticate'], 'Bearer realm="first"')
  t.equal((await app.inject('/second')).headers['www-authenticate'], 'Token realm="second"')
})

t.test('registered in a parent and again in a child: the child needs both tokens to pass', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(bearerAuth, { keys: ['outer', 'both'] })
  app.get('/root', ok)
  app.register(async function child (child: EnclaveInstance) {
    await child.register(bearerAuth, { keys: ['inner', 'both'] })
    child.get('/child', ok)
  })
  t.equal(await statusOf(app, '/root', bearer('outer')), 200)
  t.equal(await statusOf(app, '/child', bearer('outer')), 401, "the child's own check refuses the parent's key")
  t.equal(await statusOf(app, '/child', bearer('inner')), 401, "the parent's check runs first and refuses the child's key")
  t.equal(await statusOf(app, '/child', bearer('both')), 200)
})

t.test('routes and children declared before the registration in the same context are protected too', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.get('/before', ok)
  app.register(async function earlier (earlier: EnclaveInstance) { earlier.get('/earlier-child', ok) })
  await app.register(bearerAuth, { keys: ['k'] })
  t.equal(await statusOf(app, '/before'), 401)
  t.equal(await statusOf(app, '/earlier-child'), 401)
})
