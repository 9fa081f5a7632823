import t, { type Test } from 'tap'
import type { EnclaveInstance, EnclaveRequest } from '@enclave/core'
import bearerAuth, { type BearerAuthOptions } from '@enclave/bearer-auth'
import { appWithLogs, bearer, showAuth, type LogLine } from './helpers/app.js'

async function appWith (t: Test, options: BearerAuthOptions): Promise<{ app: EnclaveInstance, lines: LogLine[] }> {
  const { app, lines } = appWithLogs()
  t.teardown(() => app.close())
  await app.register(bearerAuth, options)
  app.get('/', showAuth)
  return { app, lines }
}

function sleep (ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

t.test('auth replaces keys: it receives the trimmed token and the request', async (t) => {
  const seen: Array<{ key: string, url: string }> = []
  const { app } = await appWith(t, {
    keys: ['ignored-key'],
    auth (key: string, request: EnclaveRequest) {
      seen.push({ key, url: request.url })
      return key === 'good'
    }
  })
  t.equal((await app.inject({ url: '/?x=1', headers: { authorization: 'Bearer   good ' } })).statusCode, 200)
  t.equal((await app.inject({ url: '/', headers: bearer('ignored-key') })).statusCode, 401, 'keys are ignored when auth is given')
  t.same(seen, [{ key: 'good', url: '/?x=1' }, { key: 'ignored-key', url: '/' }])
})

t.test('auth is not called when the header is missing or malformed', async (t) => {
  let calls = 0
  const { app } = await appWith(t, { auth () { calls++; return true } })
  t.equal((await app.inject('/')).statusCode, 401)
  t.equal((await app.inject({ url: '/', headers: { authorization: 'Basic x' } })).statusCode, 401)
  t.equal(calls, 0)
})

t.test('sync auth returning false: 401 invalid_token', async (t) => {
  const { app } = await appWith(t, { auth: () => false })
  const response = await app.inject({ url: '/', headers: bearer('x') })
  t.equal(response.statusCode, 401)
  t.same(response.json(), { error: 'invalid authorization header' })
  t.equal(response.headers['www-authenticate'], 'Bearer realm="api", error="invalid_token"')
})

t.test('async auth resolving true: accepted, the handler sees the token', async (t) => {
  const { app } = await appWith(t, {
    async auth (key: string) {
      await sleep(5)
      return key === 'async-good'
    }
  })
  const response = await app.inject({ url: '/', headers: bearer('async-good') })
  t.equal(response.statusCode, 200)
  t.same(response.json(), { token: 'async-good', principal: null })
})

t.test('async auth resolving false: 401 invalid_token', async (t) => {
  const { app } = await appWith(t, { auth: async () => { await sleep(5); return false } })
  const response = await app.inject({ url: '/', headers: bearer('x') })
  t.equal(response.statusCode, 401)
  t.same(response.json(), { error: 'invalid authorization header' })
  t.equal(response.headers['www-authenticate'], 'Bearer realm="api", error="invalid_token"')
})

t.test('auth returning an object: accepted, the object is request.bearerPrincipal', async (t) => {
  const { app } = await appWith(t, {
    async auth (key: string) {
      return key === 'alice-key' ? { user: 'alice', scopes: ['read'] } : false
    }
  })
  const response = await app.inject({ url: '/', headers: bearer('alice-key') })
  t.equal(response.statusCode, 200)
  t.same(response.json(), { token: 'alice-key', principal: { user: 'alice', scopes: ['read'] } })
  t.equal((await app.inject({ url: '/', headers: bearer('mallory') })).statusCode, 401)
})

t.test('the decorations start as null on every request (no leak from an earlier one)', async (t) => {
  const { app } = await appWith(t, { auth: (key: string) => key === 'p' ? { id: 1 } : key === 't' })
  t.same((await app.inject({ url: '/', headers: bearer('p') })).json(), { token: 'p', principal: { id: 1 } })
  t.same((await app.inject({ url: '/', headers: bearer('t') })).json(), { token: 't', principal: null })
})

t.test('auth that throws: a generic 500 (never the thrown message) and one error log line with it', async (t) => {
  const { app, lines } = await appWith(t, {
    auth () { throw new Error('db password is hunter2') }
  })
  const response = await app.inject({ url: '/', headers: bearer('x') })
  t.equal(response.statusCode, 500)
  t.same(response.json(), { error: 'internal server error' })
  t.notMatch(response.body, /hunter2/)
  t.notOk('www-authenticate' in response.headers, 'a 500 is not a challenge')
  const logged = lines.filter((line) => line.err?.message === 'db password is hunter2')
  t.equal(logged.length, 1, 'the real reason is logged once')
  t.equal(logged[0]!.level, 50, 'at error level')
  t.match(logged[0]!.msg, /auth function failed/)
})

t.test('async auth that rejects: the same generic 500 and log line', async (t) => {
  const { app, lines } = await appWith(t, {
    async auth () {
      await sleep(2)
      throw new Error('connection refused to 10.0.0.5')
    }
  })
  const response = await app.inject({ url: '/', headers: bearer('x') })
  t.equal(response.statusCode, 500)
  t.same(response.json(), { error: 'internal server error' })
  t.notMatch(response.body, /10\.0\.0\.5/)
  t.ok(lines.some((line) => line.level === 50 && line.err?.message === 'connection refused to 10.0.0.5'))
})

t.test('auth rejecting with a non-Error still answers 500', async (t) => {
  // eslint-disable-next-line prefer-promise-reject-errors
  const { app } = await appWith(t, { auth: () => Promise.reject('plain string') })
  const response = await app.inject({ url: '/', headers: bearer('x') })
  t.equal(response.statusCode, 500)
  t.same(response.json(), { error: 'internal server error' })
})

t.test('auth breaking its contract (not true, false or an object): 500, and the log says why', async (t) => {
  const results: unknown[] = [undefined, null, 'true', 1, new Error('returned, not thrown')]
  let index = 0
  const { app, lines } = await appWith(t, { auth: (() => results[index++]) as unknown as () => boolean })
  for (const result of results) {
    const response = await app.inject({ url: '/', headers: bearer('x') })
    t.equal(response.statusCode, 500, String(result))
    t.same(response.json(), { error: 'internal server error' })
  }
  t.ok(lines.some((line) => /must return true, false or a principal object, not undefined/.test(String(line.err?.message))))
  t.ok(lines.some((line) => /not string/.test(String(line.err?.message))))
})

t.test('auth is called with the registering instance as this', async (t) => {
  let self: unknown
  const { app } = await appWith(t, { auth () { self = this; return true } })
  await app.inject({ url: '/', headers: bearer('x') })
  t.equal(self, app)
})

t.test('a refused request is logged at verifyErrorLogLevel', async (t) => {
  const { app, lines } = await appWith(t, { keys: ['k'], verifyErrorLogLevel: 'warn' })
  await app.inject({ url: '/', headers: bearer('wrong') })
  const line = lines.find((entry) => entry.msg === 'unauthorized: invalid authorization header')
  t.ok(line)
  t.equal(line!.level, 40)
})
