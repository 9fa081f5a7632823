import t from 'tap'
import { Writable } from 'node:stream'
import enclave from '@enclave/core'
import Fastify from 'fastify4'
import { createServer, fastifyProfile } from '@enclave/core/internal'

function captureLogs () {
  const lines: Array<Record<string, any>> = []
  const stream = new Writable({
    write (chunk, _encoding, callback) {
      lines.push(JSON.parse(chunk.toString()))
      callback()
    }
  })
  return { lines, stream }
}

t.test('route() with a method array answers each method with one handler', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.route({ method: ['GET', 'post', 'PUT'], url: '/m', handler: async (request) => ({ method: request.method }) })
  for (const method of ['GET', 'POST', 'PUT'] as const) {
    const response = await app.inject({ method, url: '/m' })
    t.equal(response.statusCode, 200, method)
    t.equal(response.headers['content-type'], 'application/json; charset=utf-8')
    t.same(response.json(), { method })
  }
  const deleted = await app.inject({ method: 'DELETE', url: '/m' })
  t.equal(deleted.statusCode, 404)
  t.equal(deleted.json().message, 'Route DELETE:/m not found')
})

t.test('route() accepts path as well as url, and parametric and wildcard paths', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.route({ method: 'GET', path: '/users/:id/posts/:post', handler: async (request) => request.params })
  app.route({ method: 'GET', url: '/files/*', handler: async (request) => request.params })
  app.route({ method: 'GET', url: '/re/:n(^\\d+)', handler: async (request) => request.params })
  t.same((await app.inject('/users/7/posts/hello')).json(), { id: '7', post: 'hello' })
  t.same((await app.inject('/files/a/b.txt')).json(), { '*': 'a/b.txt' })
  t.same((await app.inject('/re/42')).json(), { n: '42' })
  t.equal((await app.inject('/re/abc')).statusCode, 404)
  t.same((await app.inject('/users/caf%C3%A9/posts/x')).json(), { id: 'café', post: 'x' }, 'params are decoded')
})

t.test('route config is readable from request.routeOptions.config, with url and method', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.route({
    method: 'GET',
    url: '/c/:id',
    config: { rateLimit: 5, tags: ['a'] },
    handler: async (request) => request.routeOptions.config
  })
  const response = await app.inject('/c/1')
  t.same(response.json(), { rateLimit: 5, tags: ['a'], url: '/c/:id', method: 'GET' })
})

t.test('route bodyLimit overrides the server bodyLimit for that route only', async (t) => {
  const app = enclave({ bodyLimit: 100 })
  t.teardown(() => app.close())
  app.post('/small', { bodyLimit: 10 }, async (request) => request.body)
  app.post('/default', async (request) => request.body)
  app.post('/large', { bodyLimit: 1000 }, async (request) => request.body)
  const body = JSON.stringify({ text: 'x'.repeat(50) })
  const small = await app.inject({ method: 'POST', url: '/small', payload: body, headers: { 'content-type': 'application/json' } })
  t.equal(small.statusCode, 413)
  t.same(small.json(), { statusCode: 413, code: 'FST_ERR_CTP_BODY_TOO_LARGE', error: 'Payload Too Large', message: 'Request body is too large' })
  const fits = await app.inject({ method: 'POST', url: '/default', payload: body, headers: { 'content-type': 'application/json' } })
  t.equal(fits.statusCode, 200)
  const big = JSON.stringify({ text: 'x'.repeat(500) })
  t.equal((await app.inject({ method: 'POST', url: '/default', payload: big, headers: { 'content-type': 'application/json' } })).statusCode, 413)
  const large = await app.inject({ method: 'POST', url: '/large', payload: big, headers: { 'content-type': 'application/json' } })
  t.equal(large.statusCode, 200)
  t.equal(large.json().text.length, 500)
})

t.test('route bodyLimit must be a positive integer', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  t.throws(() => app.post('/', { bodyLimit: -1 }, async () => 'x'), { code: 'FST_ERR_ROUTE_BODY_LIMIT_OPTION_NOT_INT', message: "'bodyLimit' option must be an integer > 0. Got '-1'" })
  t.throws(() => app.post('/', { bodyLimit: '10' as any }, async () => 'x'), { code: 'FST_ERR_ROUTE_BODY_LIMIT_OPTION_NOT_INT' })
})

