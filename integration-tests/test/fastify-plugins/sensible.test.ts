// @fastify/sensible 5 (the Fastify 4 major), unmodified, on Enclave: httpErrors thrown or sent
// through the reply helpers, assert, to(), the cache/vary reply helpers, request.is and the
// shared HttpError schema.
import t from 'tap'
import enclave from '@enclave/core'
import type { EnclaveInstance, EnclaveReply } from '@enclave/core'
import sensible from '@fastify/sensible'

type HttpErrorFactory = (message?: string) => Error & { statusCode: number, expose: boolean }

interface SensibleInstance {
  httpErrors: Record<string, HttpErrorFactory> & {
    createError: (status: number, message?: string, properties?: Record<string, unknown>) => Error
  }
  assert: ((condition: unknown, status?: number, message?: string) => void) & {
    equal: (a: unknown, b: unknown, status?: number, message?: string) => void
  }
  to: <T>(promise: Promise<T>) => Promise<[Error | null, T | undefined]>
}

interface SensibleReply {
  notFound: (message?: string) => EnclaveReply
  badRequest: (message?: string) => EnclaveReply
  imateapot: (message?: string) => EnclaveReply
  getHttpError: (code: number, message?: string) => EnclaveReply
  vary: (field: string) => void
  cacheControl: (type: string, time?: number | string) => SensibleReply & EnclaveReply
  preventCache: () => EnclaveReply
}

interface SensibleRequest {
  is: (types: string | string[]) => string | false | null
  forwarded: () => string[]
}

function sensibleOf (app: EnclaveInstance): SensibleInstance {
  return app as unknown as SensibleInstance
}

function helpers (reply: EnclaveReply): SensibleReply {
  return reply as unknown as SensibleReply
}

t.test('httpErrors thrown from a handler become the matching status and error payload', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(sensible)
  const { httpErrors } = sensibleOf(app)
  app.get('/not-found', async function missing () { throw httpErrors.notFound!() })
  app.get('/conflict', async function conflict () { throw httpErrors.conflict!('already exists') })
  app.get('/created', async function created () { throw httpErrors.createError(422, 'bad shape', { field: 'name' }) })
  app.get('/bad-gateway', async function badGateway () { throw httpErrors.badGateway!('upstream failed') })

  const notFound = await app.inject('/not-found')
  t.equal(notFound.statusCode, 404)
  t.same(notFound.json(), { statusCode: 404, error: 'Not Found', message: 'Not Found' })

  const conflict = await app.inject('/conflict')
  t.equal(conflict.statusCode, 409)
  t.same(conflict.json(), { statusCode: 409, error: 'Conflict', message: 'already exists' })

  const created = await app.inject('/created')
  t.equal(created.statusCode, 422)
  t.same(created.json(), { statusCode: 422, error: 'Unprocessable Entity', message: 'bad shape' })

  const badGateway = await app.inject('/bad-gateway')
  t.equal(badGateway.statusCode, 502)
  t.equal(badGateway.json().error, 'Bad Gateway')
  t.notMatch(badGateway.body, /at .*\.js/, 'no stack in the payload')
})

t.test('the reply helpers send the error, from sync and async handlers alike', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(sensible)
  app.get('/sync', function sync (_request, reply) { helpers(reply).notFound() })
  app.get('/async-return', async function asyncReturn (_request, reply) { return helpers(reply).badRequest('missing id') })
  app.get('/teapot', async function teapot (_request, reply) { return helpers(reply).imateapot() })
  app.get('/by-code', function byCode (_request, reply) { helpers(reply).getHttpError(429, 'slow down') })

  t.same((await app.inject('/sync')).json(), { statusCode: 404, error: 'Not Found', message: 'Not Found' })
  const bad = await app.inject('/async-return')
  t.equal(bad.statusCode, 400)
  t.equal(bad.json().message, 'missing id')
  t.equal((await app.inject('/teapot')).statusCode, 418)
  const limited = await app.inject('/by-code')
  t.equal(limited.statusCode, 429)
  t.same(limited.json(), { statusCode: 429, error: 'Too Many Requests', message: 'slow down' })
})

