import t from 'tap'
import { Writable } from 'node:stream'
import { faces, type Factory } from './fixtures/faces.js'

// The JSON objects pino writes, compared line by line and key by key (order included) between
// fastify@4.29.1 and both Enclave entries, over Logging.md's cases: the request lines, errors of
// every status, serializers, request ids, child loggers, log levels per route and per plugin.
// Only what varies between runs is masked (time, pid, hostname, the responseTime value, stacks, ports).

function capture (): { lines: string[], stream: Writable } {
  const lines: string[] = []
  const stream = new Writable({
    write (chunk, _encoding, callback) {
      for (const text of String(chunk).split('\n')) {
        if (text === '') continue
        const { time: _time, pid: _pid, hostname: _hostname, ...line } = JSON.parse(text)
        if ('responseTime' in line) line.responseTime = typeof line.responseTime
        if (typeof line.err?.stack === 'string') line.err.stack = 'STACK'
        lines.push(JSON.stringify(line).replace(/127\.0\.0\.1:\d+/g, '127.0.0.1:PORT').replace(/"remotePort":\d+/g, '"remotePort":"PORT"'))
      }
      callback()
    }
  })
  return { lines, stream }
}

type Scenario = (factory: Factory, options: Record<string, any>) => Promise<{ close: () => Promise<unknown> }>

