// @fastify/secure-session 8 (the Fastify 5 major) on fastify@5.12.8 and on @enclave/fastify: the session
// travels encrypted in a cookie, reads back on the next request, is dropped when tampered with and
// removed by delete().
import t from 'tap'
import secureSession from '@fastify5/secure-session'
import { onFastify5 } from '../helpers/fastify5.js'

onFastify5(t, async (fastify) => {
  const app = fastify()
  await app.register(secureSession, { key: Buffer.alloc(32, 7), cookie: { path: '/', httpOnly: true } })
  app.post('/login', async (request: any) => { request.session.set('user', request.body.user); return 'in' })
  app.get('/me', async (request: any) => ({ user: request.session.get('user') ?? null }))
  app.post('/logout', async (request: any) => { request.session.delete(); return 'out' })
  return app
}, async (t, app) => {
  const login = await app.inject({ method: 'POST', url: '/login', payload: { user: 'ada' } })
  const session = login.cookies.find((c: { name: string }) => c.name === 'session')

  t.test('the session is set in an encrypted, HttpOnly cookie', async (t) => {
    t.equal(login.statusCode, 200)
    t.ok(session)
    t.equal(session.httpOnly, true)
    t.notMatch(session.value, /ada/)
  })

  t.test('the cookie carries the session to the next request', async (t) => {
    const me = await app.inject({ url: '/me', cookies: { session: session.value } })
    t.same(me.json(), { user: 'ada' })
    t.same((await app.inject('/me')).json(), { user: null })
  })

  t.test('a tampered cookie gives an empty session', async (t) => {
    const tampered = session.value.slice(0, -4) + 'AAAA'
    t.same((await app.inject({ url: '/me', cookies: { session: tampered } })).json(), { user: null })
  })

  t.test('delete() expires the cookie', async (t) => {
    const out = await app.inject({ method: 'POST', url: '/logout', cookies: { session: session.value } })
    const cleared = out.cookies.find((c: { name: string }) => c.name === 'session')
    t.equal(cleared.value, '')
    t.ok(cleared.expires.getTime() <= Date.now())
  })
})