t.test('a custom error handler receives the http error with its status', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(sensible)
  app.setErrorHandler(function wrap (error: Error & { statusCode?: number }, _request, reply) {
    reply.code(error.statusCode ?? 500).send({ wrapped: error.message, status: error.statusCode })
  })
  app.get('/', async function forbidden () { throw sensibleOf(app).httpErrors.forbidden!('no access') })

  const response = await app.inject('/')
  t.equal(response.statusCode, 403)
  t.same(response.json(), { wrapped: 'no access', status: 403 })
})

t.test('assert throws an http error with the given status when the condition fails', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(sensible)
  app.get('/items', async function items (request) {
    const query = request.query as { limit?: string }
    sensibleOf(app).assert(query.limit !== undefined, 400, 'limit is required')
    sensibleOf(app).assert.equal(query.limit, '10', 409, 'limit must be 10')
    return { limit: query.limit }
  })

  t.same((await app.inject('/items?limit=10')).json(), { limit: '10' })
  const missing = await app.inject('/items')
  t.equal(missing.statusCode, 400)
  t.equal(missing.json().message, 'limit is required')
  const wrong = await app.inject('/items?limit=5')
  t.equal(wrong.statusCode, 409)
  t.equal(wrong.json().message, 'limit must be 10')
})

t.test('to() turns a promise into an [error, value] pair', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(sensible)
  await app.ready()
  const { to } = sensibleOf(app)
  const [failure, nothing] = await to(Promise.reject(new Error('nope')))
  t.equal(failure?.message, 'nope')
  t.equal(nothing, undefined)
  const [none, value] = await to(Promise.resolve(42))
  t.equal(none, null)
  t.equal(value, 42)
})

t.test('vary, cacheControl and preventCache set their headers; request.is reads the content type', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(sensible)
  app.post('/cached', function cached (request, reply) {
    helpers(reply).vary('Accept')
    helpers(reply).vary('Accept-Encoding')
    helpers(reply).cacheControl('public').cacheControl('max-age', '1d')
    const is = (request as unknown as SensibleRequest).is(['json', 'html'])
    reply.send({ is })
  })
  app.get('/fresh', function fresh (_request, reply) {
    helpers(reply).preventCache().send('fresh')
  })

  const cached = await app.inject({ method: 'POST', url: '/cached', payload: { a: 1 } })
  t.equal(cached.headers.vary, 'Accept, Accept-Encoding')
  t.equal(cached.headers['cache-control'], 'public, max-age=86400')
  t.same(cached.json(), { is: 'json' })

  const fresh = await app.inject('/fresh')
  t.equal(fresh.headers['cache-control'], 'no-store, max-age=0, private')
  t.equal(fresh.headers.pragma, 'no-cache')
  t.equal(fresh.headers.expires, '0')
})

t.test('request.forwarded lists the client address then X-Forwarded-For hops', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(sensible)
  app.get('/', function home (request, reply) {
    reply.send((request as unknown as SensibleRequest).forwarded())
  })
  const response = await app.inject({ url: '/', headers: { 'x-forwarded-for': '10.0.0.1, 10.0.0.2' } })
  t.same(response.json(), ['127.0.0.1', '10.0.0.2', '10.0.0.1'])
})

t.test('the sharedSchemaId option adds a schema routes can use for their error responses', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(sensible, { sharedSchemaId: 'HttpError' })
  app.get('/thing', {
    schema: { response: { 404: { $ref: 'HttpError' } } }
  }, async function thing (_request, reply) {
    return helpers(reply).notFound('no such thing')
  })
  await app.ready()

  t.same(app.getSchema('HttpError'), {
    $id: 'HttpError',
    type: 'object',
    properties: {
      statusCode: { type: 'number' },
      code: { type: 'string' },
      error: { type: 'string' },
      message: { type: 'string' }
    }
  })
  const response = await app.inject('/thing')
  t.equal(response.statusCode, 404)
  t.same(response.json(), { statusCode: 404, error: 'Not Found', message: 'no such thing' })
})
