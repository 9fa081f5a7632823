import t from 'tap'
import http from 'node:http'
import net from 'node:net'
import { faces, type Factory } from './fixtures/faces.js'

// The not-found handler's hooks, run on fastify@4.29.1 and both Enclave entries. Observed on
// fastify@4.29.1 ("ctx" = the hooks of the context that set the not-found handler, "nf" = the hooks
// given in setNotFoundHandler(options, handler), "route" = the matched route's chain, its own hooks included):
//
// | hook             | real 404 (unmatched URL) | callNotFound() from handler / onRequest / preHandler |
// |------------------|--------------------------|------------------------------------------------------|
// | onRequest        | ctx, nf                  | route's (already run; from onRequest: up to the caller) |
// | preParsing       | ctx, nf                  | route's, unless called from onRequest                |
// | preValidation    | ctx, nf                  | route's, unless called from onRequest                |
// | preHandler       | ctx, nf                  | route's up to the caller, then ctx, nf               |
// | handler          | not-found handler        | route handler (if reached), then not-found handler   |
// | preSerialization | ctx, nf                  | ctx, nf                                              |
// | onError          | ctx, nf                  | ctx, nf                                              |
// | onSend           | ctx, nf                  | the matched route's chain; nf's onSend does not run  |
// | onResponse       | ctx, nf                  | ctx, nf, if the matched route has onResponse hooks or a logger is set |
// | onTimeout        | ctx, nf                  | the matched route's chain                            |
// | onRequestAbort   | ctx, nf                  | the matched route's chain                            |
//
// setReplySerializer's function never serializes a not-found handler's reply, and an unmatched URL
// answers 404 whatever its content type (no 415): the not-found route parses only what it can.

const hookNames = ['onRequest', 'preParsing', 'preValidation', 'preHandler', 'preSerialization', 'onSend', 'onResponse', 'onError'] as const

function recordingHooks (label: string, log: string[]): Record<string, unknown> {
  const hooks: Record<string, unknown> = {}
  for (const name of hookNames) {
    const entry = `${label}:${name}`
    if (name === 'preParsing' || name === 'preSerialization' || name === 'onSend') {
      hooks[name] = function (_request: any, _reply: any, payload: unknown, done: (error: null, value: unknown) => void) { log.push(entry); done(null, payload) }
    } else if (name === 'onError') {
      hooks[name] = function (_request: any, _reply: any, _error: unknown, done: () => void) { log.push(entry); done() }
    } else {
      hooks[name] = function (_request: any, _reply: any, done: () => void) { log.push(entry); done() }
    }
  }
  return hooks
}

function addHooks (instance: any, label: string, log: string[]): void {
  const hooks = recordingHooks(label, log)
  for (const name of hookNames) instance.addHook(name, hooks[name])
}

/** Every path to the not-found handler, with the hooks each layer adds, as seen by one factory. */
async function hookOrder (factory: Factory, placement: 'root' | 'prefixed plugin', failing: boolean): Promise<Record<string, string>> {
  const log: string[] = []
  const app = factory()
  addHooks(app, 'root', log)
  const notFoundHandler = function (_request: any, reply: any): void {
    log.push('not-found handler')
    if (failing) throw new Error('boom')
    reply.code(404).send({ notFound: true })
  }
  const declare = async (instance: any): Promise<void> => {
    if (placement === 'prefixed plugin') addHooks(instance, 'ctx', log)
    instance.setNotFoundHandler(recordingHooks('nf', log), notFoundHandler)
    instance.get('/handler', recordingHooks('route', log), function (_request: any, reply: any) { log.push('route handler'); reply.callNotFound() })
    instance.get('/on-request', { ...recordingHooks('route', log), onRequest (_request: any, reply: any) { log.push('route:onRequest calls callNotFound'); reply.callNotFound() } }, () => 'unreached')
    instance.get('/pre-handler', { ...recordingHooks('route', log), preHandler (_request: any, reply: any) { log.push('route:preHandler calls callNotFound'); reply.callNotFound() } }, () => 'unreached')
    instance.register(async function nested (child: any) {
      addHooks(child, 'nested', log)
      child.get('/nested', function (_request: any, reply: any) { log.push('nested handler'); reply.callNotFound() })
    })
  }
  if (placement === 'root') await declare(app)
  else app.register(declare, { prefix: '/p' })
  const base = placement === 'root' ? '' : '/p'
  const seen: Record<string, string> = {}
  for (const path of ['/missing', '/handler', '/on-request', '/pre-handler', '/nested']) {
    log.length = 0
    const response = await app.inject({ url: base + path })
    seen[path] = `${response.statusCode} ${response.body} | ${log.join(', ')}`
  }
  await app.close()
  return seen
}