t.test('route logLevel changes what the route logs', async (t) => {
  const { lines, stream } = captureLogs()
  const app = enclave({ logger: { stream, level: 'info' } })
  t.teardown(() => app.close())
  app.get('/quiet', { logLevel: 'warn' }, async (request) => {
    request.log.info('handler info')
    request.log.warn('handler warn')
    return 'quiet'
  })
  app.get('/chatty', { logLevel: 'debug' }, async (request) => {
    request.log.debug('handler debug')
    return request.routeOptions.logLevel
  })
  app.get('/normal', async (request) => {
    request.log.debug('hidden debug')
    return request.routeOptions.logLevel
  })
  t.equal((await app.inject('/quiet')).body, 'quiet')
  t.equal((await app.inject('/chatty')).body, 'debug')
  t.equal((await app.inject('/normal')).body, '', 'no route level: empty string, as in Fastify')
  const messages = lines.map((line) => `${line.level}:${line.msg as string}`)
  t.notOk(messages.includes('30:handler info'))
  t.ok(messages.includes('40:handler warn'))
  t.ok(messages.includes('20:handler debug'))
  t.notOk(messages.includes('20:hidden debug'))
  const quietIncoming = lines.filter((line) => line.msg === 'incoming request' && line.req.url === '/quiet')
  t.equal(quietIncoming.length, 0, 'a warn-level route does not log its requests at info')
  const chattyIncoming = lines.filter((line) => line.msg === 'incoming request' && line.req.url === '/chatty')
  t.equal(chattyIncoming.length, 1)
})

t.test('route errorHandler answers errors of that route instead of the instance one', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.setErrorHandler(async (error: Error, _request, reply) => {
    reply.code(500)
    return { by: 'instance', message: error.message }
  })
  app.get('/own', {
    errorHandler: async (error: Error, request, reply) => {
      reply.code(409)
      return { by: 'route', message: error.message, url: request.url }
    }
  }, async () => { throw new Error('route failure') })
  app.get('/shared', async () => { throw new Error('shared failure') })
  t.throws(() => app.get('/bad', { errorHandler: 'x' as any }, async () => 'x'), { code: 'FST_ERR_ROUTE_HANDLER_NOT_FN' })
  const own = await app.inject('/own')
  t.equal(own.statusCode, 409)
  t.same(own.json(), { by: 'route', message: 'route failure', url: '/own' })
  const shared = await app.inject('/shared')
  t.equal(shared.statusCode, 500)
  t.same(shared.json(), { by: 'instance', message: 'shared failure' })
})

t.test('a route errorHandler that throws hands its error to the next handler up', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.get('/', { errorHandler: () => { throw new Error('handler broke') } }, async () => { throw new Error('first') })
  const response = await app.inject('/')
  t.equal(response.statusCode, 500)
  t.same(response.json(), { statusCode: 500, error: 'Internal Server Error', message: 'handler broke' }, 'the default handler answers')

  const withInstance = enclave()
  t.teardown(() => withInstance.close())
  withInstance.setErrorHandler((error: Error, _request, reply) => { reply.code(502).send({ caught: error.message }) })
  withInstance.get('/', { errorHandler: () => { throw new Error('route handler broke') } }, async () => { throw new Error('first') })
  const caught = await withInstance.inject('/')
  t.equal(caught.statusCode, 502)
  t.same(caught.json(), { caught: 'route handler broke' }, 'the instance handler answers')
})

t.test('prefixTrailingSlash decides which of /prefix and /prefix/ a "/" route answers', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.register(async (child) => { child.get('/', { prefixTrailingSlash: 'both' }, async () => 'both') }, { prefix: '/both' })
  app.register(async (child) => { child.get('/', async () => 'default') }, { prefix: '/default' })
  app.register(async (child) => { child.get('/', { prefixTrailingSlash: 'slash' }, async () => 'slash') }, { prefix: '/slash' })
  app.register(async (child) => { child.get('/', { prefixTrailingSlash: 'no-slash' }, async () => 'no-slash') }, { prefix: '/no-slash' })
  const expected: Array<[string, number, string?]> = [
    ['/both', 200, 'both'], ['/both/', 200, 'both'],
    ['/default', 200, 'default'], ['/default/', 200, 'default'],
    ['/slash', 404], ['/slash/', 200, 'slash'],
    ['/no-slash', 200, 'no-slash'], ['/no-slash/', 404]
  ]
  for (const [url, status, body] of expected) {
    const response = await app.inject(url)
    t.equal(response.statusCode, status, url)
    if (body !== undefined) t.equal(response.body, body, url)
  }
  const route = await app.inject('/both')
  t.equal(route.headers['content-type'], 'text/plain; charset=utf-8')
})

