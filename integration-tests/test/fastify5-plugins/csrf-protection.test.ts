// @fastify/csrf-protection 8 (the latest Fastify 5 major) with @fastify/cookie 11 on fastify@5.12.8 and on
// @enclave/fastify: reply.generateCsrf() issues a token and its secret cookie; the csrfProtection hook,
// run as a preHandler so the body is parsed, accepts the token from the body or a header and refuses a
// missing or forged one with 403.
import t from 'tap'
import cookie from '@fastify5/cookie'
import csrf from '@fastify5/csrf-protection'
import formbody from '@fastify5/formbody'
import { onFastify5 } from '../helpers/fastify5.js'

onFastify5(t, async (fastify) => {
  const app = fastify()
  await app.register(cookie)
  await app.register(formbody)
  await app.register(csrf)
  app.get('/form', async (_request: any, reply: any) => ({ token: reply.generateCsrf() }))
  app.post('/transfer', { preHandler: app.csrfProtection }, async (request: any) => ({ ok: true, amount: request.body.amount }))
  return app
}, async (t, app) => {
  const form = await app.inject('/form')
  const token: string = form.json().token
  const secret = form.cookies.find((c: { name: string }) => c.name === '_csrf')

  t.test('a token comes with its secret cookie', async (t) => {
    t.equal(form.statusCode, 200)
    t.type(token, 'string')
    t.ok(secret)
  })

  t.test('the token is accepted from a form body and from the csrf-token header', async (t) => {
    const cookies = { _csrf: secret.value }
    const fromBody = await app.inject({ method: 'POST', url: '/transfer', cookies, payload: `_csrf=${encodeURIComponent(token)}&amount=5`, headers: { 'content-type': 'application/x-www-form-urlencoded' } })
    t.equal(fromBody.statusCode, 200)
    t.same(fromBody.json(), { ok: true, amount: '5' })
    const fromHeader = await app.inject({ method: 'POST', url: '/transfer', cookies, headers: { 'csrf-token': token }, payload: { amount: 7 } })
    t.same(fromHeader.json(), { ok: true, amount: 7 })
  })

  t.test('a missing secret, a missing token or a forged token answers 403', async (t) => {
    const noSecret = await app.inject({ method: 'POST', url: '/transfer', headers: { 'csrf-token': token }, payload: {} })
    t.equal(noSecret.statusCode, 403)
    t.equal(noSecret.json().code, 'FST_CSRF_MISSING_SECRET')
    const noToken = await app.inject({ method: 'POST', url: '/transfer', cookies: { _csrf: secret.value }, payload: {} })
    t.equal(noToken.statusCode, 403)
    t.equal(noToken.json().code, 'FST_CSRF_INVALID_TOKEN')
    const forged = await app.inject({ method: 'POST', url: '/transfer', cookies: { _csrf: secret.value }, headers: { 'csrf-token': 'forged' }, payload: {} })
    t.equal(forged.statusCode, 403)
  })
})