for (const placement of ['root', 'prefixed plugin'] as const) {
  for (const failing of [false, true]) {
    t.test(`not-found hooks run as in Fastify 4.29 on a real 404 and after callNotFound() (handler set at the ${placement}, handler ${failing ? 'throws' : 'sends'})`, async (t) => {
      const [[, fastify4], ...entries] = faces
      const expected = await hookOrder(fastify4, placement, failing)
      t.match(expected['/missing'], /nf:onSend/, 'a real 404 runs the not-found options\' onSend on fastify@4.29.1')
      t.notMatch(expected['/handler'], /nf:onSend/, 'callNotFound() does not, on fastify@4.29.1')
      t.match(expected['/handler'], /route:onSend/, 'callNotFound() runs the matched route\'s onSend, on fastify@4.29.1')
      t.match(expected['/nested'], /nested:onSend/, 'including its plugin\'s, on fastify@4.29.1')
      t.match(expected['/handler'], failing ? /nf:onError/ : /nf:preSerialization/, 'the other hooks are the not-found handler\'s, on fastify@4.29.1')
      for (const [name, factory] of entries) t.same(await hookOrder(factory, placement, failing), expected, name)
    })
  }
}

t.test('callNotFound() from a route without hooks: the not-found options\' onSend stays silent, their onResponse runs only with a logger, as in Fastify 4.29', async (t) => {
  const observe = async (factory: Factory, options: Record<string, unknown>): Promise<Record<string, string>> => {
    const log: string[] = []
    // A copy: fastify@4.29.1 writes its defaults into the options object it is given.
    const app = factory({ ...options })
    app.setNotFoundHandler({
      onSend (_request: any, _reply: any, _payload: unknown, done: () => void) { log.push('nf onSend'); done() },
      onResponse (_request: any, reply: any, done: () => void) { log.push(`nf onResponse ${String(reply.statusCode)}`); done() }
    }, (_request: any, reply: any) => { log.push('not-found handler'); reply.code(404).send('gone') })
    app.get('/plain', (_request: any, reply: any) => { reply.callNotFound() })
    app.get('/with-on-send', { onSend (_request: any, _reply: any, _payload: unknown, done: () => void) { log.push('route onSend'); done() } }, (_request: any, reply: any) => { reply.callNotFound() })
    app.get('/with-on-response', { onResponse (_request: any, _reply: any, done: () => void) { log.push('route onResponse'); done() } }, (_request: any, reply: any) => { reply.callNotFound() })
    const seen: Record<string, string> = {}
    for (const [method, url] of [['GET', '/plain'], ['GET', '/with-on-send'], ['HEAD', '/with-on-send'], ['GET', '/with-on-response'], ['POST', '/plain']]) {
      log.length = 0
      const response = await app.inject({ method, url })
      // onResponse runs once the response has finished.
      await new Promise((resolve) => setTimeout(resolve, 20))
      seen[`${method!} ${url!}`] = `${response.statusCode} ${response.body} ${String(response.headers['content-length'])} | ${log.join(', ')}`
    }
    await app.close()
    return seen
  }
  const [[, fastify4], ...entries] = faces
  const loggers: Array<[string, Record<string, unknown>]> = [
    ['no logger', {}],
    ['a logger', { logger: { level: 'silent' } }],
    ['a logger without request logging', { logger: { level: 'silent' }, disableRequestLogging: true }]
  ]
  for (const [label, options] of loggers) {
    const expected = await observe(fastify4, options)
    t.same(expected['GET /plain'], `404 gone 4 | not-found handler${label === 'no logger' ? '' : ', nf onResponse 404'}`, `${label}: fastify@4.29.1`)
    t.same(expected['POST /plain'], '404 gone 4 | not-found handler, nf onSend, nf onResponse 404', `${label}: a real 404 (no POST route) runs both, on fastify@4.29.1`)
    for (const [name, factory] of entries) t.same(await observe(factory, options), expected, `${label}: ${name}`)
  }
})

t.test('setReplySerializer never serializes a not-found handler\'s reply, as in Fastify 4.29', async (t) => {
  const observe = async (factory: Factory): Promise<Record<string, string>> => {
    const log: string[] = []
    const app = factory()
    const serializer = (label: string) => (payload: unknown, statusCode: number) => { log.push(`${label} ${statusCode}`); return JSON.stringify({ wrapped: payload }) }
    app.setReplySerializer(serializer('root'))
    app.setNotFoundHandler((request: any, reply: any) => { reply.code(Number(request.query.status ?? 404)).send({ notFound: true }) })
    app.get('/found', (_request: any, reply: any) => { reply.code(404).send({ found: true }) })
    app.get('/call', (_request: any, reply: any) => { reply.callNotFound() })
    app.register(async (child: any) => {
      child.setReplySerializer(serializer('child'))
      child.setNotFoundHandler((_request: any, reply: any) => { reply.code(404).send({ childNotFound: true }) })
    }, { prefix: '/child' })
    const seen: Record<string, string> = {}
    for (const url of ['/missing', '/missing?status=200', '/found', '/call', '/child/missing']) {
      log.length = 0
      const response = await app.inject(url)
      seen[url] = `${response.statusCode} ${response.body} | ${log.join(', ')}`
    }
    await app.close()
    return seen
  }
  const [[, fastify4], ...entries] = faces
  const expected = await observe(fastify4)
  t.same(expected, {
    '/missing': '404 {"notFound":true} | ',
    '/missing?status=200': '200 {"notFound":true} | ',
    '/found': '404 {"wrapped":{"found":true}} | root 404',
    '/call': '404 {"notFound":true} | ',
    '/child/missing': '404 {"childNotFound":true} | '
  }, 'fastify@4.29.1')
  for (const [name, factory] of entries) t.same(await observe(factory), expected, name)
})

