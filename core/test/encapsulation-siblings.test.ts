import t from 'tap'
import type { Test } from 'tap'
import enclave from '@enclave/core'
import type { EnclaveInstance, EnclaveOptions } from '@enclave/core'

/** A sibling's decoration may or may not be visible here: that is what these tests check at run time. */
type MaybeTool = EnclaveInstance & { tool?: string }

function build (t: Test, options?: EnclaveOptions): EnclaveInstance {
  const app = enclave(options)
  t.teardown(() => app.close())
  return app
}

/**
 * Two sibling plugins under the root: `left` gets `setup`, `right` does not; each (and the root)
 * declares the same route at its own prefix so one request shows what each context sees.
 */
function siblings (
  app: EnclaveInstance,
  setup: (left: EnclaveInstance) => void,
  route: (instance: EnclaveInstance) => void,
  rightSetup?: (right: EnclaveInstance) => void
): void {
  app.register(async function left (left) {
    setup(left)
    route(left)
  }, { prefix: '/left' })
  app.register(async function right (right) {
    rightSetup?.(right)
    route(right)
  }, { prefix: '/right' })
  route(app)
}

const nameBody = { body: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } } }

t.test('decorators (instance, request, reply) stay in the sibling that added them', async (t) => {
  const app = build(t)
  siblings(app, function decorate (left) {
    left.decorate('tool', 'left tool')
    left.decorateRequest('user', 'left user')
    left.decorateReply('theme', 'left theme')
  }, function route (instance) {
    instance.get('/seen', async function handler (request, reply) {
      return {
        tool: (instance as MaybeTool).tool ?? null,
        user: (request as any).user ?? null,
        theme: (reply as any).theme ?? null,
        has: [instance.hasDecorator('tool'), instance.hasRequestDecorator('user'), instance.hasReplyDecorator('theme')]
      }
    })
  }, function sameNames (right) {
    right.decorate('otherTool', 'right')
  })
  await app.ready()
  t.same((await app.inject('/left/seen')).json(), { tool: 'left tool', user: 'left user', theme: 'left theme', has: [true, true, true] })
  t.same((await app.inject('/right/seen')).json(), { tool: null, user: null, theme: null, has: [false, false, false] })
  t.same((await app.inject('/seen')).json(), { tool: null, user: null, theme: null, has: [false, false, false] })
})

t.test('siblings may decorate the same names independently', async (t) => {
  const app = build(t)
  siblings(app, function decorate (left) {
    left.decorate('tool', 'left')
    left.decorateRequest('user', 'left')
  }, function route (instance) {
    instance.get('/seen', async function handler (request) { return { tool: (instance as MaybeTool).tool ?? null, user: (request as any).user ?? null } })
  }, function decorateToo (right) {
    right.decorate('tool', 'right')
    right.decorateRequest('user', 'right')
  })
  await app.ready()
  t.same((await app.inject('/left/seen')).json(), { tool: 'left', user: 'left' })
  t.same((await app.inject('/right/seen')).json(), { tool: 'right', user: 'right' })
})

t.test('request hooks of every kind run only for the sibling that added them', async (t) => {
  const app = build(t)
  const ran: string[] = []
  siblings(app, function hooks (left) {
    left.addHook('onRequest', async function onRequest () { ran.push('onRequest') })
    left.addHook('preParsing', async function preParsing () { ran.push('preParsing') })
    left.addHook('preValidation', async function preValidation () { ran.push('preValidation') })
    left.addHook('preHandler', async function preHandler () { ran.push('preHandler') })
    left.addHook('preSerialization', async function preSerialization (_request, _reply, payload) {
      ran.push('preSerialization')
      return payload
    })
    left.addHook('onSend', async function onSend (_request, reply) {
      ran.push('onSend')
      reply.header('x-left', 'yes')
    })
    left.addHook('onResponse', async function onResponse () { ran.push('onResponse') })
    left.addHook('onError', async function onError () { ran.push('onError') })
  }, function route (instance) {
    instance.get('/ok', async function handler () { return { ok: true } })
    instance.get('/fail', async function handler () { throw new Error('failed') })
  })
  await app.ready()
  const left = await app.inject('/left/ok')
  t.equal(left.headers['x-left'], 'yes')
  t.same(ran, ['onRequest', 'preParsing', 'preValidation', 'preHandler', 'preSerialization', 'onSend', 'onResponse'])
  ran.length = 0
  await app.inject('/left/fail')
  t.ok(ran.includes('onError'), 'onError runs for the left sibling')
  ran.length = 0
  for (const url of ['/right/ok', '/right/fail', '/ok', '/fail']) {
    const response = await app.inject(url)
    t.equal(response.headers['x-left'], undefined, url)
  }
  t.same(ran, [], 'no hook of the left sibling ran for the right sibling or the root')
})

