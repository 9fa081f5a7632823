import t from 'tap'
import http from 'node:http'
import enclave from '@enclave/core'

const requestHooks = ['onRequest', 'preParsing', 'preValidation', 'preHandler', 'preSerialization', 'onSend', 'onResponse', 'onError'] as const

/** An app whose every hook records its name; `/early` is answered by the preValidation hook. */
function recordingApp (seen: string[]) {
  const app = enclave()
  app.addHook('onRoute', (options: any) => { seen.push(`onRoute ${String(options.method)} ${String(options.url)}`) })
  app.addHook('onRegister', (_instance: any, options: any) => { seen.push(`onRegister ${String(options.prefix)}`) })
  app.addHook('onReady', async () => { seen.push('onReady') })
  app.addHook('onListen', async () => { seen.push('onListen') })
  app.addHook('preClose', async () => { seen.push('preClose') })
  app.addHook('onClose', async () => { seen.push('onClose') })
  app.addHook('onRequest', async () => { seen.push('onRequest') })
  app.addHook('preParsing', async (_request, _reply, payload: unknown) => { seen.push('preParsing'); return payload })
  app.addHook('preValidation', async (request, reply) => {
    seen.push('preValidation')
    if (request.url === '/early') {
      reply.code(401).send({ early: true })
      return reply
    }
  })
  app.addHook('preHandler', async () => { seen.push('preHandler') })
  app.addHook('preSerialization', async (_request, _reply, payload: unknown) => { seen.push('preSerialization'); return payload })
  app.addHook('onSend', async (_request, _reply, payload: unknown) => { seen.push('onSend'); return payload })
  app.addHook('onResponse', async () => { seen.push('onResponse') })
  app.addHook('onError', async () => { seen.push('onError') })
  app.register(async function child (instance) {
    seen.push('child plugin body')
    instance.post('/child', async () => { seen.push('child handler'); return { child: true } })
  }, { prefix: '/c' })
  app.post('/ok', { schema: { body: { type: 'object' } } }, async () => { seen.push('handler'); return { ok: true } })
  app.post('/fail', async () => { seen.push('handler'); throw new Error('handler failed') })
  app.post('/early', async () => { seen.push('handler'); return 'never' })
  return app
}

async function post (address: string, path: string): Promise<{ status: number, body: string }> {
  const response = await fetch(address + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":1}' })
  return { status: response.status, body: await response.text() }
}

/** onResponse runs after the client has the response: give it a moment. */
function settle (): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 20))
}

t.test('every hook of the application and of a request, in order: success, handler error, early answer', async (t) => {
  const seen: string[] = []
  const app = recordingApp(seen)
  const address = await app.listen({ port: 0, host: '127.0.0.1' })

  seen.push('--- success')
  const ok = await post(address, '/ok')
  await settle()
  t.equal(ok.status, 200)
  t.equal(ok.body, '{"ok":true}')

  seen.push('--- handler error')
  const fail = await post(address, '/fail')
  await settle()
  t.equal(fail.status, 500)
  t.same(JSON.parse(fail.body), { statusCode: 500, error: 'Internal Server Error', message: 'handler failed' })

  seen.push('--- early answer')
  const early = await post(address, '/early')
  await settle()
  t.equal(early.status, 401)
  t.equal(early.body, '{"early":true}')

  seen.push('--- close')
  await app.close()

  t.same(seen, [
    'onRoute POST /ok',
    'onRoute POST /fail',
    'onRoute POST /early',
    'onRegister /c',
    'child plugin body',
    'onRoute POST /c/child',
    'onReady',
    'onListen',
    '--- success',
    'onRequest', 'preParsing', 'preValidation', 'preHandler', 'handler', 'preSerialization', 'onSend', 'onResponse',
    '--- handler error',
    'onRequest', 'preParsing', 'preValidation', 'preHandler', 'handler', 'onError', 'onSend', 'onResponse',
    '--- early answer',
    'onRequest', 'preParsing', 'preValidation', 'preSerialization', 'onSend', 'onResponse',
    '--- close',
    'preClose',
    'onClose'
  ])
})