t.test('an unmatched URL answers 404, not 415, whatever its content type; the body is left unparsed, as in Fastify 4.29', async (t) => {
  const observe = async (factory: Factory, custom: boolean): Promise<Record<string, string>> => {
    const app = factory()
    const log: string[] = []
    if (custom) {
      app.setNotFoundHandler({ preValidation (request: any, _reply: any, done: () => void) { log.push(`preValidation ${typeof request.body}`); done() } },
        (request: any, reply: any) => { reply.code(404).send({ body: request.body ?? 'none' }) })
    }
    app.register(async (child: any) => {
      child.addContentTypeParser('application/xml', (_request: any, _payload: unknown, done: (error: null, body: string) => void) => { done(null, 'xml') })
      child.get('/', () => 'child')
    }, { prefix: '/child' })
    const seen: Record<string, string> = {}
    const cases: Array<[string, string, string | undefined, string]> = [
      ['POST', '/missing', 'application/xml', '<a/>'],
      ['PUT', '/missing', undefined, 'abc'],
      ['POST', '/child/missing', 'application/xml', '<a/>'],
      ['POST', '/missing', 'application/json', '{"a":1}']
    ]
    for (const [method, url, type, payload] of cases) {
      log.length = 0
      const response = await app.inject({ method, url, payload, headers: type === undefined ? {} : { 'content-type': type } })
      seen[`${method} ${url} ${String(type)}`] = `${response.statusCode} ${response.body} | ${log.join(', ')}`
    }
    await app.close()
    return seen
  }
  const [[, fastify4], ...entries] = faces
  for (const custom of [false, true]) {
    const expected = await observe(fastify4, custom)
    t.equal(expected['POST /missing application/xml']!.slice(0, 3), '404', 'fastify@4.29.1')
    if (custom) t.equal(expected['POST /missing application/json'], '404 {"body":{"a":1}} | preValidation object', 'a type it has a parser for is parsed, on fastify@4.29.1')
    for (const [name, factory] of entries) t.same(await observe(factory, custom), expected, `${name}, ${custom ? 'custom' : 'default'} not-found handler`)
  }
})

t.test('after callNotFound(), onRequestAbort and onTimeout are the matched route\'s, as in Fastify 4.29 (real sockets)', async (t) => {
  const observe = async (factory: Factory): Promise<string[]> => {
    const seen: string[] = []
    let handlersStarted = 0
    // each step waits for what it needs to have happened, polling, not for a fixed time
    const until = async (check: () => boolean): Promise<void> => {
      for (let waited = 0; !check() && waited < 10_000; waited += 5) await new Promise((resolve) => setTimeout(resolve, 5))
    }
    const app = factory({ connectionTimeout: 300 })
    app.setNotFoundHandler({
      onRequestAbort (request: any, done: () => void) { seen.push(`not-found onRequestAbort ${request.url as string}`); done() },
      onTimeout (request: any, _reply: any, done: () => void) { seen.push(`not-found onTimeout ${request.url as string}`); done() }
    }, async (_request: any, reply: any) => { handlersStarted++; await new Promise((resolve) => setTimeout(resolve, 800)); reply.code(404); return 'late' })
    app.get('/call', {
      onRequestAbort (request: any, done: () => void) { seen.push(`route onRequestAbort ${request.url as string}`); done() },
      onTimeout (request: any, _reply: any, done: () => void) { seen.push(`route onTimeout ${request.url as string}`); done() }
    }, (_request: any, reply: any) => { reply.callNotFound() })
    await app.listen({ port: 0, host: '127.0.0.1' })
    const port = (app.server.address() as { port: number }).port
    for (const path of ['/missing', '/call']) {
      // The client leaves while the handler waits: one abort hook.
      const started = handlersStarted
      const before = seen.length
      const request = http.request({ host: '127.0.0.1', port, path })
      request.on('error', () => {})
      request.end()
      await until(() => handlersStarted > started)
      request.destroy()
      await until(() => seen.length >= before + 1)
      // The connection times out (connectionTimeout) while the handler waits: a timeout and an abort hook.
      await new Promise<void>((resolve) => {
        const socket = net.connect(port, '127.0.0.1', () => socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`))
        socket.on('data', () => {})
        socket.on('close', () => resolve())
        socket.on('error', () => resolve())
      })
      await until(() => seen.length >= before + 3)
    }
    await app.close()
    return seen.sort()
  }
  const [[, fastify4], ...entries] = faces
  const expected = await observe(fastify4)
  t.same(expected, [
    'not-found onRequestAbort /missing',
    'not-found onRequestAbort /missing',
    'not-found onTimeout /missing',
    'route onRequestAbort /call',
    'route onRequestAbort /call',
    'route onTimeout /call'
  ], 'fastify@4.29.1')
  for (const [name, factory] of entries) t.same(await observe(factory), expected, name)
})