t.test('onRoute and onRegister hooks see only their own context and its descendants', async (t) => {
  const app = build(t)
  const routes: string[] = []
  const registered: string[] = []
  app.register(async function left (left) {
    left.addHook('onRoute', function onRoute (options: { method: string | string[], url: string }) {
      if (options.method === 'GET') routes.push(options.url)
    })
    left.addHook('onRegister', function onRegister (instance: EnclaveInstance) { registered.push(instance.pluginName) })
    left.get('/mine', async function handler () { return 'left' })
    left.register(async function leftChild (child) { child.get('/nested', async function handler () { return 'nested' }) })
  })
  app.register(async function right (right) {
    right.get('/theirs', async function handler () { return 'right' })
    right.register(async function rightChild () {})
  })
  await app.ready()
  t.same(routes, ['/mine', '/nested'])
  t.same(registered, ['leftChild'])
})

t.test('an error handler handles the errors of its sibling only', async (t) => {
  const app = build(t)
  siblings(app, function errorHandler (left) {
    left.setErrorHandler(function leftErrors (error, _request, reply) {
      reply.code(418).send({ handledBy: 'left', message: error.message })
    })
  }, function route (instance) {
    instance.get('/fail', async function handler () { throw new Error('boom') })
  })
  await app.ready()
  const left = await app.inject('/left/fail')
  t.equal(left.statusCode, 418)
  t.same(left.json(), { handledBy: 'left', message: 'boom' })
  for (const url of ['/right/fail', '/fail']) {
    const response = await app.inject(url)
    t.equal(response.statusCode, 500, url)
    t.same(response.json(), { statusCode: 500, error: 'Internal Server Error', message: 'boom' }, `${url}: the default handler`)
  }
})

t.test('a not-found handler answers under its own prefix only', async (t) => {
  const app = build(t)
  let hookRan = 0
  siblings(app, function notFound (left) {
    left.addHook('onRequest', async function leftHook () { hookRan++ })
    left.setNotFoundHandler(function leftNotFound (request, reply) {
      reply.code(404).send({ notFoundBy: 'left', url: request.url })
    })
  }, function route (instance) {
    instance.get('/exists', async function handler () { return 'exists' })
  })
  await app.ready()
  const left = await app.inject('/left/missing')
  t.equal(left.statusCode, 404)
  t.same(left.json(), { notFoundBy: 'left', url: '/left/missing' })
  t.equal(hookRan, 1, "the left context's hooks run for its not-found answers")
  for (const url of ['/right/missing', '/missing']) {
    const response = await app.inject(url)
    t.equal(response.statusCode, 404)
    t.same(response.json(), { message: `Route GET:${url} not found`, error: 'Not Found', statusCode: 404 }, url)
  }
  t.equal(hookRan, 1)
})

