// @fastify/bearer-auth 10 (the Fastify 5 major) on fastify@5.12.8 and on @enclave/fastify: the 401s,
// encapsulation, an `auth()` function, a custom error response and use through @fastify/auth.
import t from 'tap'
import bearerAuth from '@fastify5/bearer-auth'
import auth from '@fastify5/auth'
import { onFastify5 } from '../helpers/fastify5.js'

onFastify5(t, async (fastify) => {
  const app = fastify()
  await app.register(async (secured: any) => {
    await secured.register(bearerAuth, { keys: new Set(['key-1']) })
    secured.get('/', async () => 'secret')
  }, { prefix: '/secured' })
  await app.register(async (custom: any) => {
    await custom.register(bearerAuth, {
      keys: [],
      auth: async (key: string, request: any) => key === 'k-' + String(request.headers['x-tenant']),
      errorResponse: (error: Error) => ({ denied: error.message }),
      bearerType: 'Token'
    })
    custom.get('/', async () => 'tenant')
  }, { prefix: '/custom' })
  await app.register(async (combined: any) => {
    await combined.register(auth)
    await combined.register(bearerAuth, { keys: ['key-2'], addHook: false })
    combined.get('/', { preHandler: combined.auth([combined.verifyBearerAuth]) }, async () => 'combined')
  }, { prefix: '/combined' })
  app.get('/public', async () => 'public')
  return app
}, async (t, app) => {
  t.test('a missing or wrong key answers 401, the right key reaches the route', async (t) => {
    const missing = await app.inject('/secured/')
    t.equal(missing.statusCode, 401)
    t.same(missing.json(), { error: 'missing authorization header' })
    const wrong = await app.inject({ url: '/secured/', headers: { authorization: 'Bearer nope' } })
    t.equal(wrong.statusCode, 401)
    t.same(wrong.json(), { error: 'invalid authorization header' })
    t.equal((await app.inject({ url: '/secured/', headers: { authorization: 'Bearer key-1' } })).body, 'secret')
  })

  t.test('routes outside the registering context are not protected', async (t) => {
    t.equal((await app.inject('/public')).body, 'public')
  })

  t.test('auth(), bearerType and errorResponse are used', async (t) => {
    t.equal((await app.inject({ url: '/custom/', headers: { authorization: 'Token k-a', 'x-tenant': 'a' } })).body, 'tenant')
    const refused = await app.inject({ url: '/custom/', headers: { authorization: 'Token k-a', 'x-tenant': 'b' } })
    t.equal(refused.statusCode, 401)
    t.same(refused.json(), { denied: 'invalid authorization header' })
  })

  t.test('verifyBearerAuth works as an @fastify/auth strategy', async (t) => {
    t.equal((await app.inject({ url: '/combined/', headers: { authorization: 'Bearer key-2' } })).body, 'combined')
    t.equal((await app.inject('/combined/')).statusCode, 401)
  })
})
