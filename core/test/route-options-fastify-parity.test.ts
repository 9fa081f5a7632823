import t from 'tap'
import http from 'node:http'
import { faces, type Factory } from './fixtures/faces.js'
import { answerOverSocket } from './fixtures/http1-client.js'

// Routes.md's route options, run on fastify@4.29.1 and both Enclave entries: the methods a route
// may use, which of them read a body, and the childLoggerFactory route option with the options
// Fastify hands a custom child-logger factory.

t.test('a route may use Fastify 4.29\'s methods only: PURGE, ACL and Node\'s other methods throw FST_ERR_ROUTE_METHOD_NOT_SUPPORTED', async (t) => {
  const observe = (factory: Factory): unknown => {
    const app = factory()
    const accepted: string[] = []
    const refused: string[] = []
    for (const method of http.METHODS) {
      try {
        app.route({ method, url: `/${method}`, handler: () => 'ok' })
        accepted.push(method)
      } catch (error) {
        const { code, statusCode, message } = error as Error & { code: string, statusCode: number }
        if (refused.length === 0) refused.push(`${code} ${statusCode} ${message}`)
        refused.push(method)
      }
    }
    return { accepted, refused }
  }
  const [[, fastify4], ...entries] = faces
  const expected = observe(fastify4) as { accepted: string[], refused: string[] }
  t.equal(expected.accepted.length, 18, 'fastify@4.29.1 takes 18 methods')
  t.equal(expected.refused[0], 'FST_ERR_ROUTE_METHOD_NOT_SUPPORTED 500 ACL method is not supported.', 'fastify@4.29.1')
  for (const [name, factory] of entries) t.same(observe(factory), expected, name)
})

t.test('a request whose method no route may use reaches the not-found handler, as in Fastify 4.29', async (t) => {
  const observe = async (factory: Factory): Promise<unknown> => {
    const app = factory()
    app.all('/all', (request: any) => request.method)
    await app.listen({ port: 0, host: '127.0.0.1' })
    const port = (app.server.address() as { port: number }).port
    const seen: string[] = []
    for (const method of ['PURGE', 'MERGE', 'UNLOCK']) {
      const { statusCode, body } = await answerOverSocket(port, method, '/all')
      seen.push(`${method} ${statusCode} ${body}`)
    }
    await app.close()
    return seen
  }
  const [[, fastify4], ...entries] = faces
  const expected = await observe(fastify4)
  t.same(expected, [
    'PURGE 404 {"message":"Route PURGE:/all not found","error":"Not Found","statusCode":404}',
    'MERGE 404 {"message":"Route MERGE:/all not found","error":"Not Found","statusCode":404}',
    'UNLOCK 200 UNLOCK'
  ], 'fastify@4.29.1')
  for (const [name, factory] of entries) t.same(await observe(factory), expected, name)
})

t.test('GET, HEAD and UNLOCK read no body; every other method does, as in Fastify 4.29', async (t) => {
  const methods = ['GET', 'HEAD', 'UNLOCK', 'LOCK', 'TRACE', 'SEARCH', 'PROPFIND', 'COPY', 'OPTIONS', 'DELETE', 'POST']
  const observe = async (factory: Factory): Promise<unknown> => {
    const app = factory()
    for (const method of methods) {
      app.route({ method, url: '/', handler: (request: any, reply: any) => { reply.header('x-body', JSON.stringify(request.body ?? 'none')); return 'ok' } })
    }
    app.route({ method: 'UNLOCK', url: '/validated', schema: { body: { type: 'object' } }, handler: () => 'ok' })
    const seen: Record<string, unknown> = {}
    for (const method of methods) seen[method] = (await app.inject({ method, url: '/', payload: { y: 1 } })).headers['x-body']
    const validated = await app.inject({ method: 'UNLOCK', url: '/validated', payload: { y: 1 } })
    seen.validatedUnlock = validated.statusCode
    await app.close()
    return seen
  }
  const [[, fastify4], ...entries] = faces
  const expected = await observe(fastify4)
  t.match(expected, { GET: '"none"', UNLOCK: '"none"', LOCK: '{"y":1}', validatedUnlock: 400 }, 'fastify@4.29.1')
  for (const [name, factory] of entries) t.same(await observe(factory), expected, name)
})

t.test('the childLoggerFactory route option makes that route\'s request loggers, with the options Fastify 4.29 hands it', async (t) => {
  const observe = async (factory: Factory): Promise<unknown> => {
    const calls: string[] = []
    const app = factory()
    const childLoggerFactory = function (this: unknown, logger: any, bindings: Record<string, unknown>, options: Record<string, unknown>, raw: any): unknown {
      calls.push(`${raw.url as string} this=${String(this === app)} bindings=${Object.keys(bindings).join()} ${JSON.stringify(options, (_key, value: unknown) => typeof value === 'function' ? 'fn' : value)}`)
      return logger.child(bindings, options)
    }
    app.get('/plain', () => 'ok')
    app.get('/own', { childLoggerFactory }, () => 'ok')
    app.get('/levelled', { childLoggerFactory, logLevel: 'warn', logSerializers: { user: (user: unknown) => user } }, () => 'ok')
    app.register(async (plugin: any) => {
      plugin.get('/in-plugin', { childLoggerFactory }, () => 'ok')
      plugin.register(async (nested: any) => {
        nested.get('/nested', { childLoggerFactory }, () => 'ok')
      })
    }, { logLevel: 'debug', logSerializers: { account: (account: unknown) => account } })
    app.register(async (plugin: any) => {
      plugin.setChildLoggerFactory(function plugins (this: unknown, logger: any, bindings: Record<string, unknown>) { calls.push('the plugin\'s factory'); return logger.child(bindings) })
      plugin.get('/route-wins', { childLoggerFactory }, () => 'ok')
    })
    for (const url of ['/plain', '/own', '/levelled', '/in-plugin', '/nested', '/route-wins']) await app.inject(url)
    await app.close()
    return calls
  }
  const [[, fastify4], ...entries] = faces
  const expected = await observe(fastify4)
  t.same(expected, [
    '/own this=true bindings=reqId {"level":""}',
    '/levelled this=true bindings=reqId {"level":"warn","serializers":{"user":"fn"}}',
    '/in-plugin this=false bindings=reqId {"level":"debug","serializers":{}}',
    '/nested this=false bindings=reqId {"level":"debug","serializers":{}}',
    '/route-wins this=false bindings=reqId {"level":""}'
  ], 'fastify@4.29.1')
  for (const [name, factory] of entries) t.same(await observe(factory), expected, name)
})
