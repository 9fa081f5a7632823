// @fastify/helmet 13 (the Fastify 5 major) on fastify@5.12.8 and on @enclave/fastify: default
// headers on routes, errors and 404s, per-route options and opt-out, `global: false` with
// `reply.helmet()`, and CSP nonces.
import t from 'tap'
import helmet from '@fastify5/helmet'
import { onFastify5 } from '../helpers/fastify5.js'

onFastify5(t, async (fastify) => {
  const app = fastify()
  await app.register(async (main: any) => {
    await main.register(helmet)
    main.get('/', async () => ({ ok: true }))
    main.get('/boom', async () => { throw new Error('boom') })
    main.get('/custom', { helmet: { frameguard: { action: 'deny' } } }, async () => 'custom')
    main.get('/off', { helmet: false }, async () => 'off')
  }, { prefix: '/main' })
  await app.register(async (manual: any) => {
    await manual.register(helmet, { global: false })
    manual.get('/plain', async () => 'plain')
    manual.get('/helmeted', async (_request: any, reply: any) => {
      await reply.helmet({ xFrameOptions: { action: 'deny' } })
      return 'helmeted'
    })
  }, { prefix: '/manual' })
  await app.register(async (nonce: any) => {
    await nonce.register(helmet, { enableCSPNonces: true })
    nonce.get('/', async (_request: any, reply: any) => reply.cspNonce)
  }, { prefix: '/nonce' })
  return app
}, async (t, app) => {
  t.test('a route gets the default security headers', async (t) => {
    const res = await app.inject('/main/')
    t.equal(res.statusCode, 200)
    t.equal(res.headers['x-frame-options'], 'SAMEORIGIN')
    t.equal(res.headers['x-content-type-options'], 'nosniff')
    t.equal(res.headers['strict-transport-security'], 'max-age=31536000; includeSubDomains')
    t.equal(res.headers['cross-origin-opener-policy'], 'same-origin')
    t.equal(res.headers['referrer-policy'], 'no-referrer')
    t.match(String(res.headers['content-security-policy']), /default-src 'self'/)
    t.notOk('x-powered-by' in res.headers)
  })

  t.test('errors get them too; the root 404 handler, outside the plugin\'s context, does not', async (t) => {
    const error = await app.inject('/main/boom')
    t.equal(error.statusCode, 500)
    t.equal(error.headers['x-frame-options'], 'SAMEORIGIN')
    const missing = await app.inject('/main/missing')
    t.equal(missing.statusCode, 404)
    t.notOk('x-content-type-options' in missing.headers)
  })

  t.test('per-route options replace the defaults and helmet: false turns them off', async (t) => {
    const custom = await app.inject('/main/custom')
    t.equal(custom.headers['x-frame-options'], 'DENY')
    const off = await app.inject('/main/off')
    t.equal(off.body, 'off')
    t.notOk('x-frame-options' in off.headers)
    t.notOk('content-security-policy' in off.headers)
  })

  t.test('global: false sets headers only where reply.helmet() is called', async (t) => {
    const plain = await app.inject('/manual/plain')
    t.notOk('x-frame-options' in plain.headers)
    const helmeted = await app.inject('/manual/helmeted')
    t.equal(helmeted.body, 'helmeted')
    t.equal(helmeted.headers['x-frame-options'], 'DENY')
  })

  t.test('enableCSPNonces puts fresh nonces in the policy and on the reply', async (t) => {
    const one = await app.inject('/nonce/')
    const two = await app.inject('/nonce/')
    const nonces = one.json()
    t.type(nonces.script, 'string')
    t.match(String(one.headers['content-security-policy']), `'nonce-${String(nonces.script)}'`)
    t.match(String(one.headers['content-security-policy']), `'nonce-${String(nonces.style)}'`)
    t.not(two.json().script, nonces.script)
  })
})
