import t from 'tap'
import enclave from '@enclave/core'
import bearerAuth from '@enclave/bearer-auth'
import { bearer } from './helpers/app.js'

const cases = [
  { name: 'missing header', headers: {}, status: 401 },
  { name: 'malformed header', headers: { authorization: 'Basic x' }, status: 401 },
  { name: 'wrong key', headers: bearer('wrong'), status: 401 },
  { name: 'auth throws', headers: bearer('boom'), status: 500 },
  { name: 'auth breaks its contract', headers: bearer('undefined'), status: 500 }
]

function auth (key: string): boolean {
  if (key === 'boom') throw new Error('boom')
  if (key === 'undefined') return undefined as unknown as boolean
  return key === 'right'
}

t.test('contentType applies to every error response, 401 and 500 alike', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(bearerAuth, { auth, contentType: 'application/problem+json' })
  app.get('/', () => ({ ok: true }))
  for (const { name, headers, status } of cases) {
    const response = await app.inject({ url: '/', headers })
    t.equal(response.statusCode, status, name)
    t.match(response.headers['content-type'], /^application\/problem\+json/, name)
    t.type(response.json().error, 'string', name)
  }
  const accepted = await app.inject({ url: '/', headers: bearer('right') })
  t.match(accepted.headers['content-type'], /^application\/json/, 'successful replies are untouched')
})

t.test('a non-JSON contentType with the default errorResponse still answers, with the object as JSON text', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(bearerAuth, { auth, contentType: 'text/plain' })
  app.get('/', () => 'ok')
  for (const { name, headers, status } of cases) {
    const response = await app.inject({ url: '/', headers })
    t.equal(response.statusCode, status, name)
    t.match(response.headers['content-type'], /^text\/plain/, name)
    t.match(response.body, /^\{"error":"[a-z ]+"\}$/, name)
  }
})

t.test('errorResponse shapes every error body; the 500 one gets the generic error, not the thrown one', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  const seen: string[] = []
  await app.register(bearerAuth, {
    auth,
    errorResponse (err: Error) {
      seen.push(err.message)
      return { problem: err.message, code: (err as Error & { code: string }).code }
    }
  })
  app.get('/', () => 'ok')
  const bodies = []
  for (const { headers } of cases) bodies.push((await app.inject({ url: '/', headers })).json())
  t.same(bodies, [
    { problem: 'missing authorization header', code: 'FST_BEARER_AUTH_MISSING_AUTHORIZATION_HEADER' },
    { problem: 'invalid authorization header', code: 'FST_BEARER_AUTH_INVALID_AUTHORIZATION_HEADER' },
    { problem: 'invalid authorization header', code: 'FST_BEARER_AUTH_INVALID_AUTHORIZATION_HEADER' },
    { problem: 'internal server error', code: 'ENC_ERR_BEARER_AUTH_INTERNAL' },
    { problem: 'internal server error', code: 'ENC_ERR_BEARER_AUTH_INTERNAL' }
  ])
  t.notOk(seen.includes('boom'))
})

t.test('errorResponse returning a string with a text contentType is sent as is', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(bearerAuth, { keys: ['k'], contentType: 'text/plain; charset=utf-8', errorResponse: (err: Error) => `denied: ${err.message}` })
  app.get('/', () => 'ok')
  const response = await app.inject('/')
  t.equal(response.statusCode, 401)
  t.equal(response.headers['content-type'], 'text/plain; charset=utf-8')
  t.equal(response.body, 'denied: missing authorization header')
  t.equal(response.headers['www-authenticate'], 'Bearer realm="api"')
})

t.test('an errorResponse that throws ends in a 500 from the error handler, not a hung request', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(bearerAuth, {
    auth: async () => false,
    errorResponse () { throw new Error('formatter broke') }
  })
  app.get('/', () => 'ok')
  const response = await app.inject({ url: '/', headers: bearer('x') })
  t.equal(response.statusCode, 500)
  const sync = enclave()
  t.teardown(() => sync.close())
  await sync.register(bearerAuth, { keys: ['k'], errorResponse () { throw new Error('formatter broke') } })
  sync.get('/', () => 'ok')
  t.equal((await sync.inject('/')).statusCode, 500)
})
