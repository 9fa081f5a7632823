// @fastify/bearer-auth 9 (the Fastify 4 major), unmodified, on Enclave: 401 without or with a
// wrong key and 200 with a right one, in the context where it is registered only; the auth()
// option, custom error responses and the bearer type.
import t from 'tap'
import enclave from '@enclave/core'
import bearerAuth from '@fastify/bearer-auth'

const key = 'super-secret-key'

function withToken (url: string, authorization?: string) {
  return { url, headers: authorization === undefined ? {} : { authorization } }
}

t.test('routes of the registering context need the key; sibling and parent routes do not', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.get('/public', async function publicRoute () { return { public: true } })
  app.register(async function privateApi (instance) {
    await instance.register(bearerAuth, { keys: [key, 'second-key'] })
    instance.get('/data', async function data () { return { private: true } })
    instance.register(async function nested (child) {
      child.get('/nested', async function nestedRoute () { return { nested: true } })
    })
  }, { prefix: '/api' })
  app.register(async function sibling (instance) {
    instance.get('/sibling', async function siblingRoute () { return { sibling: true } })
  })

  const missing = await app.inject(withToken('/api/data'))
  t.equal(missing.statusCode, 401)
  t.same(missing.json(), { error: 'missing authorization header' })

  const wrong = await app.inject(withToken('/api/data', 'Bearer not-the-key'))
  t.equal(wrong.statusCode, 401)
  t.same(wrong.json(), { error: 'invalid authorization header' })

  const wrongScheme = await app.inject(withToken('/api/data', `Basic ${key}`))
  t.equal(wrongScheme.statusCode, 401)
  t.same(wrongScheme.json(), { error: 'invalid authorization header' })

  const ok = await app.inject(withToken('/api/data', `Bearer ${key}`))
  t.equal(ok.statusCode, 200)
  t.same(ok.json(), { private: true })
  t.equal((await app.inject(withToken('/api/data', 'Bearer second-key'))).statusCode, 200, 'every listed key is accepted')

  t.equal((await app.inject(withToken('/api/nested'))).statusCode, 401, 'descendant contexts are covered')
  t.equal((await app.inject(withToken('/api/nested', `Bearer ${key}`))).statusCode, 200)

  t.same((await app.inject(withToken('/public'))).json(), { public: true }, 'the parent context is not covered')
  t.same((await app.inject(withToken('/sibling'))).json(), { sibling: true }, 'a sibling context is not covered')
  t.equal((await app.inject(withToken('/public', 'Bearer nonsense'))).statusCode, 200, 'a wrong key outside the context is ignored')
})

t.test('an auth function decides instead of keys, sync or async, and sees the request', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  const seen: string[] = []
  await app.register(bearerAuth, {
    keys: [],
    auth: async function checkToken (token: string, request: { url: string }) {
      seen.push(`${request.url} ${token}`)
      if (token === 'explode') throw new Error('database unavailable')
      return token.startsWith('valid-')
    }
  })
  app.get('/', async function home () { return 'home' })

  t.equal((await app.inject(withToken('/', 'Bearer valid-123'))).statusCode, 200)
  t.equal((await app.inject(withToken('/', 'Bearer invalid'))).statusCode, 401)
  const failed = await app.inject(withToken('/', 'Bearer explode'))
  t.equal(failed.statusCode, 500, 'a failing auth function is a 500')
  t.same(failed.json(), { error: 'database unavailable' })
  t.same(seen, ['/ valid-123', '/ invalid', '/ explode'])
})

t.test('errorResponse, contentType and bearerType shape the 401', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(bearerAuth, {
    keys: [key],
    bearerType: 'Token',
    contentType: 'application/problem+json',
    errorResponse: function problem (error: Error) { return { title: 'Unauthorized', detail: error.message } }
  })
  app.get('/', async function home () { return 'home' })

  const refused = await app.inject(withToken('/', `Bearer ${key}`))
  t.equal(refused.statusCode, 401)
  t.match(refused.headers['content-type'], /^application\/problem\+json/)
  t.same(refused.json(), { title: 'Unauthorized', detail: 'invalid authorization header' })
  t.equal((await app.inject(withToken('/', `Token ${key}`))).statusCode, 200)
})

t.test('specCompliance rfc6749 accepts the scheme case-insensitively; rfc6750 does not', async (t) => {
  const strict = enclave()
  t.teardown(() => strict.close())
  await strict.register(bearerAuth, { keys: [key] })
  strict.get('/', async function home () { return 'home' })
  t.equal((await strict.inject(withToken('/', `bearer ${key}`))).statusCode, 401)

  const lenient = enclave()
  t.teardown(() => lenient.close())
  await lenient.register(bearerAuth, { keys: [key], specCompliance: 'rfc6749' })
  lenient.get('/', async function home () { return 'home' })
  t.equal((await lenient.inject(withToken('/', `bearer ${key}`))).statusCode, 200)
})

t.test('invalid options fail the registration', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.register(bearerAuth, { keys: 'not-a-list' as unknown as string[] })
  await t.rejects(app.ready(), { code: 'FST_BEARER_AUTH_INVALID_KEYS_OPTION_TYPE' })
})
