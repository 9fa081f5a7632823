import t from 'tap'
import enclave from '@enclave/core'
import bearerAuth, { type BearerAuthHook } from '@enclave/bearer-auth'
import { bearer } from './helpers/app.js'

const hooks: BearerAuthHook[] = ['onRequest', 'preParsing', 'preValidation', 'preHandler']

t.test('addHook names the hook the check runs in; a refused request never reaches the handler', async (t) => {
  for (const hook of hooks) {
    const app = enclave()
    t.teardown(() => app.close())
    await app.register(bearerAuth, { keys: ['k'], addHook: hook })
    const order: string[] = []
    for (const name of hooks) app.addHook(name, async () => { order.push(name) })
    let handled = 0
    app.post('/', (request) => { handled++; return { body: request.body, token: request.bearerToken } })

    const refused = await app.inject({ method: 'POST', url: '/', payload: { a: 1 } })
    t.equal(refused.statusCode, 401, hook)
    t.equal(handled, 0, `${hook}: handler not run`)
    // Hooks the plugin added before the user's run first within the same hook name.
    t.same(order, hooks.slice(0, hooks.indexOf(hook)), `${hook}: later hooks do not run`)

    const accepted = await app.inject({ method: 'POST', url: '/', payload: { a: 1 }, headers: bearer('k') })
    t.equal(accepted.statusCode, 200, hook)
    t.same(accepted.json(), { body: { a: 1 }, token: 'k' }, `${hook}: the body is still parsed`)
  }
})

t.test('addHook: true is onRequest: the body of a refused request is not parsed', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(bearerAuth, { keys: ['k'], addHook: true })
  app.post('/', () => 'ok')
  const response = await app.inject({ method: 'POST', url: '/', payload: '{ not json', headers: { 'content-type': 'application/json' } })
  t.equal(response.statusCode, 401, 'refused before the malformed body could cause a 400')
})

t.test('a route opts out with config: { bearerAuth: false }', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(bearerAuth, { keys: ['k'] })
  app.get('/health', { config: { bearerAuth: false } }, (request) => ({ token: request.bearerToken }))
  app.get('/private', () => 'private')
  app.get('/truthy', { config: { bearerAuth: 'no' } }, () => 'still private')

  const health = await app.inject('/health')
  t.equal(health.statusCode, 200)
  t.same(health.json(), { token: null }, 'no token is claimed for an opted-out route')
  t.equal((await app.inject('/private')).statusCode, 401)
  t.equal((await app.inject('/truthy')).statusCode, 401, 'only the literal false opts out')
})

t.test('route opt-out also applies to verifyBearerAuth used as a context hook', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(bearerAuth, { keys: ['k'], addHook: false })
  app.addHook('onRequest', app.verifyBearerAuth!)
  app.get('/health', { config: { bearerAuth: false } }, () => 'up')
  app.get('/private', () => 'private')
  t.equal((await app.inject('/health')).statusCode, 200)
  t.equal((await app.inject('/private')).statusCode, 401)
})
