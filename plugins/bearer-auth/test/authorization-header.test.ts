import t, { type Test } from 'tap'
import enclave, { type EnclaveInstance } from '@enclave/core'
import bearerAuth, { type BearerAuthOptions } from '@enclave/bearer-auth'
import { bearer, showAuth } from './helpers/app.js'

const missing = { error: 'missing authorization header' }
const invalid = { error: 'invalid authorization header' }

// Returns a holder, not the instance: an instance is thenable, so an async function would unwrap it.
async function appWith (t: Test, options: BearerAuthOptions): Promise<{ app: EnclaveInstance }> {
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(bearerAuth, options)
  app.get('/', showAuth)
  return { app }
}

t.test('no Authorization header: 401, the missing body, a challenge without an error code', async (t) => {
  const { app } = await appWith(t, { keys: ['key'] })
  const response = await app.inject('/')
  t.equal(response.statusCode, 401)
  t.same(response.json(), missing)
  t.equal(response.headers['www-authenticate'], 'Bearer realm="api"')
  t.match(response.headers['content-type'], /^application\/json/)
})

t.test('an empty Authorization header counts as missing', async (t) => {
  const { app } = await appWith(t, { keys: ['key'] })
  const response = await app.inject({ url: '/', headers: { authorization: '' } })
  t.equal(response.statusCode, 401)
  t.same(response.json(), missing)
})

t.test('another scheme: 401, the invalid body, a challenge without an error code (RFC 6750 §3.1)', async (t) => {
  const { app } = await appWith(t, { keys: ['key'] })
  for (const authorization of ['Basic a2V5Og==', 'Basic', 'key', 'Bearerkey', 'Token key', 'Bearer-key x']) {
    const response = await app.inject({ url: '/', headers: { authorization } })
    t.equal(response.statusCode, 401, authorization)
    t.same(response.json(), invalid, authorization)
    t.equal(response.headers['www-authenticate'], 'Bearer realm="api"', authorization)
  }
})

t.test('the Bearer scheme without a readable token: 401, the invalid body, error="invalid_request"', async (t) => {
  const { app } = await appWith(t, { keys: ['key'] })
  for (const authorization of ['Bearer', 'Bearer\tkey', 'bearer key']) {
    const response = await app.inject({ url: '/', headers: { authorization } })
    t.equal(response.statusCode, 401, JSON.stringify(authorization))
    t.same(response.json(), invalid, JSON.stringify(authorization))
    t.equal(response.headers['www-authenticate'], 'Bearer realm="api", error="invalid_request"', JSON.stringify(authorization))
  }
})

t.test("specCompliance 'rfc6750' (default): the scheme is case-sensitive", async (t) => {
  const { app } = await appWith(t, { keys: ['key'] })
  for (const scheme of ['bearer', 'BEARER', 'bEaReR']) {
    const response = await app.inject({ url: '/', headers: { authorization: `${scheme} key` } })
    t.equal(response.statusCode, 401, scheme)
    t.same(response.json(), invalid)
    t.equal(response.headers['www-authenticate'], 'Bearer realm="api", error="invalid_request"')
  }
  t.equal((await app.inject({ url: '/', headers: bearer('key') })).statusCode, 200)
})

t.test("specCompliance 'rfc6749': the scheme is case-insensitive, the key is not", async (t) => {
  const { app } = await appWith(t, { keys: ['Key'], specCompliance: 'rfc6749' })
  for (const scheme of ['bearer', 'BEARER', 'Bearer', 'bEaReR']) {
    const response = await app.inject({ url: '/', headers: { authorization: `${scheme} Key` } })
    t.equal(response.statusCode, 200, scheme)
    t.same(response.json(), { token: 'Key', principal: null })
  }
  const wrongCase = await app.inject({ url: '/', headers: { authorization: 'bearer key' } })
  t.equal(wrongCase.statusCode, 401)
  t.equal(wrongCase.headers['www-authenticate'], 'Bearer realm="api", error="invalid_token"')
})

t.test('a custom bearerType: that scheme is required, and named in the challenge', async (t) => {
  const { app } = await appWith(t, { keys: ['key'], bearerType: 'Token' })
  t.equal((await app.inject({ url: '/', headers: { authorization: 'Token key' } })).statusCode, 200)
  const response = await app.inject({ url: '/', headers: bearer('key') })
  t.equal(response.statusCode, 401)
  t.equal(response.headers['www-authenticate'], 'Token realm="api"', 'Bearer is another scheme here')
  const malformed = await app.inject({ url: '/', headers: { authorization: 'Token' } })
  t.equal(malformed.headers['www-authenticate'], 'Token realm="api", error="invalid_request"')
})