const scenarios: Record<string, Scenario> = {
  'a 200 and a JSON body': async (factory, options) => {
    const app = factory(options)
    app.post('/', (request: any) => request.body)
    await app.inject({ method: 'POST', url: '/?a=1', payload: { a: 1 } })
    return app
  },
  'an unmatched URL and callNotFound()': async (factory, options) => {
    const app = factory(options)
    app.get('/call', (_request: any, reply: any) => { reply.callNotFound() })
    await app.inject('/missing?x=1')
    await app.inject('/call')
    return app
  },
  'errors: a throw, a 400 with a status, a string, a sent error with a code': async (factory, options) => {
    const app = factory(options)
    app.get('/throw', () => { throw new Error('kaboom') })
    app.get('/status', () => { throw Object.assign(new Error('bad'), { statusCode: 400 }) })
    app.get('/string', async () => { throw 'text' }) // eslint-disable-line no-throw-literal
    app.get('/coded', (_request: any, reply: any) => { reply.send(Object.assign(new Error('teapot'), { statusCode: 418, code: 'X_TEA' })) })
    for (const url of ['/throw', '/status', '/string', '/coded']) await app.inject(url)
    return app
  },
  'a validation error (the error\'s keys in Fastify\'s order)': async (factory, options) => {
    const app = factory({ ...options, validationPayload: 'fastify' })
    app.get('/', { schema: { querystring: { type: 'object', properties: { n: { type: 'integer' } } } } }, () => 'ok')
    await app.inject('/?n=x')
    return app
  },
  'body errors: too large, unsupported type': async (factory, options) => {
    const app = factory({ ...options, bodyLimit: 5 })
    app.post('/', (request: any) => request.body)
    await app.inject({ method: 'POST', url: '/', payload: { abcdefgh: 1 } })
    await app.inject({ method: 'POST', url: '/', payload: 'x', headers: { 'content-type': 'application/xml' } })
    return app
  },
  'logLevel per route and per plugin; child loggers; reply.log': async (factory, options) => {
    const app = factory(options)
    app.get('/warn', { logLevel: 'warn' }, (request: any) => { request.log.info('hidden'); request.log.warn('shown'); return 'ok' })
    app.get('/child', (request: any, reply: any) => { request.log.child({ a: 1 }).info({ b: 2 }, 'child'); reply.log.info('reply log'); return 'ok' })
    app.register(async (plugin: any) => {
      plugin.get('/debug', (request: any) => { request.log.debug('debug line'); request.log.trace('trace line'); return 'ok' })
    }, { logLevel: 'debug' })
    for (const url of ['/warn', '/child', '/debug']) await app.inject(url)
    return app
  },
  'the logger\'s serializers receive the request and the reply as Fastify\'s': async (factory, options) => {
    const app = factory({
      ...options,
      logger: {
        ...options.logger,
        serializers: {
          req (request: any) { return { method: request.method, url: request.url, keys: Object.keys(request) } },
          res (reply: any) { return { statusCode: reply.statusCode, getHeaders: typeof reply.getHeaders } }
        }
      }
    })
    app.get('/', () => 'ok')
    await app.inject('/')
    return app
  },
  'logSerializers on a route; redact': async (factory, options) => {
    const app = factory({ ...options, logger: { ...options.logger, redact: ['req.headers.authorization'] } })
    app.get('/', { logSerializers: { user: (user: any) => `user:${String(user.name)}` } }, (request: any) => {
      request.log.info({ user: { name: 'a' } }, 'serialized')
      request.log.info({ req: request }, 'with the request')
      return 'ok'
    })
    await app.inject({ url: '/', headers: { authorization: 'secret' } })
    return app
  },
  'requestIdHeader, requestIdLogLabel and genReqId': async (factory, options) => {
    let count = 0
    const app = factory({ ...options, requestIdHeader: 'x-id', requestIdLogLabel: 'rid', genReqId: () => `gen-${++count}` })
    app.get('/', (request: any) => request.id)
    await app.inject({ url: '/', headers: { 'x-id': 'from-header' } })
    await app.inject({ url: '/', headers: { 'request-id': 'ignored' } })
    return app
  },
  disableRequestLogging: async (factory, options) => {
    const app = factory({ ...options, disableRequestLogging: true })
    app.get('/', (request: any) => { request.log.info('the handler\'s own line'); throw new Error('x') })
    await app.inject('/')
    await app.inject('/missing')
    return app
  },
  'a second send, hook errors, a custom error handler': async (factory, options) => {
    const app = factory(options)
    app.get('/twice', (_request: any, reply: any) => { reply.send('a'); reply.send('b') })
    app.register(async (plugin: any) => {
      plugin.addHook('onRequest', async () => { throw new Error('onRequest failed') })
      plugin.get('/on-request', () => 'ok')
    })
    app.register(async (plugin: any) => {
      plugin.addHook('onSend', async () => { throw new Error('onSend failed') })
      plugin.get('/on-send', () => 'ok')
    })
    app.register(async (plugin: any) => {
      plugin.setErrorHandler((error: Error, request: any, reply: any) => { request.log.warn({ err: error }, 'custom'); reply.code(500).send('handled') })
      plugin.get('/custom', () => { throw new Error('x') })
    })
    for (const url of ['/twice', '/on-request', '/on-send', '/custom']) await app.inject(url)
    return app
  },
  'HEAD twin, redirect, an async handler returning nothing, a bad URL': async (factory, options) => {
    const app = factory(options)
    app.get('/', () => 'ok')
    app.get('/redirect', (_request: any, reply: any) => reply.redirect('/x'))
    app.get('/nothing', async () => {})
    app.get('/p/:id', () => 'ok')
    await app.inject({ method: 'HEAD', url: '/' })
    for (const url of ['/redirect', '/nothing', '/p/%zz']) await app.inject(url)
    return app
  },
  'listen and close': async (factory, options) => {
    const app = factory(options)
    await app.listen({ port: 0, host: '127.0.0.1' })
    return app
  }
}

for (const [name, scenario] of Object.entries(scenarios)) {
  t.test(`log lines as fastify@4.29.1 writes them: ${name}`, async (t) => {
    const results: string[][] = []
    for (const [, factory] of faces) {
      const { lines, stream } = capture()
      const app = await scenario(factory, { logger: { level: 'trace', stream } })
      // onResponse hooks and the "request completed" line follow the response.
      await new Promise((resolve) => setTimeout(resolve, 30))
      await app.close()
      results.push(lines)
    }
    const [expected, ...entries] = results
    t.ok(expected!.length > 0, 'fastify@4.29.1 wrote lines')
    for (const [index, lines] of entries.entries()) t.same(lines, expected, faces[index + 1]![0])
  })
}