t.test('the same order with callback-style hooks', async (t) => {
  const seen: string[] = []
  const app = enclave()
  t.teardown(() => app.close())
  app.addHook('onRequest', (_request, _reply, done: () => void) => { seen.push('onRequest'); done() })
  app.addHook('preParsing', (_request, _reply, payload, done) => { seen.push('preParsing'); done(null, payload) })
  app.addHook('preValidation', (_request, _reply, done: () => void) => { seen.push('preValidation'); done() })
  app.addHook('preHandler', (_request, _reply, done: () => void) => { setImmediate(() => { seen.push('preHandler'); done() }) })
  app.addHook('preSerialization', (_request, _reply, payload, done) => { seen.push('preSerialization'); done(null, payload) })
  app.addHook('onSend', (_request, _reply, payload, done) => { seen.push('onSend'); done(null, payload) })
  app.addHook('onResponse', (_request, _reply, done: () => void) => { seen.push('onResponse'); done() })
  app.addHook('onError', (_request, _reply, _error: unknown, done: () => void) => { seen.push('onError'); done() })
  app.post('/', async () => { seen.push('handler'); return { ok: true } })
  app.post('/fail', async () => { seen.push('handler'); throw new Error('x') })
  const response = await app.inject({ method: 'POST', url: '/', payload: { a: 1 } })
  t.equal(response.statusCode, 200)
  t.same(response.json(), { ok: true })
  t.same(seen, ['onRequest', 'preParsing', 'preValidation', 'preHandler', 'handler', 'preSerialization', 'onSend', 'onResponse'])
  seen.length = 0
  const failed = await app.inject({ method: 'POST', url: '/fail', payload: { a: 1 } })
  t.equal(failed.statusCode, 500)
  t.same(seen, ['onRequest', 'preParsing', 'preValidation', 'preHandler', 'handler', 'onError', 'onSend', 'onResponse'])
})

t.test('hooks of one kind run in avvio\'s order: a child registered before a parent hook runs its hooks first', async (t) => {
  const seen: string[] = []
  const app = enclave()
  t.teardown(() => app.close())
  app.addHook('onRequest', async () => { seen.push('root 1') })
  app.register(async (child) => {
    child.addHook('onRequest', async () => { seen.push('child') })
    child.get('/', { onRequest: async () => { seen.push('route') } }, async () => 'ok')
  })
  app.addHook('onRequest', async () => { seen.push('root 2') })
  await app.inject('/')
  t.same(seen, ['root 1', 'child', 'root 2', 'route'])
})

t.test('application hooks: callback and async forms, with the instance as argument where Fastify passes it', async (t) => {
  const seen: string[] = []
  const app = enclave()
  app.addHook('onReady', function (this: any, done: () => void) { seen.push(`onReady cb this=${String(this === app)}`); done() })
  app.addHook('onReady', async function (this: any) { seen.push('onReady async') })
  app.addHook('onListen', function (done: () => void) { seen.push('onListen cb'); done() })
  app.addHook('preClose', function (done: () => void) { seen.push('preClose cb'); done() })
  app.addHook('onClose', function (instance: any, done: () => void) { seen.push(`onClose cb instance=${String(instance === app)}`); done() })
  app.addHook('onClose', async function (instance: any) { seen.push(`onClose async instance=${String(instance === app)}`) })
  await app.listen({ port: 0, host: '127.0.0.1' })
  await app.close()
  t.same(seen, [
    'onReady cb this=true', 'onReady async', 'onListen cb', 'preClose cb',
    'onClose async instance=true', 'onClose cb instance=true'
  ], 'onClose hooks run last-registered first, as in Fastify (avvio)')
})

t.test('mixing the callback and async forms in one hook is an error at addHook', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  for (const name of ['onRequest', 'preValidation', 'preHandler', 'onResponse'] as const) {
    t.throws(() => app.addHook(name, async (_request: any, _reply: any, _done: any) => {}), {
      code: 'FST_ERR_HOOK_INVALID_ASYNC_HANDLER',
      message: "Async function has too many arguments. Async hooks should not use the 'done' argument."
    }, name)
  }
  for (const name of ['preParsing', 'preSerialization', 'onSend', 'onError'] as const) {
    t.throws(() => app.addHook(name, async (_request: any, _reply: any, _payload: any, _done: any) => {}), { code: 'FST_ERR_HOOK_INVALID_ASYNC_HANDLER' }, name)
  }
  t.throws(() => app.addHook('onReady', async (_done: any) => {}), { code: 'FST_ERR_HOOK_INVALID_ASYNC_HANDLER' })
  // As Fastify counts them: an async onClose hook declaring three parameters (its `(instance, done)`
  // is accepted and waited for through done: core/test/hooks-arity-fastify-parity.test.ts).
  t.throws(() => app.addHook('onClose', (async (_instance: any, _done: any, _extra: any) => {}) as any), { code: 'FST_ERR_HOOK_INVALID_ASYNC_HANDLER' })
})

t.test('unknown hooks and non-function hooks reject ready() with Fastify\'s codes (they are added in avvio\'s order)', async (t) => {
  const cases: Array<[(app: any) => void, { code: string, message?: string }]> = [
    [(app) => app.addHook('onBefore', async () => {}), { code: 'FST_ERR_HOOK_NOT_SUPPORTED', message: 'onBefore hook not supported!' }],
    [(app) => app.addHook('onRequest', 'x'), { code: 'FST_ERR_HOOK_INVALID_HANDLER' }],
    [(app) => app.addHook(5, async () => {}), { code: 'FST_ERR_HOOK_INVALID_TYPE' }]
  ]
  for (const [add, expected] of cases) {
    const app = enclave()
    t.teardown(() => app.close())
    add(app)
    await t.rejects(app.ready(), expected)
  }
  const app = enclave()
  t.teardown(() => app.close())
  t.throws(() => app.addHook('onRequest', async (_request: unknown, _reply: unknown, _done: unknown) => {}), { code: 'FST_ERR_HOOK_INVALID_ASYNC_HANDLER' }, 'an async hook that declares done is refused at once')
})

