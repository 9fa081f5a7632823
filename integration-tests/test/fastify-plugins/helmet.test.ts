// @fastify/helmet 11 (the Fastify 4 major), unmodified, on Enclave: helmet's security headers on
// every route, per-route options and opt-out, reply.helmet() when not global, and CSP nonces.
import t from 'tap'
import type { Test } from 'tap'
import enclave from '@enclave/core'
import helmet from '@fastify/helmet'

interface HelmetReply {
  helmet: (options?: Record<string, unknown>) => void
  cspNonce: { script: string, style: string } | null
}

/** The headers helmet 7 sets with its defaults, as it documents them. */
const defaultHeaders: Record<string, string | RegExp> = {
  'content-security-policy': /^default-src 'self';/,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=15552000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0'
}

function assertDefaultHeaders (t: Test, headers: Record<string, unknown>): void {
  for (const [name, expected] of Object.entries(defaultHeaders)) {
    if (typeof expected === 'string') t.equal(headers[name], expected, name)
    else t.match(headers[name], expected, name)
  }
}

t.test('every route gets helmet\'s default security headers, errors and 404s included', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(helmet)
  app.get('/', async function home () { return { ok: true } })
  app.get('/fail', async function fail () { throw new Error('boom') })

  const ok = await app.inject('/')
  t.equal(ok.statusCode, 200)
  t.same(ok.json(), { ok: true })
  assertDefaultHeaders(t, ok.headers)

  const failed = await app.inject('/fail')
  t.equal(failed.statusCode, 500)
  assertDefaultHeaders(t, failed.headers)

  const missing = await app.inject('/missing')
  t.equal(missing.statusCode, 404)
  t.equal(missing.headers['x-frame-options'], 'SAMEORIGIN')
})

t.test('a route can override the options or opt out with helmet: false', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(helmet, { referrerPolicy: { policy: 'same-origin' } })
  app.get('/deny', { helmet: { frameguard: { action: 'deny' } } }, async function deny () { return 'deny' })
  app.get('/plain', { helmet: false }, async function plain () { return 'plain' })
  app.get('/global', async function global () { return 'global' })

  const deny = await app.inject('/deny')
  t.equal(deny.headers['x-frame-options'], 'DENY', 'the route option wins')
  t.equal(deny.headers['referrer-policy'], 'same-origin', 'the plugin options still apply')

  const plain = await app.inject('/plain')
  t.equal(plain.body, 'plain')
  for (const name of Object.keys(defaultHeaders)) t.notOk(name in plain.headers, `${name} is not set on an opted-out route`)

  const global = await app.inject('/global')
  t.equal(global.headers['x-frame-options'], 'SAMEORIGIN')
  t.equal(global.headers['referrer-policy'], 'same-origin')
})

t.test('an unknown route option fails when the route is declared', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(helmet)
  t.throws(() => app.get('/bad', { helmet: 'yes' }, async function bad () { return 'bad' }), /Unknown value for route helmet configuration/)
})

t.test('with global: false only routes that call reply.helmet() get the headers', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(helmet, { global: false })
  app.get('/protected', async function protectedRoute (_request, reply) {
    ;(reply as unknown as HelmetReply).helmet({ frameguard: { action: 'deny' } })
    return 'protected'
  })
  app.get('/open', async function open () { return 'open' })

  const protectedResponse = await app.inject('/protected')
  t.equal(protectedResponse.headers['x-frame-options'], 'DENY')
  t.equal(protectedResponse.headers['x-content-type-options'], 'nosniff')

  const open = await app.inject('/open')
  t.notOk('x-frame-options' in open.headers)
  t.notOk('content-security-policy' in open.headers)
})

t.test('enableCSPNonces puts fresh script and style nonces in the policy and on the reply', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(helmet, { enableCSPNonces: true })
  app.get('/page', async function page (_request, reply) {
    return (reply as unknown as HelmetReply).cspNonce
  })

  const first = await app.inject('/page')
  const nonces = first.json() as { script: string, style: string }
  t.match(nonces, { script: /^[0-9a-f]{32}$/, style: /^[0-9a-f]{32}$/ })
  const policy = String(first.headers['content-security-policy'])
  t.match(policy, `script-src 'self' 'nonce-${nonces.script}'`)
  t.match(policy, `style-src 'self' https: 'unsafe-inline' 'nonce-${nonces.style}'`)

  const second = await app.inject('/page')
  t.not(second.json().script, nonces.script, 'each request gets its own nonce')
})

t.test('registered in a child context, helmet covers that context only', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.register(async function secured (instance) {
    await instance.register(helmet)
    instance.get('/inside', async function inside () { return 'inside' })
  })
  app.get('/outside', async function outside () { return 'outside' })

  t.equal((await app.inject('/inside')).headers['x-frame-options'], 'SAMEORIGIN')
  t.notOk('x-frame-options' in (await app.inject('/outside')).headers)
})
