import t from 'tap'
import enclave from '@enclave/core'

t.test('setErrorHandler: the handler receives the error, the request and the reply', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  let seen: Record<string, unknown> = {}
  app.setErrorHandler(function (this: any, error: any, request, reply) {
    seen = { message: error.message, url: request.url, thisIsApp: this === app, status: reply.statusCode }
    reply.code(error.statusCode ?? 500).send({ custom: true, message: error.message })
  })
  app.get('/fail', async () => { throw Object.assign(new Error('nope'), { statusCode: 409 }) })
  const response = await app.inject('/fail')
  t.equal(response.statusCode, 409)
  t.equal(response.headers['content-type'], 'application/json; charset=utf-8')
  t.same(response.json(), { custom: true, message: 'nope' })
  // The handler gets the reply as the route left it (Fastify 4): the error's status is not applied for it.
  t.same(seen, { message: 'nope', url: '/fail', thisIsApp: true, status: 200 })
})

t.test('an error handler may return the payload (sync or async) instead of sending', async (t) => {
  const syncApp = enclave()
  t.teardown(() => syncApp.close())
  syncApp.setErrorHandler((error: Error, _request, reply) => { reply.code(400); return { sync: error.message } })
  syncApp.get('/', async () => { throw new Error('s') })
  const sync = await syncApp.inject('/')
  t.equal(sync.statusCode, 400)
  t.same(sync.json(), { sync: 's' })

  const asyncApp = enclave()
  t.teardown(() => asyncApp.close())
  asyncApp.setErrorHandler(async (error: Error, _request, reply) => {
    await new Promise((resolve) => setTimeout(resolve, 5))
    reply.code(502).header('x-handled', 'async')
    return `async ${error.message}`
  })
  asyncApp.get('/', async () => { throw new Error('a') })
  const asyncResponse = await asyncApp.inject('/')
  t.equal(asyncResponse.statusCode, 502)
  t.equal(asyncResponse.headers['x-handled'], 'async')
  t.equal(asyncResponse.headers['content-type'], 'text/plain; charset=utf-8')
  t.equal(asyncResponse.body, 'async a')
})

t.test('a custom error handler gets the reply untouched: status as the route left it, the error\'s statusCode not applied', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.setErrorHandler(async (error: any, request, reply) => {
    if (request.url === '/recover') {
      reply.code(200)
      return { recovered: true }
    }
    return { status: reply.statusCode, message: error.message }
  })
  app.get('/teapot', async () => { throw Object.assign(new Error('tea'), { statusCode: 418 }) })
  app.get('/plain', async () => { throw new Error('plain') })
  app.get('/created', async (_request, reply) => { reply.code(201); throw new Error('after code') })
  app.get('/recover', async () => { throw new Error('x') })
  const teapot = await app.inject('/teapot')
  t.equal(teapot.statusCode, 200)
  t.same(teapot.json(), { status: 200, message: 'tea' })
  const plain = await app.inject('/plain')
  t.equal(plain.statusCode, 200)
  t.same(plain.json(), { status: 200, message: 'plain' })
  const created = await app.inject('/created')
  t.same(created.json(), { status: 201, message: 'after code' })
  const recover = await app.inject('/recover')
  t.equal(recover.statusCode, 200)
  t.same(recover.json(), { recovered: true })
})

t.test('an error handler that throws or rejects hands its error to the default handler', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.setErrorHandler(async (error: Error, request) => {
    if (request.url === '/reject') throw Object.assign(new Error(`rejected: ${error.message}`), { statusCode: 503 })
    throw new Error(`thrown: ${error.message}`)
  })
  app.get('/throw', async () => { throw new Error('one') })
  app.get('/reject', async () => { throw new Error('two') })
  const thrown = await app.inject('/throw')
  t.equal(thrown.statusCode, 500)
  t.same(thrown.json(), { statusCode: 500, error: 'Internal Server Error', message: 'thrown: one' })
  const rejected = await app.inject('/reject')
  t.equal(rejected.statusCode, 503)
  t.same(rejected.json(), { statusCode: 503, error: 'Service Unavailable', message: 'rejected: two' })
})

t.test('an error handler that sends an error re-enters the error path at the next handler', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.setErrorHandler((error: Error, _request, reply) => { reply.code(422).send(error) })
  app.get('/', async () => { throw new Error('original') })
  const response = await app.inject('/')
  t.equal(response.statusCode, 422)
  t.same(response.json(), { statusCode: 422, error: 'Unprocessable Entity', message: 'original' })
})

t.test('the error handler answers errors from hooks, parsers, validation and not-found routes', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.setErrorHandler(async (error: any, _request, reply) => {
    reply.code(error.statusCode ?? 500)
    return { handled: error.code ?? error.message }
  })
  app.addHook('onRequest', async (request) => { if (request.url === '/hook') throw new Error('hook failure') })
  app.get('/hook', async () => 'x')
  app.post('/json', async (request) => request.body)
  app.get('/validated', { schema: { querystring: { type: 'object', required: ['q'] } } }, async () => 'x')
  const hook = await app.inject('/hook')
  t.same([hook.statusCode, hook.json()], [500, { handled: 'hook failure' }])
  const json = await app.inject({ method: 'POST', url: '/json', payload: '{', headers: { 'content-type': 'application/json' } })
  t.same([json.statusCode, json.json()], [400, { handled: 'FST_ERR_CTP_INVALID_JSON_BODY' }])
  const media = await app.inject({ method: 'POST', url: '/json', payload: '<a/>', headers: { 'content-type': 'application/xml' } })
  t.same([media.statusCode, media.json()], [415, { handled: 'FST_ERR_CTP_INVALID_MEDIA_TYPE' }])
  const validated = await app.inject('/validated')
  t.same([validated.statusCode, validated.json()], [400, { handled: 'FST_ERR_VALIDATION' }])
})

t.test('setErrorHandler requires a function and cannot be called after ready()', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  t.throws(() => app.setErrorHandler('x' as any), { code: 'FST_ERR_ERROR_HANDLER_NOT_FN', message: 'Error Handler must be a function' })
  await app.ready()
  t.throws(() => app.setErrorHandler(() => {}), { code: 'FST_ERR_INSTANCE_ALREADY_LISTENING' })
})

t.test('the last setErrorHandler at the root wins; app.errorHandler exposes it, bound to its instance as in Fastify 4.29', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  const first = async () => 'first'
  const second = async function (this: unknown, _error: unknown, _request: unknown, reply: any) { reply.code(500); return this === app ? 'second' : 'unbound' }
  app.setErrorHandler(first)
  app.setErrorHandler(second)
  t.equal((app as any).errorHandler.name, 'bound second')
  t.equal((app as any).errorHandler, (app as any).errorHandler, 'the same function at each read')
  t.equal(await (app as any).errorHandler.call(null, new Error('x'), null, { code () {} }), 'second', 'called with the instance as this')
  app.get('/', async () => { throw new Error('x') })
  t.equal((await app.inject('/')).body, 'second')
})

t.test('onSend hooks run for the custom error response', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.addHook('onSend', async (_request, reply, payload) => { reply.header('x-on-send', 'ran'); return payload })
  app.setErrorHandler(async (_error, _request, reply) => { reply.code(400); return { custom: true } })
  app.get('/', async () => { throw new Error('x') })
  const response = await app.inject('/')
  t.equal(response.headers['x-on-send'], 'ran')
  t.same(response.json(), { custom: true })
})