t.test('a wrong key: 401, the invalid body, error="invalid_token"', async (t) => {
  const { app } = await appWith(t, { keys: ['key', 'other'] })
  for (const token of ['nope', 'key2', 'ke', 'KEY', 'key other']) {
    const response = await app.inject({ url: '/', headers: bearer(token) })
    t.equal(response.statusCode, 401, token)
    t.same(response.json(), invalid, token)
    t.equal(response.headers['www-authenticate'], 'Bearer realm="api", error="invalid_token"', token)
  }
})

t.test('the right key with extra spaces around it is accepted, and given to the handler trimmed', async (t) => {
  const { app } = await appWith(t, { keys: ['key'] })
  for (const authorization of ['Bearer   key', 'Bearer key   ', 'Bearer \t key \t']) {
    const response = await app.inject({ url: '/', headers: { authorization } })
    t.equal(response.statusCode, 200, JSON.stringify(authorization))
    t.same(response.json(), { token: 'key', principal: null })
  }
})

t.test('an empty token (scheme and spaces only) is a malformed header', async (t) => {
  const { app } = await appWith(t, { keys: ['key'] })
  for (const authorization of ['Bearer ', 'Bearer     ', 'Bearer \t']) {
    const response = await app.inject({ url: '/', headers: { authorization } })
    t.equal(response.statusCode, 401, JSON.stringify(authorization))
    t.same(response.json(), invalid)
    t.equal(response.headers['www-authenticate'], 'Bearer realm="api", error="invalid_request"')
  }
})

t.test('a very long key is accepted when right, refused when wrong by a single character', async (t) => {
  const long = 'k'.repeat(8000) + 'end'
  const { app } = await appWith(t, { keys: ['short', long] })
  const right = await app.inject({ url: '/', headers: bearer(long) })
  t.equal(right.statusCode, 200)
  t.equal(right.json().token, long)
  const wrong = await app.inject({ url: '/', headers: bearer(long.slice(0, -1) + 'X') })
  t.equal(wrong.statusCode, 401)
  t.equal(wrong.headers['www-authenticate'], 'Bearer realm="api", error="invalid_token"')
  const huge = await app.inject({ url: '/', headers: bearer('x'.repeat(1_000_000)) })
  t.equal(huge.statusCode, 401, 'a megabyte of token is refused like any wrong token')
})

t.test('keys given as a Set work like an array', async (t) => {
  const { app } = await appWith(t, { keys: new Set(['first', 'second']) })
  t.equal((await app.inject({ url: '/', headers: bearer('first') })).statusCode, 200)
  t.equal((await app.inject({ url: '/', headers: bearer('second') })).statusCode, 200)
  t.equal((await app.inject({ url: '/', headers: bearer('third') })).statusCode, 401)
})

t.test('every key of the list is accepted, whatever its position and length', async (t) => {
  const keys = ['a', 'bb', 'a-much-longer-key-than-the-others', 'with inner space', '~!#$%&*+/=?^_`{|}']
  const { app } = await appWith(t, { keys })
  for (const key of keys) {
    const response = await app.inject({ url: '/', headers: bearer(key) })
    t.equal(response.statusCode, 200, key)
    t.equal(response.json().token, key)
  }
})

t.test('no keys and no auth: every request is refused', async (t) => {
  const { app } = await appWith(t, {})
  const response = await app.inject({ url: '/', headers: bearer('anything') })
  t.equal(response.statusCode, 401)
  t.equal(response.headers['www-authenticate'], 'Bearer realm="api", error="invalid_token"')
})

t.test('the realm option names the realm, quoted and escaped', async (t) => {
  const { app } = await appWith(t, { keys: ['key'], realm: 'my "admin" \\ area' })
  const response = await app.inject('/')
  t.equal(response.headers['www-authenticate'], 'Bearer realm="my \\"admin\\" \\\\ area"')
})

t.test('wwwAuthenticate: false leaves the header out of every 401', async (t) => {
  const { app } = await appWith(t, { keys: ['key'], wwwAuthenticate: false })
  for (const headers of [{}, { authorization: 'Basic x' }, { authorization: 'Bearer' }, bearer('wrong')]) {
    const response = await app.inject({ url: '/', headers })
    t.equal(response.statusCode, 401)
    t.notOk('www-authenticate' in response.headers)
  }
})

t.test('an accepted request carries no challenge', async (t) => {
  const { app } = await appWith(t, { keys: ['key'] })
  const response = await app.inject({ url: '/', headers: bearer('key') })
  t.equal(response.statusCode, 200)
  t.notOk('www-authenticate' in response.headers)
})
