// @fastify/passport 4 (the Fastify 5 major) with @fastify/secure-session 8 and @fastify/formbody 9 on
// fastify@5.12.8 and on @enclave/fastify, as its README shows: a strategy run by authenticate() as a
// preValidation hook logs a user in (302 to successRedirect with the session cookie), a wrong
// password answers 401, the session restores request.user through the registered (de)serializers,
// a guard on request.isAuthenticated() protects a route, and request.logOut() ends the session.
import t from 'tap'
import { Authenticator, Strategy } from '@fastify5/passport'
import secureSession from '@fastify5/secure-session'
import formbody from '@fastify5/formbody'
import { onFastify5 } from '../helpers/fastify5.js'

const users = new Map([['ada', { id: 'ada', name: 'Ada', password: 'lovelace' }]])

class PasswordStrategy extends Strategy {
  constructor () { super('password') }

  override authenticate (request: any): void {
    const { username, password } = request.body ?? {}
    const user = users.get(username)
    if (user === undefined || user.password !== password) {
      this.fail(401)
      return
    }
    this.success({ id: user.id, name: user.name })
  }
}

onFastify5(t, async (fastify) => {
  const app = fastify()
  const passport = new Authenticator()
  passport.use(new PasswordStrategy())
  passport.registerUserSerializer(async (user: any) => user.id)
  passport.registerUserDeserializer(async (id: string) => {
    const user = users.get(id)
    return user === undefined ? null : { id: user.id, name: user.name }
  })
  await app.register(formbody)
  await app.register(secureSession, { key: Buffer.alloc(32, 7), cookie: { path: '/' } })
  await app.register(passport.initialize())
  await app.register(passport.secureSession())
  app.post('/login', { preValidation: passport.authenticate('password', { successRedirect: '/me', authInfo: false }) }, async () => 'unreached')
  app.get('/me', {
    preValidation: async (request: any, reply: any) => {
      if (!request.isAuthenticated()) return reply.code(401).send({ message: 'log in first' })
    }
  }, async (request: any) => ({ user: request.user }))
  app.post('/logout', async (request: any) => {
    await request.logOut()
    return { out: true }
  })
  return app
}, async (t, app) => {
  const login = await app.inject({ method: 'POST', url: '/login', payload: 'username=ada&password=lovelace', headers: { 'content-type': 'application/x-www-form-urlencoded' } })
  const session = login.cookies.find((c: { name: string }) => c.name === 'session')

  t.test('a successful login redirects with the session cookie', async (t) => {
    t.equal(login.statusCode, 302)
    t.equal(login.headers.location, '/me')
    t.ok(session)
  })

  t.test('a wrong password answers 401 and sets no session', async (t) => {
    const res = await app.inject({ method: 'POST', url: '/login', payload: { username: 'ada', password: 'nope' } })
    t.equal(res.statusCode, 401)
    t.notOk(res.cookies.find((c: { name: string }) => c.name === 'session'))
  })

  t.test('the session restores request.user for the guarded route', async (t) => {
    const res = await app.inject({ url: '/me', cookies: { session: session.value } })
    t.equal(res.statusCode, 200)
    t.same(res.json(), { user: { id: 'ada', name: 'Ada' } })
    const anonymous = await app.inject('/me')
    t.equal(anonymous.statusCode, 401)
    t.same(anonymous.json(), { message: 'log in first' })
  })

  t.test('logOut() ends the session', async (t) => {
    const out = await app.inject({ method: 'POST', url: '/logout', cookies: { session: session.value } })
    t.same(out.json(), { out: true })
    const cleared = out.cookies.find((c: { name: string }) => c.name === 'session')
    const after = await app.inject({ url: '/me', cookies: { session: cleared.value } })
    t.equal(after.statusCode, 401)
  })
})