t.test('route-level hooks run after the instance hooks of the same name, single or array', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  const order: string[] = []
  app.addHook('onRequest', async () => { order.push('app onRequest') })
  app.addHook('preHandler', async () => { order.push('app preHandler') })
  app.route({
    method: 'POST',
    url: '/',
    onRequest: async () => { order.push('route onRequest') },
    preParsing: [async () => { order.push('route preParsing 1') }, async () => { order.push('route preParsing 2') }],
    preValidation: (_request, _reply, done: () => void) => { order.push('route preValidation'); done() },
    preHandler: [async () => { order.push('route preHandler') }],
    preSerialization: async (_request, _reply, payload: any) => { order.push('route preSerialization'); return { ...payload, serialized: true } },
    onSend: async (_request, reply, payload: any) => { order.push('route onSend'); reply.header('x-on-send', 'yes'); return payload },
    onResponse: async () => { order.push('route onResponse') },
    handler: async (request) => { order.push('handler'); return { body: request.body } }
  })
  app.get('/other', async () => { order.push('other handler'); return 'other' })
  const response = await app.inject({ method: 'POST', url: '/', payload: { a: 1 } })
  t.equal(response.statusCode, 200)
  t.equal(response.headers['x-on-send'], 'yes')
  t.same(response.json(), { body: { a: 1 }, serialized: true })
  t.same(order, [
    'app onRequest', 'route onRequest', 'route preParsing 1', 'route preParsing 2', 'route preValidation',
    'app preHandler', 'route preHandler', 'handler', 'route preSerialization', 'route onSend', 'route onResponse'
  ])
  order.length = 0
  await app.inject('/other')
  t.same(order, ['app onRequest', 'app preHandler', 'other handler'], 'route hooks stay on their route')
})

t.test('route-level onError hook sees the route\'s errors', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  const seen: string[] = []
  app.get('/', { onError: async (_request, _reply, error: Error) => { seen.push(error.message) } }, async () => { throw new Error('nope') })
  const response = await app.inject('/')
  t.equal(response.statusCode, 500)
  t.same(seen, ['nope'])
})

t.test('an invalid route hook is refused at registration', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  t.throws(() => app.get('/', { preHandler: 'x' as any }, async () => 'x'), { code: 'FST_ERR_HOOK_INVALID_HANDLER' })
  // As Fastify checks route hooks: an async one declaring done, in a list (a single one runs by its promise).
  t.throws(() => app.get('/', { onRequest: [async (_request: any, _reply: any, _done: any) => {}] }, async () => 'x'), { code: 'FST_ERR_HOOK_INVALID_ASYNC_HANDLER' })
})

t.test('a duplicate route is a clear error at registration', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.get('/dup', async () => 'first')
  t.throws(() => app.get('/dup', async () => 'second'), {
    code: 'FST_ERR_DUPLICATED_ROUTE',
    message: "Method 'GET' already declared for route '/dup'"
  })
  app.post('/dup', async () => 'post is another route')
  t.throws(() => app.route({ method: ['PUT', 'POST'], url: '/dup', handler: async () => 'x' }), { code: 'FST_ERR_DUPLICATED_ROUTE', message: /'POST'/ })
  app.get('/dup', { constraints: { version: '1.0.0' } }, async () => 'versioned is another route')
  t.equal((await app.inject('/dup')).body, 'first')
})

t.test('route() rejects bad definitions with catalogue errors', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  t.throws(() => app.route(null as any), { code: 'FST_ERR_ROUTE_OPTIONS_NOT_OBJ' })
  t.throws(() => app.route({ method: 'GET', url: '/' } as any), { code: 'FST_ERR_ROUTE_MISSING_HANDLER', message: 'Missing handler function for "GET:/" route.' })
  t.throws(() => app.route({ method: 'GET', handler: async () => 'x' } as any), { code: 'FST_ERR_INVALID_URL' })
  t.throws(() => app.route({ method: 'FETCH', url: '/', handler: async () => 'x' }), { code: 'FST_ERR_ROUTE_METHOD_NOT_SUPPORTED', message: 'FETCH method is not supported.' })
  t.throws(() => app.route({ method: 42 as any, url: '/', handler: async () => 'x' }), { code: 'FST_ERR_ROUTE_METHOD_INVALID' })
  // As in Fastify: an empty list declares the route on no method (onRoute hooks see it, nothing answers).
  t.doesNotThrow(() => app.route({ method: [], url: '/none', handler: async () => 'x' }))
})

t.test('adding a route after ready() is an error', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  await app.ready()
  t.throws(() => app.get('/late', async () => 'late'), { code: 'FST_ERR_INSTANCE_ALREADY_LISTENING', message: 'Fastify instance is already listening. Cannot add route!' })
})

