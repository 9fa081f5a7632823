// @fastify/auth 4 (the Fastify 4 major), unmodified, on Enclave: fastify.auth([...]) composing
// strategies with or / and (callback and async strategies, nested groups), as a preHandler or an
// onRequest hook, and together with @fastify/bearer-auth as its README shows.
import t from 'tap'
import enclave from '@enclave/core'
import type { EnclaveInstance, EnclaveReply, EnclaveRequest } from '@enclave/core'
import auth from '@fastify/auth'
import bearerAuth from '@fastify/bearer-auth'

type Strategy = (this: EnclaveInstance, request: EnclaveRequest, reply: EnclaveReply, done: (error?: Error) => void) => void
type AsyncStrategy = (this: EnclaveInstance, request: EnclaveRequest, reply: EnclaveReply) => Promise<void>
type Composed = (request: EnclaveRequest, reply: EnclaveReply, done: (error?: Error) => void) => void
type Compose = (strategies: Array<Strategy | AsyncStrategy | Array<Strategy | AsyncStrategy>>, options?: { relation?: 'or' | 'and', run?: 'all' }) => Composed

/** `app.auth(...)`, called as a method: the plugin binds the strategies to the instance it is called on. */
function composerOf (app: EnclaveInstance): Compose {
  const decorated = app as unknown as { auth: Compose }
  return function compose (strategies, options) { return decorated.auth(strategies, options) }
}

/** Callback style: an API key in x-key. */
const verifyKey: Strategy = function verifyKey (request, _reply, done) {
  done(request.headers['x-key'] === 'key-1' ? undefined : new Error('bad key'))
}

/** Async style: a user name in x-user. */
const verifyUser: AsyncStrategy = async function verifyUser (request) {
  if (request.headers['x-user'] !== 'ada') throw new Error('bad user')
}

const credentials = [
  ['nothing', {}],
  ['key only', { 'x-key': 'key-1' }],
  ['user only', { 'x-user': 'ada' }],
  ['both', { 'x-key': 'key-1', 'x-user': 'ada' }]
] as const

/** Wrapped in an object: an instance is thenable (awaiting it awaits ready()), so a promise of one would resolve to that. */
async function buildApp (t: { teardown: (fn: () => unknown) => void }): Promise<{ app: EnclaveInstance }> {
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(auth)
  const compose = composerOf(app)
  app.get('/or', { preHandler: compose([verifyKey, verifyUser]) }, async function either () { return { route: 'or' } })
  app.get('/and', { preHandler: compose([verifyKey, verifyUser], { relation: 'and' }) }, async function both () { return { route: 'and' } })
  app.route({
    method: 'GET',
    url: '/hook',
    onRequest: compose([verifyKey]),
    handler: async function viaHook () { return { route: 'hook' } }
  })
  return { app }
}

t.test('or: any one strategy lets the request through; when all fail the last error is a 401', async (t) => {
  const { app } = await buildApp(t)
  const results: Record<string, [number, unknown]> = {}
  for (const [label, headers] of credentials) {
    const response = await app.inject({ url: '/or', headers })
    results[label] = [response.statusCode, response.json()]
  }
  t.same(results, {
    nothing: [401, { statusCode: 401, error: 'Unauthorized', message: 'bad user' }],
    'key only': [200, { route: 'or' }],
    'user only': [200, { route: 'or' }],
    both: [200, { route: 'or' }]
  })
})

t.test('and: every strategy must pass; the first failure is the 401', async (t) => {
  const { app } = await buildApp(t)
  const results: Record<string, [number, string]> = {}
  for (const [label, headers] of credentials) {
    const response = await app.inject({ url: '/and', headers })
    results[label] = [response.statusCode, response.json().message ?? response.json().route]
  }
  t.same(results, {
    nothing: [401, 'bad key'],
    'key only': [401, 'bad user'],
    'user only': [401, 'bad key'],
    both: [200, 'and']
  })
})

t.test('the composed function also works as an onRequest hook', async (t) => {
  const { app } = await buildApp(t)
  t.equal((await app.inject('/hook')).statusCode, 401)
  t.same((await app.inject({ url: '/hook', headers: { 'x-key': 'key-1' } })).json(), { route: 'hook' })
})

t.test('nested groups: [a, [b, c]] means a or (b and c); strategies run with the instance as this', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(auth)
  app.decorate('adminName', 'root')
  const isAdmin: Strategy = function isAdmin (request, _reply, done) {
    done(request.headers['x-admin'] === (this as unknown as { adminName: string }).adminName ? undefined : new Error('not admin'))
  }
  app.get('/admin-or-user', { preHandler: composerOf(app)([isAdmin, [verifyKey, verifyUser]]) }, async function guarded () { return 'in' })

  t.equal((await app.inject({ url: '/admin-or-user', headers: { 'x-admin': 'root' } })).statusCode, 200)
  t.equal((await app.inject({ url: '/admin-or-user', headers: { 'x-key': 'key-1', 'x-user': 'ada' } })).statusCode, 200)
  t.equal((await app.inject({ url: '/admin-or-user', headers: { 'x-key': 'key-1' } })).statusCode, 401)
  t.equal((await app.inject({ url: '/admin-or-user', headers: { 'x-admin': 'someone' } })).statusCode, 401)
})

t.test('a strategy that sets its own error status keeps it', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(auth)
  const forbid: Strategy = function forbid (_request, reply, done) {
    reply.code(403)
    done(new Error('forbidden here'))
  }
  app.get('/', { preHandler: composerOf(app)([forbid]) }, async function home () { return 'home' })

  const response = await app.inject('/')
  t.equal(response.statusCode, 403)
  t.equal(response.json().message, 'forbidden here')
})

t.test('invalid compositions are refused when the route is declared', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(auth)
  const compose = composerOf(app)
  t.throws(() => compose([]), /Missing auth functions/)
  t.throws(() => compose([verifyKey], { relation: 'xor' as 'or' }), /relation should be one of/)
  t.throws(() => compose([[[verifyKey] as unknown as Strategy]]), /Nesting sub-arrays is not supported/)
})

t.test('with @fastify/bearer-auth (addHook: false) a bearer key or another strategy lets the request in', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(auth)
  await app.register(bearerAuth, { addHook: false, keys: ['bearer-key'], verifyErrorLogLevel: 'debug' })
  const verifyBearerAuth = (app as unknown as { verifyBearerAuth: Strategy }).verifyBearerAuth
  app.get('/multi', { preHandler: composerOf(app)([verifyKey, verifyBearerAuth]) }, async function multi () { return { in: true } })

  t.same((await app.inject({ url: '/multi', headers: { authorization: 'Bearer bearer-key' } })).json(), { in: true })
  t.same((await app.inject({ url: '/multi', headers: { 'x-key': 'key-1' } })).json(), { in: true })
  const refused = await app.inject({ url: '/multi', headers: { authorization: 'Bearer wrong' } })
  t.equal(refused.statusCode, 401)
  t.equal(refused.json().message, 'invalid authorization header', 'the last strategy\'s error answers')
})
