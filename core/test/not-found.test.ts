import t from 'tap'
import enclave from '@enclave/core'
import { faces } from './fixtures/faces.js'

t.test('an unknown route is a 404 with the default payload naming method and url', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.get('/known', async () => 'known')
  const response = await app.inject('/unknown?x=1')
  t.equal(response.statusCode, 404)
  t.equal(response.headers['content-type'], 'application/json; charset=utf-8')
  t.equal(response.body, '{"message":"Route GET:/unknown?x=1 not found","error":"Not Found","statusCode":404}', 'Fastify\'s payload, key order included')
  const wrongMethod = await app.inject({ method: 'DELETE', url: '/known' })
  t.equal(wrongMethod.statusCode, 404)
  t.equal(wrongMethod.json().message, 'Route DELETE:/known not found')
})

t.test('an unknown route still runs the application hooks', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  const seen: string[] = []
  app.addHook('onRequest', async (request) => { seen.push(`onRequest ${request.url}`) })
  app.addHook('preHandler', async () => { seen.push('preHandler') })
  app.addHook('onSend', async (_request, reply, payload) => { reply.header('x-seen', 'yes'); seen.push('onSend'); return payload })
  app.addHook('onResponse', async (_request, reply) => { seen.push(`onResponse ${reply.statusCode}`) })
  const response = await app.inject('/missing')
  t.equal(response.statusCode, 404)
  t.equal(response.headers['x-seen'], 'yes')
  await new Promise((resolve) => setTimeout(resolve, 10))
  t.same(seen, ['onRequest /missing', 'preHandler', 'onSend', 'onResponse 404'])
})

t.test('an onRequest hook can refuse unknown routes before the not-found handler', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.addHook('onRequest', async (request, reply) => {
    if (request.headers.authorization === undefined) reply.code(401).send({ auth: 'required' })
  })
  const response = await app.inject('/missing')
  t.equal(response.statusCode, 401)
  t.same(response.json(), { auth: 'required' })
})

t.test('setNotFoundHandler: a custom handler, sync or async, sets its own status', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.setNotFoundHandler(async (request, reply) => {
    reply.code(404).header('x-custom', '1')
    return { custom: true, method: request.method, url: request.url, is404: request.is404 }
  })
  const response = await app.inject({ method: 'POST', url: '/nowhere', payload: { a: 1 } })
  t.equal(response.statusCode, 404)
  t.equal(response.headers['x-custom'], '1')
  t.same(response.json(), { custom: true, method: 'POST', url: '/nowhere', is404: true })

  const sync = enclave()
  t.teardown(() => sync.close())
  sync.setNotFoundHandler((_request, reply) => { reply.code(410).send('gone') })
  const gone = await sync.inject('/x')
  t.equal(gone.statusCode, 410)
  t.equal(gone.body, 'gone')
})

t.test('a custom not-found handler that sets no status answers 200, as in Fastify', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.setNotFoundHandler(async () => ({ fallback: true }))
  const response = await app.inject('/spa/route')
  t.equal(response.statusCode, 200)
  t.same(response.json(), { fallback: true })
})

t.test('setNotFoundHandler options carry preValidation and preHandler hooks', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  const seen: string[] = []
  app.setNotFoundHandler({
    preValidation: async () => { seen.push('preValidation') },
    preHandler: [async (_request: unknown, reply: any) => { seen.push('preHandler'); reply.header('x-pre', 'handler') }]
  }, async (_request, reply) => {
    seen.push('handler')
    reply.code(404)
    return 'not here'
  })
  const response = await app.inject('/nope')
  t.equal(response.statusCode, 404)
  t.equal(response.headers['x-pre'], 'handler')
  t.equal(response.body, 'not here')
  t.same(seen, ['preValidation', 'preHandler', 'handler'])
})

t.test('a not-found handler that throws answers through the error handler', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.setNotFoundHandler(async () => { throw Object.assign(new Error('404 handler broke'), { statusCode: 500 }) })
  const response = await app.inject('/x')
  t.equal(response.statusCode, 500)
  t.same(response.json(), { statusCode: 500, error: 'Internal Server Error', message: '404 handler broke' })
})

t.test('reply.callNotFound() runs the not-found route\'s preHandler hooks and handler', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  const seen: string[] = []
  app.setNotFoundHandler({ preHandler: async () => { seen.push('not-found preHandler') } }, async (request, reply) => {
    seen.push(`not-found handler ${request.routeOptions.url}`)
    reply.code(404)
    return { missing: request.params }
  })
  app.get('/users/:id', async (request, reply) => {
    if ((request.params as any).id !== '1') return reply.callNotFound()
    return { id: 1 }
  })
  t.same((await app.inject('/users/1')).json(), { id: 1 })
  const missing = await app.inject('/users/2')
  t.equal(missing.statusCode, 404)
  t.same(missing.json(), { missing: { id: '2' } })
  // As in Fastify 4.29, a not-found route has no url in routeOptions.
  t.same(seen, ['not-found preHandler', 'not-found handler undefined'])
})

