// @fastify/cookie 9 (the Fastify 4 major), unmodified, on Enclave: cookies read into
// request.cookies, set and cleared through the reply (next to other Set-Cookie headers), and
// signed cookies that detect tampering.
import t from 'tap'
import enclave from '@enclave/core'
import type { EnclaveReply, EnclaveRequest } from '@enclave/core'
import cookie from '@fastify/cookie'

interface CookieOptions { path?: string, httpOnly?: boolean, signed?: boolean, maxAge?: number, sameSite?: string, secure?: boolean | 'auto' }
interface CookieReply {
  setCookie: (name: string, value: string, options?: CookieOptions) => CookieReply & EnclaveReply
  cookie: (name: string, value: string, options?: CookieOptions) => CookieReply & EnclaveReply
  clearCookie: (name: string, options?: CookieOptions) => CookieReply & EnclaveReply
}
interface CookieRequest {
  cookies: Record<string, string | undefined>
  unsignCookie: (value: string) => { valid: boolean, renew: boolean, value: string | null }
}

function cookiesOf (reply: EnclaveReply): CookieReply {
  return reply as unknown as CookieReply
}

function readerOf (request: EnclaveRequest): CookieRequest {
  return request as unknown as CookieRequest
}

const secret = 'a secret long enough for HMAC-SHA256 signing'

t.test('request cookies are parsed into request.cookies', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(cookie)
  app.get('/', async function read (request) { return readerOf(request).cookies })

  const response = await app.inject({ url: '/', headers: { cookie: 'session=abc123; theme=dark; quoted="a b"' } })
  t.same(response.json(), { session: 'abc123', theme: 'dark', quoted: 'a b' })
  t.same((await app.inject('/')).json(), {}, 'no Cookie header gives an empty object')
})

t.test('cookies set on the reply are serialized with their attributes, next to raw Set-Cookie headers', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(cookie)
  app.get('/login', function login (_request, reply) {
    cookiesOf(reply)
      .setCookie('session', 'abc123', { path: '/', httpOnly: true, sameSite: 'strict', maxAge: 3600 })
      .cookie('theme', 'dark')
    reply.header('set-cookie', 'legacy=1')
    reply.send({ ok: true })
  })
  app.get('/async', async function asyncLogin (_request, reply) {
    cookiesOf(reply).setCookie('only', 'one')
    return 'done'
  })

  const response = await app.inject('/login')
  t.equal(response.statusCode, 200)
  t.same(response.headers['set-cookie'], [
    'legacy=1',
    'session=abc123; Max-Age=3600; Path=/; HttpOnly; SameSite=Strict',
    'theme=dark'
  ])
  t.same(response.cookies.map((c) => [c.name, c.value]), [['legacy', '1'], ['session', 'abc123'], ['theme', 'dark']])

  const single = await app.inject('/async')
  t.equal(single.headers['set-cookie'], 'only=one')
})

t.test('clearCookie expires the cookie', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(cookie)
  app.post('/logout', function logout (_request, reply) {
    cookiesOf(reply).clearCookie('session', { path: '/' }).send()
  })

  const response = await app.inject({ method: 'POST', url: '/logout' })
  t.equal(response.headers['set-cookie'], 'session=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT')
})

t.test('signed cookies round-trip, and a tampered one is reported invalid', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(cookie, { secret })
  app.get('/issue', function issue (_request, reply) {
    cookiesOf(reply).setCookie('user', 'ada', { signed: true, path: '/' }).send('issued')
  })
  app.get('/whoami', function whoami (request, reply) {
    const raw = readerOf(request).cookies.user
    if (raw === undefined) {
      reply.code(401).send({ error: 'no cookie' })
      return
    }
    const { valid, value } = readerOf(request).unsignCookie(raw)
    if (!valid) {
      reply.code(401).send({ error: 'tampered' })
      return
    }
    reply.send({ user: value })
  })

  const issued = await app.inject('/issue')
  const signed = issued.cookies.find((c) => c.name === 'user')?.value as string
  t.match(signed, /^ada\.[A-Za-z0-9+/]+$/, 'the value carries its signature')

  const ok = await app.inject({ url: '/whoami', cookies: { user: signed } })
  t.equal(ok.statusCode, 200)
  t.same(ok.json(), { user: 'ada' })

  const forged = await app.inject({ url: '/whoami', cookies: { user: signed.replace(/^ada/, 'eve') } })
  t.equal(forged.statusCode, 401)
  t.same(forged.json(), { error: 'tampered' })

  const unsigned = await app.inject({ url: '/whoami', cookies: { user: 'ada' } })
  t.equal(unsigned.statusCode, 401)

  t.equal((await app.inject('/whoami')).statusCode, 401)
})

t.test('the instance helpers sign, unsign, parse and serialize like the reply', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(cookie, { secret })
  await app.ready()
  const helpers = app as unknown as {
    signCookie: (value: string) => string
    unsignCookie: (value: string) => { valid: boolean, value: string | null }
    parseCookie: (header: string) => Record<string, string>
    serializeCookie: (name: string, value: string, options?: CookieOptions) => string
  }
  const signed = helpers.signCookie('value')
  t.same(helpers.unsignCookie(signed), { valid: true, renew: false, value: 'value' })
  t.same(helpers.unsignCookie(signed + 'x'), { valid: false, renew: false, value: null })
  t.same(helpers.parseCookie('a=1; b=2'), { a: '1', b: '2' })
  t.equal(helpers.serializeCookie('a', '1', { httpOnly: true }), 'a=1; HttpOnly')
})

t.test('a cookie set in an onSend hook after the plugin\'s own still reaches the response', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(cookie)
  app.addHook('onSend', function lateCookie (_request, reply, payload, done) {
    cookiesOf(reply as EnclaveReply).setCookie('late', 'yes')
    done(null, payload)
  })
  app.get('/', async function home () { return 'home' })

  const response = await app.inject('/')
  t.same(response.cookies.map((c) => [c.name, c.value]), [['late', 'yes']])
})