t.test('onRoute hooks see every route (auto HEAD included) and may rewrite its options', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  const seen: string[] = []
  app.addHook('onRoute', (options: any) => {
    seen.push(`${String(options.method)} ${String(options.url)} ${String(options.prefix)}`)
    if (options.config?.secret === true) {
      options.preHandler = async (_request: any, reply: any) => { reply.code(401).send({ denied: true }) }
    }
  })
  app.get('/open', async () => 'open')
  app.get('/secret', { config: { secret: true } }, async () => 'secret')
  app.register(async (child) => { child.post('/x', async () => 'x') }, { prefix: '/child' })
  await app.ready()
  t.same(seen, ['GET /open ', 'HEAD /open ', 'GET /secret ', 'HEAD /secret ', 'POST /child/x /child'])
  t.equal((await app.inject('/open')).body, 'open')
  const secret = await app.inject('/secret')
  t.equal(secret.statusCode, 401)
  t.same(secret.json(), { denied: true })
})

t.test('hasRoute finds declared routes by method, url and constraints', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.get('/a/:id', async () => 'a')
  app.post('/b', { constraints: { version: '1.0.0' } }, async () => 'b')
  t.equal(app.hasRoute({ method: 'GET', url: '/a/:id' }), true)
  t.equal(app.hasRoute({ method: 'get', url: '/a/:id' }), true, 'method is case-insensitive')
  t.equal(app.hasRoute({ method: 'HEAD', url: '/a/:id' }), true, 'the automatic HEAD route exists at once')
  t.equal(app.hasRoute({ method: 'GET', url: '/a/1' }), true, 'as in Fastify 4.29, the URL is looked up as a request\'s (findRoute-and-hasRoute test below)')
  t.equal(app.hasRoute({ method: 'PUT', url: '/a/:id' }), false)
  t.equal(app.hasRoute({ method: 'POST', url: '/b' }), false, 'a constrained route needs its constraints')
  t.equal(app.hasRoute({ method: 'POST', url: '/b', constraints: { version: '1.0.0' } }), true)
})

t.test('printRoutes draws the route tree with methods', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.get('/users', async () => [])
  app.post('/users', async () => ({}))
  app.get('/users/:id', async () => ({}))
  app.get('/status', { exposeHeadRoute: false }, async () => 'ok')
  await app.ready()
  const tree = app.printRoutes()
  t.equal(tree, [
    '└── /',
    '    ├── users (GET, HEAD, POST)',
    '    │   └── /',
    '    │       └── :id (GET, HEAD)',
    '    └── status (GET)',
    ''
  ].join('\n'))
  const flat = app.printRoutes({ commonPrefix: false })
  t.match(flat, /\/users \(GET, HEAD, POST\)/)
  t.match(flat, /\/status \(GET\)/)
  const onlyGet = app.printRoutes({ method: 'GET' })
  t.notMatch(onlyGet, /POST/)
})

t.test('findRoute and hasRoute look the URL up as fastify@4.29.1 does (as a request\'s): the router\'s handler, params and searchParams, or null', async (t) => {
  const observe = async (factory: (options?: any) => any): Promise<unknown[]> => {
    const app = factory()
    app.get('/users/:id', { config: { tag: 'users' } }, async () => 'x')
    app.get('/static', async () => 'static')
    app.get('/v', { constraints: { version: '1.0.0' } }, async () => 'v')
    const seen: unknown[] = []
    const lookups: Array<[string, string, Record<string, string>?]> = [
      ['GET', '/users/:id'], ['GET', '/users/42'], ['get', '/static?x=1'], ['POST', '/users/:id'], ['GET', '/nope'], ['GET', '/v'], ['GET', '/v', { version: '1.x' }]
    ]
    for (const when of ['before ready', 'after ready']) {
      if (when === 'after ready') await app.ready()
      for (const [method, url, constraints] of lookups) {
        const found = app.findRoute({ method, url, constraints })
        seen.push([when, method, url, app.hasRoute({ method, url, constraints }), found === null ? null : { keys: Object.keys(found), handler: typeof found.handler, params: found.params, searchParams: found.searchParams }])
      }
    }
    await app.close()
    return seen
  }
  const expected = await observe(Fastify)
  t.match(expected[1], ['before ready', 'GET', '/users/42', true, { keys: ['handler', 'params', 'searchParams'], params: { id: '42' } }])
  t.same(await observe(enclave), expected, 'enclave()')
  t.same(await observe((options) => createServer(options, fastifyProfile)), expected, '@enclave/fastify4')
})
