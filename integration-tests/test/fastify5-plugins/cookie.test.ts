// @fastify/cookie 11 (the Fastify 5 major) on fastify@5.12.8 and on @enclave/fastify: parsing,
// setting with attributes beside raw Set-Cookie headers, clearing, signing and the instance helpers.
import t from 'tap'
import cookie from '@fastify5/cookie'
import { onFastify5 } from '../helpers/fastify5.js'

onFastify5(t, async (fastify) => {
  const app = fastify()
  await app.register(cookie, { secret: 'a-secret-with-enough-length', parseOptions: { path: '/' } })
  app.get('/read', async (request: any) => request.cookies)
  app.get('/set', async (_request: any, reply: any) => {
    reply.header('set-cookie', 'raw=1')
    reply
      .setCookie('session', 'abc', { httpOnly: true, sameSite: 'lax', maxAge: 60, secure: true })
      .cookie('theme', 'dark', { path: '/app' })
    return 'set'
  })
  app.get('/clear', async (_request: any, reply: any) => { reply.clearCookie('session'); return 'cleared' })
  app.get('/signed', async (_request: any, reply: any) => { reply.setCookie('user', 'ada', { signed: true }); return 'signed' })
  app.get('/unsign', async (request: any) => request.unsignCookie(request.cookies.user ?? ''))
  app.get('/later', async () => 'later')
  app.addHook('onSend', async (request: any, reply: any) => {
    if (request.url === '/later') reply.setCookie('late', 'yes')
  })
  return app
}, async (t, app) => {
  t.test('request.cookies holds the parsed Cookie header', async (t) => {
    const res = await app.inject({ url: '/read', headers: { cookie: 'a=1; b=two%20words' } })
    t.same(res.json(), { a: '1', b: 'two words' })
    const none = await app.inject('/read')
    t.same(none.json(), {})
  })

  t.test('setCookie and cookie add Set-Cookie headers beside a raw one', async (t) => {
    const res = await app.inject('/set')
    t.same(res.headers['set-cookie'], [
      'raw=1',
      'session=abc; Max-Age=60; Path=/; HttpOnly; Secure; SameSite=Lax',
      'theme=dark; Path=/app; SameSite=Lax'
    ])
    t.same(res.cookies.map((c: any) => c.name), ['raw', 'session', 'theme'])
  })

  t.test('clearCookie expires the cookie', async (t) => {
    const res = await app.inject('/clear')
    t.equal(res.headers['set-cookie'], 'session=; Max-Age=0; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax')
  })

  t.test('signed cookies round-trip and a tampered one is refused', async (t) => {
    const set = await app.inject('/signed')
    const signed = set.cookies[0].value
    t.match(signed, /^ada\./)
    const good = await app.inject({ url: '/unsign', headers: { cookie: `user=${String(signed)}` } })
    t.same(good.json(), { valid: true, renew: false, value: 'ada' })
    const bad = await app.inject({ url: '/unsign', headers: { cookie: `user=${String(signed).replace('ada', 'eve')}` } })
    t.same(bad.json(), { valid: false, renew: false, value: null })
    t.equal(app.unsignCookie(app.signCookie('x')).value, 'x')
    t.same(app.parseCookie('k=v; n=2'), { k: 'v', n: '2' })
    t.equal(app.serializeCookie('k', 'v', { path: '/' }), 'k=v; Path=/')
  })

  t.test('a cookie set in an onSend hook is sent', async (t) => {
    const res = await app.inject('/later')
    t.equal(res.body, 'later')
    t.equal(res.headers['set-cookie'], 'late=yes; Path=/; SameSite=Lax')
  })
})