t.test('request hooks cannot be added after ready()', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  await app.ready()
  t.throws(() => app.addHook('onRequest', async () => {}), { code: 'FST_ERR_INSTANCE_ALREADY_LISTENING' })
})

t.test('a request hook receives the request, the reply and (for payload hooks) the payload', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  const seen: Record<string, unknown> = {}
  app.addHook('preParsing', async (request, _reply, payload: any) => { seen.preParsing = typeof payload.on === 'function' && payload === request.raw })
  app.addHook('preValidation', async (request) => { seen.preValidationBody = request.body })
  app.addHook('preSerialization', async (_request, _reply, payload) => { seen.preSerialization = payload })
  app.addHook('onSend', async (_request, _reply, payload) => { seen.onSend = payload })
  app.addHook('onError', async (_request, _reply, error: Error) => { seen.onError = error.message })
  app.post('/', async () => ({ out: 1 }))
  await app.inject({ method: 'POST', url: '/', payload: { in: 1 } })
  t.same(seen, { preParsing: true, preValidationBody: { in: 1 }, preSerialization: { out: 1 }, onSend: '{"out":1}' })
})

t.test('onRequestAbort runs when the client goes away before the response', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  const seen: string[] = []
  // each step waits for the one before it, not for a time: a loaded machine only makes it slower
  let release: () => void = () => {}
  let handlerStarted: () => void = () => {}
  const whenHandlerStarted = new Promise<void>((resolve) => { handlerStarted = resolve })
  let aborted: () => void = () => {}
  const whenAborted = new Promise<void>((resolve) => { aborted = resolve })
  let resumed: () => void = () => {}
  const whenResumed = new Promise<void>((resolve) => { resumed = resolve })
  app.addHook('onRequestAbort', async (request) => { seen.push(`abort ${request.url}`); aborted() })
  app.addHook('onResponse', async () => { seen.push('onResponse') })
  app.get('/slow', async () => {
    handlerStarted()
    await new Promise<void>((resolve) => { release = resolve })
    seen.push('handler resumed')
    resumed()
    return 'too late'
  })
  app.get('/fast', async () => 'fast')
  const address = await app.listen({ port: 0, host: '127.0.0.1' })
  const fast = await fetch(address + '/fast')
  t.equal(await fast.text(), 'fast')
  await new Promise<void>((resolve) => {
    const request = http.get(address + '/slow')
    request.on('error', () => resolve())
    whenHandlerStarted.then(() => request.destroy(), () => {})
  })
  await whenAborted
  release()
  await whenResumed
  t.same(seen, ['onResponse', 'abort /slow', 'handler resumed'], 'abort for the aborted request only; none for the completed one')
})

t.test('onTimeout runs when connectionTimeout closes a socket with a request in flight', async (t) => {
  const app = enclave({ connectionTimeout: 100 })
  t.teardown(() => app.close())
  const seen: string[] = []
  app.addHook('onTimeout', async (request, reply) => { seen.push(`onTimeout ${request.url} sent=${String(reply.sent)}`) })
  app.addHook('onTimeout', (_request, _reply, done: () => void) => { seen.push('onTimeout callback'); done() })
  app.get('/slow', async () => {
    await new Promise((resolve) => setTimeout(resolve, 300))
    return 'late'
  })
  app.get('/fast', async () => 'fast')
  const address = await app.listen({ port: 0, host: '127.0.0.1' })
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  t.teardown(() => agent.destroy())
  const get = (path: string) => new Promise<string>((resolve) => {
    http.get(address + path, { agent }, (res) => {
      let body = ''
      res.on('data', (chunk) => { body += chunk })
      res.on('end', () => resolve(`${String(res.statusCode)} ${body}`))
    }).on('error', (error: any) => resolve(`error ${String(error.code)}`))
  })
  t.equal(await get('/fast'), '200 fast')
  await new Promise((resolve) => setTimeout(resolve, 200))
  t.same(seen, [], 'an idle keep-alive socket timing out after its response reports nothing')
  const outcome = await get('/slow')
  t.match(outcome, /^error (ECONNRESET|UND_ERR_SOCKET)/, 'the client sees the connection drop')
  t.same(seen, ['onTimeout /slow sent=false', 'onTimeout callback'])
  await new Promise((resolve) => setTimeout(resolve, 300))
})

t.test('every request hook name is accepted by addHook', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  for (const name of [...requestHooks, 'onTimeout', 'onRequestAbort'] as const) {
    t.doesNotThrow(() => app.addHook(name, async () => {}), name)
  }
})
