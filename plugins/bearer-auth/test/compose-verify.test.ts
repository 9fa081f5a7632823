import t from 'tap'
import enclave, { type EnclaveInstance, type EnclaveReply, type EnclaveRequest } from '@enclave/core'
import bearerAuth, { type VerifyBearerAuth } from '@enclave/bearer-auth'
import { bearer, showAuth } from './helpers/app.js'

t.test('addHook: false adds no hook and decorates verifyBearerAuth and verifyBearerAuthFactory', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(bearerAuth, { keys: ['k'], addHook: false })
  app.get('/open', () => ({ open: true }))
  t.equal(typeof app.verifyBearerAuth, 'function')
  t.equal(typeof app.verifyBearerAuthFactory, 'function')
  t.equal((await app.inject('/open')).statusCode, 200, 'no route is protected by itself')
})

t.test("verifyBearerAuth in a route's onRequest protects that route only", async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(bearerAuth, { keys: ['k'], addHook: false })
  app.get('/guarded', { onRequest: app.verifyBearerAuth! }, showAuth)
  app.get('/open', () => ({ open: true }))

  const accepted = await app.inject({ url: '/guarded', headers: bearer('k') })
  t.equal(accepted.statusCode, 200)
  t.same(accepted.json(), { token: 'k', principal: null })
  t.equal((await app.inject('/open')).statusCode, 200)

  // The error goes through the error handler (done(err)), which sends core's error payload.
  const missing = await app.inject('/guarded')
  t.equal(missing.statusCode, 401)
  t.same(missing.json(), {
    statusCode: 401,
    code: 'FST_BEARER_AUTH_MISSING_AUTHORIZATION_HEADER',
    error: 'Unauthorized',
    message: 'missing authorization header'
  })
  t.equal(missing.headers['www-authenticate'], 'Bearer realm="api"', 'the challenge travels on the error')

  const wrong = await app.inject({ url: '/guarded', headers: bearer('nope') })
  t.equal(wrong.statusCode, 401)
  t.equal(wrong.json().code, 'FST_BEARER_AUTH_INVALID_AUTHORIZATION_HEADER')
  t.equal(wrong.headers['www-authenticate'], 'Bearer realm="api", error="invalid_token"')

  const otherScheme = await app.inject({ url: '/guarded', headers: { authorization: 'Basic x' } })
  t.equal(otherScheme.headers['www-authenticate'], 'Bearer realm="api"', 'no Bearer credentials: no error code')
  const malformed = await app.inject({ url: '/guarded', headers: { authorization: 'Bearer' } })
  t.equal(malformed.headers['www-authenticate'], 'Bearer realm="api", error="invalid_request"')
})

t.test('composition: verifyBearerAuth hands its error to done, so another scheme can accept instead', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(bearerAuth, { keys: ['k'], addHook: false })
  const verifyBearer = app.verifyBearerAuth as VerifyBearerAuth

  // A minimal "any of these schemes" composer in the spirit of @fastify/auth.
  function bearerOrApiKeyHeader (request: EnclaveRequest, reply: EnclaveReply, done: (err?: Error) => void): void {
    verifyBearer(request, reply, function afterBearer (bearerError) {
      if (bearerError === undefined) return done()
      if (request.headers['x-api-key'] === 'legacy') return done()
      done(bearerError)
    })
  }
  app.get('/either', { onRequest: bearerOrApiKeyHeader }, () => ({ ok: true }))

  t.equal((await app.inject({ url: '/either', headers: bearer('k') })).statusCode, 200)
  const legacy = await app.inject({ url: '/either', headers: { 'x-api-key': 'legacy' } })
  t.equal(legacy.statusCode, 200)
  t.notOk('www-authenticate' in legacy.headers, 'the refused scheme leaves no challenge on the accepted reply')
  t.equal((await app.inject({ url: '/either', headers: { 'x-api-key': 'bad' } })).statusCode, 401)
})

t.test('verifyBearerAuth with an async auth that throws: done gets a generic 500 error', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(bearerAuth, { auth: async () => { throw new Error('secret detail') }, addHook: false })
  app.get('/guarded', { onRequest: app.verifyBearerAuth! }, () => 'never')
  const response = await app.inject({ url: '/guarded', headers: bearer('x') })
  t.equal(response.statusCode, 500)
  t.same(response.json(), { statusCode: 500, code: 'ENC_ERR_BEARER_AUTH_INTERNAL', error: 'Internal Server Error', message: 'internal server error' })
  t.notMatch(response.body, /secret detail/)
})

t.test('verifyBearerAuthFactory builds independent verifiers that answer by themselves', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(bearerAuth, { keys: ['main'], addHook: false })
  const adminOnly = app.verifyBearerAuthFactory!({ keys: ['admin'], realm: 'admin' })
  app.get('/admin', { onRequest: adminOnly }, showAuth)

  t.equal((await app.inject({ url: '/admin', headers: bearer('admin') })).statusCode, 200)
  const refused = await app.inject({ url: '/admin', headers: bearer('main') })
  t.equal(refused.statusCode, 401)
  t.same(refused.json(), { error: 'invalid authorization header' }, "the plugin's own body: the factory verifier replies itself")
  t.equal(refused.headers['www-authenticate'], 'Bearer realm="admin", error="invalid_token"')
  t.throws(() => app.verifyBearerAuthFactory!({ keys: 'admin' as unknown as string[] }), { code: 'FST_BEARER_AUTH_INVALID_KEYS_OPTION_TYPE' })
})

t.test('addHook: false in two siblings: each sibling decorates its own verifier', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.register(async function first (first: EnclaveInstance) {
    await first.register(bearerAuth, { keys: ['one'], addHook: false })
    first.get('/first', { onRequest: first.verifyBearerAuth! }, () => 'first')
  })
  app.register(async function second (second: EnclaveInstance) {
    await second.register(bearerAuth, { keys: ['two'], addHook: false })
    second.get('/second', { onRequest: second.verifyBearerAuth! }, () => 'second')
  })
  await app.ready()
  t.equal(app.hasDecorator('verifyBearerAuth'), false, 'the parent is not decorated')
  t.equal((await app.inject({ url: '/first', headers: bearer('one') })).statusCode, 200)
  t.equal((await app.inject({ url: '/first', headers: bearer('two') })).statusCode, 401)
  t.equal((await app.inject({ url: '/second', headers: bearer('two') })).statusCode, 200)
  t.equal((await app.inject({ url: '/second', headers: bearer('one') })).statusCode, 401)
})
