// The spec's "Authentication" section, with @enclave/bearer-auth over real sockets. The spec does not
// show the answers to a missing or wrong key; design §5 fixes them (the peer's bodies, plus RFC 6750's
// WWW-Authenticate).
import t from 'tap'
import enclave from '@enclave/core'
import bearerAuth from '@enclave/bearer-auth'
import { start } from './helpers/listen.js'

const keys = ['first-key', 'second-key']

const app = enclave()
app.get('/public', async () => ({ public: true }))
app.register(async function publicContext (child) {
  child.get('/', async () => ({ open: true }))
}, { prefix: '/open' })
app.register(async function privateContext (child) {
  await child.register(bearerAuth, { keys })
  child.get('/me', async (request) => ({ token: request.bearerToken }))
  child.post('/notes', { schema: { body: { type: 'object', required: ['text'] } } }, async (request) => request.body)
  child.register(async function nested (grandchild) {
    grandchild.get('/', async () => ({ nested: true }))
  }, { prefix: '/nested' })
}, { prefix: '/private' })
const client = await start(t, app)

t.test('authentication: the bearer plugin is registered inside a context with keys, an array of strings', async (t) => {
  for (const key of keys) {
    const response = await client.request('/private/me', { headers: { authorization: `Bearer ${key}` } })
    t.equal(response.status, 200, `${key} is accepted`)
    t.strictSame(response.json, { token: key })
  }
})

t.test('authentication: routes in the plugin\'s context (and below) require Authorization: Bearer <key>; routes elsewhere require nothing', async (t) => {
  for (const path of ['/private/me', '/private/nested']) {
    t.equal((await client.request(path)).status, 401, `${path} without a key`)
  }
  for (const path of ['/public', '/open']) {
    const response = await client.request(path)
    t.equal(response.status, 200, `${path} without a key`)
    t.equal(response.headers.get('www-authenticate'), null)
  }
  t.equal((await client.request('/open', { headers: { authorization: 'Bearer wrong' } })).status, 200, 'an unprotected route ignores the header')
})

t.test('authentication: a request with the header and an accepted key reaches the handler', async (t) => {
  const headers = { authorization: 'Bearer second-key' }
  t.strictSame((await client.request('/private/nested', { headers })).json, { nested: true })
  const created = await client.request('/private/notes', { headers, body: { text: 'hi' } })
  t.equal(created.status, 200)
  t.strictSame(created.json, { text: 'hi' })
  const invalid = await client.request('/private/notes', { headers, body: {} })
  t.equal(invalid.status, 400, 'past authentication, validation still applies')
  t.equal(invalid.json.message, "body should have required property 'text'")
})

t.test('authentication: a missing or wrong key answers 401 with the peer\'s body and a WWW-Authenticate challenge (design §5)', async (t) => {
  const cases: Array<[string, Record<string, string>, string, string]> = [
    ['no header', {}, 'missing authorization header', 'Bearer realm="api"'],
    ['a wrong key', { authorization: 'Bearer third-key' }, 'invalid authorization header', 'Bearer realm="api", error="invalid_token"'],
    ['a prefix of a key', { authorization: 'Bearer first' }, 'invalid authorization header', 'Bearer realm="api", error="invalid_token"'],
    ['another scheme (no Bearer credentials: no error code, RFC 6750 §3.1)', { authorization: 'Basic Zmlyc3Qta2V5' }, 'invalid authorization header', 'Bearer realm="api"'],
    ['the scheme in lower case (RFC 6750)', { authorization: 'bearer first-key' }, 'invalid authorization header', 'Bearer realm="api", error="invalid_request"'],
    ['the scheme without a key', { authorization: 'Bearer' }, 'invalid authorization header', 'Bearer realm="api", error="invalid_request"']
  ]
  for (const [name, headers, error, challenge] of cases) {
    const response = await client.request('/private/me', { headers })
    t.equal(response.status, 401, `${name}: 401`)
    t.equal(response.text, JSON.stringify({ error }), `${name}: ${error}`)
    t.match(response.headers.get('content-type'), /^application\/json/, `${name}: JSON`)
    t.equal(response.headers.get('www-authenticate'), challenge, `${name}: ${challenge}`)
  }
  const unvalidated = await client.request('/private/notes', { body: {} })
  t.equal(unvalidated.status, 401, 'authentication answers before validation looks at the body')
})
