// @fastify/jwt 10 (the Fastify 5 major) on fastify@5.12.8 and on @enclave/fastify: signing and
// verifying from the header and from a cookie, decoding, expiry, the error codes, and formatUser.
import t from 'tap'
import jwt from '@fastify5/jwt'
import cookie from '@fastify5/cookie'
import { onFastify5 } from '../helpers/fastify5.js'

onFastify5(t, async (fastify) => {
  const app = fastify()
  await app.register(cookie)
  await app.register(jwt, {
    secret: 'supersecret',
    cookie: { cookieName: 'token', signed: false },
    formatUser: (payload: any) => ({ name: payload.sub })
  })
  app.post('/login', async (request: any, reply: any) => {
    const token = await reply.jwtSign({ sub: request.body.name }, { expiresIn: request.body.expiresIn ?? '1h' })
    return { token }
  })
  app.get('/me', async (request: any) => {
    await request.jwtVerify()
    return request.user
  })
  app.get('/decode', async (request: any) => request.jwtDecode())
  return app
}, async (t, app) => {
  t.test('a signed token is verified from the Authorization header and formatUser shapes the user', async (t) => {
    const { token } = (await app.inject({ method: 'POST', url: '/login', payload: { name: 'ada' } })).json()
    t.equal(app.jwt.decode(token).sub, 'ada')
    const me = await app.inject({ url: '/me', headers: { authorization: `Bearer ${String(token)}` } })
    t.equal(me.statusCode, 200)
    t.same(me.json(), { name: 'ada' })
    const fromCookie = await app.inject({ url: '/me', headers: { cookie: `token=${String(token)}` } })
    t.same(fromCookie.json(), { name: 'ada' })
    const decoded = await app.inject({ url: '/decode', headers: { authorization: `Bearer ${String(token)}` } })
    t.equal(decoded.json().sub, 'ada')
  })

  t.test('no token, a bad token and an expired one answer 401 with their codes', async (t) => {
    const none = await app.inject('/me')
    t.equal(none.statusCode, 401)
    t.equal(none.json().code, 'FST_JWT_NO_AUTHORIZATION_IN_COOKIE', 'with a cookie configured, the cookie is looked for last')
    const bad = await app.inject({ url: '/me', headers: { authorization: 'Bearer not.a.token' } })
    t.equal(bad.statusCode, 401)
    t.equal(bad.json().code, 'FST_JWT_AUTHORIZATION_TOKEN_INVALID')
    const expired = app.jwt.sign({ sub: 'ada', iat: 1, exp: 2 })
    const late = await app.inject({ url: '/me', headers: { authorization: `Bearer ${String(expired)}` } })
    t.equal(late.statusCode, 401)
    t.same(late.json(), { statusCode: 401, code: 'FST_JWT_AUTHORIZATION_TOKEN_EXPIRED', error: 'Unauthorized', message: 'Authorization token expired' })
    const malformed = await app.inject({ url: '/me', headers: { authorization: 'Basic abc' } })
    t.equal(malformed.statusCode, 401, 'a non-Bearer scheme falls back to the cookie')
    t.equal(malformed.json().code, 'FST_JWT_NO_AUTHORIZATION_IN_COOKIE')
  })
})