t.test('a content-type parser parses the bodies of its sibling only', async (t) => {
  const app = build(t)
  siblings(app, function parser (left) {
    left.addContentTypeParser('application/x-csv', { parseAs: 'string' }, function parseCsv (_request: unknown, body: string, done: (error: Error | null, value?: unknown) => void) {
      done(null, body.split(','))
    })
  }, function route (instance) {
    instance.post('/body', async function handler (request) { return { body: request.body } })
  })
  await app.ready()
  const send = (url: string) => app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-csv' }, payload: 'a,b' })
  t.same((await send('/left/body')).json(), { body: ['a', 'b'] })
  for (const url of ['/right/body', '/body']) {
    const response = await send(url)
    t.equal(response.statusCode, 415, url)
    t.equal(response.json().code, 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
  }
  t.equal(app.hasContentTypeParser('application/x-csv'), false)
})

t.test('a shared schema belongs to its sibling: the other may add the same $id, getSchemas shows its own', async (t) => {
  const app = build(t)
  const schemas: Record<string, string[]> = {}
  siblings(app, function schema (left) {
    left.addSchema({ $id: 'item', type: 'object', properties: { id: { type: 'integer' } } })
  }, function route (instance) {
    schemas[instance.prefix || '/'] = Object.keys(instance.getSchemas())
    if (instance.prefix === '') return
    instance.post('/item', {
      schema: { body: { $ref: 'item#' }, response: { 200: { $ref: 'item#' } } }
    }, async function handler (request) { return { ...(request.body as object), extra: 'hidden' } })
  }, function sameId (right) {
    right.addSchema({ $id: 'item', type: 'object', properties: { name: { type: 'string' } } })
  })
  await app.ready()
  t.same(schemas, { '/left': ['item'], '/right': ['item'], '/': [] })
  const left = await app.inject({ method: 'POST', url: '/left/item', payload: { id: '7', name: 'x' } })
  t.same(left.json(), { id: 7 }, "the left 'item': id coerced, other properties not serialized")
  const right = await app.inject({ method: 'POST', url: '/right/item', payload: { id: '7', name: 'x' } })
  t.same(right.json(), { name: 'x' }, "the right 'item'")
})

t.test('a validator compiler compiles the schemas of its sibling only', async (t) => {
  const app = build(t)
  siblings(app, function validator (left) {
    left.setValidatorCompiler(function acceptEverything () {
      return function validate (data: unknown) { return { value: { checkedBy: 'left', data } } }
    })
  }, function route (instance) {
    instance.post('/named', { schema: nameBody }, async function handler (request) { return { body: request.body } })
  })
  await app.ready()
  const left = await app.inject({ method: 'POST', url: '/left/named', payload: {} })
  t.equal(left.statusCode, 200)
  t.same(left.json(), { body: { checkedBy: 'left', data: {} } })
  for (const url of ['/right/named', '/named']) {
    const response = await app.inject({ method: 'POST', url, payload: {} })
    t.equal(response.statusCode, 400, `${url}: the default validator`)
    t.equal(response.json().message, "body should have required property 'name'")
  }
})

t.test('a serializer compiler serializes the responses of its sibling only', async (t) => {
  const app = build(t)
  siblings(app, function serializer (left) {
    left.setSerializerCompiler(function upperCase () {
      return function serialize (data: unknown) { return JSON.stringify(data).toUpperCase() }
    })
  }, function route (instance) {
    instance.get('/out', {
      schema: { response: { 200: { type: 'object', properties: { word: { type: 'string' } } } } }
    }, async function handler () { return { word: 'quiet', secret: 'x' } })
  })
  await app.ready()
  t.equal((await app.inject('/left/out')).body, '{"WORD":"QUIET","SECRET":"X"}')
  t.equal((await app.inject('/right/out')).body, '{"word":"quiet"}')
  t.equal((await app.inject('/out')).body, '{"word":"quiet"}')
})

t.test('a schema error formatter formats the validation errors of its sibling only', async (t) => {
  const app = build(t)
  siblings(app, function formatter (left) {
    left.setSchemaErrorFormatter(function leftFormatter (errors, dataVar) {
      return new Error(`left: ${errors.length} problem(s) in ${dataVar}`)
    })
  }, function route (instance) {
    instance.post('/named', { schema: nameBody }, async function handler () { return 'ok' })
  })
  await app.ready()
  t.equal((await app.inject({ method: 'POST', url: '/left/named', payload: {} })).json().message, 'left: 1 problem(s) in body')
  for (const url of ['/right/named', '/named']) {
    t.equal((await app.inject({ method: 'POST', url, payload: {} })).json().message, "body should have required property 'name'", url)
  }
})

t.test('a reply serializer serializes the replies of its sibling only', async (t) => {
  const app = build(t)
  siblings(app, function replySerializer (left) {
    left.setReplySerializer(function wrapInData (payload) { return JSON.stringify({ data: payload }) })
  }, function route (instance) {
    instance.get('/value', async function handler () { return { n: 1 } })
  })
  await app.ready()
  t.equal((await app.inject('/left/value')).body, '{"data":{"n":1}}')
  t.equal((await app.inject('/right/value')).body, '{"n":1}')
  t.equal((await app.inject('/value')).body, '{"n":1}')
})

t.test('a child logger level (register logLevel) applies to its sibling only', async (t) => {
  const lines: Array<Record<string, unknown>> = []
  const app = build(t, { logger: { level: 'info', stream: { write (line: string) { lines.push(JSON.parse(line)) } } }, disableRequestLogging: true })
  app.register(async function left (left) {
    left.get('/level', async function handler (request) {
      request.log.warn('left warn')
      return { level: request.log.level, instance: left.log.level }
    })
  }, { prefix: '/left', logLevel: 'error' })
  app.register(async function right (right) {
    right.get('/level', async function handler (request) {
      request.log.warn('right warn')
      return { level: request.log.level, instance: right.log.level }
    })
  }, { prefix: '/right' })
  await app.ready()
  // As Fastify 4.29: the plugin instance's own log stays the server's; its routes log at its level.
  t.same((await app.inject('/left/level')).json(), { level: 'error', instance: 'info' })
  t.same((await app.inject('/right/level')).json(), { level: 'info', instance: 'info' })
  t.same(lines.map((line) => line.msg).filter((msg) => String(msg).endsWith('warn')), ['right warn'])
})
