import t from 'tap'
import enclave from '@enclave/core'

const shortcuts = ['get', 'head', 'post', 'put', 'delete', 'options', 'patch'] as const

t.test('every shortcut registers its method with (path, handler)', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  for (const name of shortcuts) {
    const shortcut = app[name] as (path: string, handler: (request: any, reply: any) => unknown) => unknown
    shortcut.call(app, '/' + name, async (_request: any, reply: any) => {
      reply.header('x-method', name)
      return name === 'head' ? undefined : { method: name }
    })
  }
  for (const name of shortcuts) {
    const method = name.toUpperCase() as any
    const response = await app.inject({ method, url: '/' + name })
    t.equal(response.statusCode, 200, name)
    t.equal(response.headers['x-method'], name)
    if (name !== 'head') t.same(response.json(), { method: name })
    const other = await app.inject({ method: name === 'get' ? 'PUT' : 'GET', url: '/' + name })
    t.equal(other.statusCode, 404, `${name} route does not answer other methods`)
  }
})

t.test('shortcuts take (path, options, handler)', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.post('/with-options', {
    config: { from: 'options' },
    schema: { body: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } } }
  }, async (request) => ({ body: request.body, config: request.routeOptions.config.from }))
  const ok = await app.inject({ method: 'POST', url: '/with-options', payload: { name: 'x' } })
  t.equal(ok.statusCode, 200)
  t.same(ok.json(), { body: { name: 'x' }, config: 'options' })
  const bad = await app.inject({ method: 'POST', url: '/with-options', payload: {} })
  t.equal(bad.statusCode, 400)
  t.same(bad.json(), { statusCode: 400, error: 'Bad Request', message: "body should have required property 'name'" })
})

t.test('shortcuts take (path, options-with-handler)', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.get('/opts', { handler: async () => 'from options' })
  const response = await app.inject('/opts')
  t.equal(response.statusCode, 200)
  t.equal(response.body, 'from options')
})

t.test('a handler given twice or not at all is an error', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  t.throws(() => app.get('/twice', { handler: async () => 'a' }, async () => 'b'), {
    code: 'FST_ERR_ROUTE_DUPLICATED_HANDLER',
    message: 'Duplicate handler for "GET:/twice" route is not allowed!'
  })
  t.throws(() => (app.get as any)('/none'), { code: 'FST_ERR_ROUTE_MISSING_HANDLER' })
  t.throws(() => (app.get as any)('/none', {}), { code: 'FST_ERR_ROUTE_MISSING_HANDLER' })
  t.throws(() => (app.get as any)('/bad', 'options', async () => 'x'), { code: 'FST_ERR_ROUTE_OPTIONS_NOT_OBJ' })
})

t.test('shortcuts return the instance for chaining', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  const returned = app.get('/a', async () => 'a').post('/b', async () => 'b')
  t.equal(returned, app)
  t.equal((await app.inject({ method: 'POST', url: '/b' })).body, 'b')
})

t.test('all() answers every supported method on one path', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.all('/any', async (request) => ({ method: request.method }))
  for (const method of ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'PROPFIND', 'SEARCH'] as const) {
    const response = await app.inject({ method: method as any, url: '/any' })
    t.equal(response.statusCode, 200, method)
    t.same(response.json(), { method })
  }
  // all() declares HEAD itself: as with Fastify 4.29, inject() shows the body (a socket carries none).
  const head = await app.inject({ method: 'HEAD', url: '/any' })
  t.equal(head.statusCode, 200)
  t.equal(head.body, '{"method":"HEAD"}')
})

t.test('the options object passed to a shortcut is not mutated', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  const options = { config: { a: 1 } }
  app.get('/one', options, async () => 'one')
  app.get('/two', options, async () => 'two')
  t.same(options, { config: { a: 1 } })
  t.equal((await app.inject('/two')).body, 'two')
})
