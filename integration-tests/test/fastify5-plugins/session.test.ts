// @fastify/session 11 (the Fastify 5 major) over @fastify/cookie 11 on fastify@5.12.8 and on
// @enclave/fastify: a session set, read back from its cookie, regenerated and destroyed.
import t from 'tap'
import cookie from '@fastify5/cookie'
import session from '@fastify5/session'
import { onFastify5 } from '../helpers/fastify5.js'

function sessionCookie (res: any): string {
  const found = res.cookies.find((c: any) => c.name === 'sessionId')
  return found === undefined ? '' : `sessionId=${String(found.value)}`
}

onFastify5(t, async (fastify) => {
  const app = fastify()
  await app.register(cookie)
  await app.register(session, { secret: 'a secret with minimum length of 32 characters', cookie: { secure: false } })
  app.post('/login', async (request: any) => { request.session.set('user', request.body.user); return 'in' })
  app.get('/me', async (request: any) => ({ user: request.session.get('user') ?? null }))
  app.post('/regenerate', async (request: any) => { await request.session.regenerate(); return { user: request.session.get('user') ?? null } })
  app.post('/logout', async (request: any) => { await request.session.destroy(); return 'out' })
  return app
}, async (t, app) => {
  t.test('a session set on login is read back through its cookie', async (t) => {
    const login = await app.inject({ method: 'POST', url: '/login', payload: { user: 'ada' } })
    const jar = sessionCookie(login)
    t.match(jar, /^sessionId=.+\..+/)
    t.same((await app.inject({ url: '/me', headers: { cookie: jar } })).json(), { user: 'ada' })
    t.same((await app.inject('/me')).json(), { user: null })
  })

  t.test('regenerate() empties the session under a new id; destroy() forgets it', async (t) => {
    const login = await app.inject({ method: 'POST', url: '/login', payload: { user: 'ada' } })
    const jar = sessionCookie(login)
    const regenerated = await app.inject({ method: 'POST', url: '/regenerate', headers: { cookie: jar } })
    t.same(regenerated.json(), { user: null })
    t.not(sessionCookie(regenerated), jar)
    const again = await app.inject({ method: 'POST', url: '/login', payload: { user: 'bob' } })
    const second = sessionCookie(again)
    t.equal((await app.inject({ method: 'POST', url: '/logout', headers: { cookie: second } })).body, 'out')
    t.same((await app.inject({ url: '/me', headers: { cookie: second } })).json(), { user: null })
  })
})