t.test('callNotFound inside the not-found handler sends a plain 404 instead of looping', async (t) => {
  const lines: Array<Record<string, any>> = []
  const app = enclave({ logger: { level: 'warn', stream: { write: (line: string) => { lines.push(JSON.parse(line)) } } } })
  t.teardown(() => app.close())
  app.setNotFoundHandler((_request, reply) => { reply.callNotFound() })
  const response = await app.inject('/loop')
  t.equal(response.statusCode, 404)
  t.equal(response.body, '404 Not Found')
  t.ok(lines.some((line) => line.level === 40 && /inside a 404 handler/.test(line.msg)))
})

t.test('HEAD of an unknown route is a 404 whose body inject() shows, as with Fastify 4.29 (a socket carries none: inject-fastify-parity)', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  const response = await app.inject({ method: 'HEAD', url: '/missing' })
  t.equal(response.statusCode, 404)
  t.equal(response.headers['content-length'], '80')
  t.equal(response.body, '{"message":"Route HEAD:/missing not found","error":"Not Found","statusCode":404}')
})

t.test('setNotFoundHandler: one per context, a function, before ready()', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  // A handler that is not a function: Fastify 4.29 throws `TypeError: handler.bind is not a function`.
  t.throws(() => app.setNotFoundHandler({}, 'x' as any), { code: 'FST_ERR_ERROR_HANDLER_NOT_FN' })
  app.setNotFoundHandler(async () => 'one')
  // Fastify's message, word for word; Fastify's error has no code (see the comparison below).
  t.throws(() => app.setNotFoundHandler(async () => 'two'), { message: "Not found handler already set for Fastify instance with prefix: '/'" })
  await app.ready()
  const late = enclave()
  t.teardown(() => late.close())
  await late.ready()
  t.throws(() => late.setNotFoundHandler(async () => 'late'), { code: 'FST_ERR_INSTANCE_ALREADY_LISTENING' })
})

t.test('setNotFoundHandler twice for one prefix throws fastify@4.29.1\'s plain Error, without a code; without a handler it sets the default one, still replaceable', async (t) => {
  const scenarios: Array<[string, (app: any) => Promise<void>]> = [
    ['twice at the root', async (app) => { app.setNotFoundHandler(() => {}); app.setNotFoundHandler(() => {}) }],
    ['twice under a prefix', async (app) => { await app.register(async (child: any) => { child.setNotFoundHandler(() => {}); child.setNotFoundHandler(() => {}) }, { prefix: '/p' }) }],
    ['root, then a child without a prefix', async (app) => { app.setNotFoundHandler(() => {}); await app.register(async (child: any) => { child.setNotFoundHandler(() => {}) }) }],
    ['no handler, then one', async (app) => { app.setNotFoundHandler(); app.setNotFoundHandler((_request: any, reply: any) => { reply.code(404).send('second') }) }],
    ['a string where the options go', async (app) => { app.setNotFoundHandler('x') }],
    ['options without a handler under a prefix whose parent has its own', async (app) => {
      app.setNotFoundHandler((_request: any, reply: any) => { reply.code(404).send('root') })
      await app.register(async (child: any) => {
        child.setNotFoundHandler({ preHandler: (_request: any, reply: any, done: () => void) => { reply.header('x-pre', '1'); done() } })
      }, { prefix: '/p' })
    }]
  ]
  const observe = async (factory: (options?: any) => any, scenario: (app: any) => Promise<void>): Promise<unknown> => {
    const app = factory()
    let seen: unknown
    try {
      await scenario(app)
      await app.ready()
      const answers: unknown[] = []
      for (const url of ['/x', '/p/x']) {
        const response = await app.inject(url)
        answers.push([response.statusCode, response.headers['x-pre'], response.body])
      }
      seen = answers
    } catch (error: any) {
      seen = { isPlainError: Object.getPrototypeOf(error) === Error.prototype, name: error.name, code: error.code, message: error.message, keys: Object.keys(error) }
    }
    await app.close()
    return seen
  }
  const [[, fastify4], ...entries] = faces
  for (const [label, scenario] of scenarios) {
    const expected = await observe(fastify4, scenario)
    for (const [name, factory] of entries) t.same(await observe(factory, scenario), expected, `${label}: ${name}`)
  }
})

t.test('a not-found handler set under a prefix written with a trailing slash answers below it, as fastify@4.29.1', async (t) => {
  for (const [name, make] of faces) {
    const app = make()
    app.setNotFoundHandler((_request: any, reply: any) => { reply.code(404).send('root') })
    app.register((child: any, _options: any, done: () => void) => {
      child.setNotFoundHandler((_request: any, reply: any) => { reply.code(404).send('prefixed') })
      done()
    }, { prefix: '/p/' })
    const answers: string[] = []
    for (const url of ['/p/missing', '/p/', '/p', '/p//x', '/px']) answers.push(`${url} ${(await app.inject(url)).body}`)
    await app.close()
    t.same(answers, ['/p/missing prefixed', '/p/ prefixed', '/p root', '/p//x prefixed', '/px root'], name)
  }
})
