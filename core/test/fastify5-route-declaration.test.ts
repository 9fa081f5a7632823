import { test } from 'tap'
import http from 'node:http'
import { enclaveFaces, type Factory } from './fixtures/faces.js'
import { sameOnBoth } from './fixtures/same-on-fastify5.js'

function attempt (declare: () => void): unknown {
  try {
    declare()
    return 'declared'
  } catch (error: any) {
    return { code: error.code, name: error.name, message: error.message, typeError: error instanceof TypeError }
  }
}

async function logLevels (factory: Factory): Promise<unknown[]> {
  const withPino = factory({ logger: { level: 'info', stream: { write () {} } } })
  const withoutLogger = factory()
  const outcomes = [
    attempt(() => withPino.get('/a', { logLevel: 'nope' }, () => 'a')),
    attempt(() => withPino.route({ method: ['GET', 'POST'], url: '/b', logLevel: 42, handler: () => 'b' })),
    attempt(() => withPino.get('/c', { logLevel: 'debug' }, () => 'c')),
    attempt(() => withPino.get('/d', { logLevel: '' }, () => 'd')),
    attempt(() => withoutLogger.get('/a', { logLevel: 'nope' }, () => 'a'))
  ]
  await withPino.close()
  await withoutLogger.close()
  return outcomes
}

test('a route log level the logger does not know is refused with FST_ERR_ROUTE_LOG_LEVEL_INVALID', async (t) => {
  const expected = await sameOnBoth(t, logLevels)
  t.same(expected[0], { code: 'FST_ERR_ROUTE_LOG_LEVEL_INVALID', name: 'FastifyError', message: "Log level for 'GET:/a' route must be a valid logger level. Received: 'nope'", typeError: true })
  t.same(expected.slice(2), ['declared', 'declared', 'declared'])
})

for (const [name, factory] of enclaveFaces) {
  test(`${name}: a route log level is not checked at declaration, as Fastify 4.29`, async (t) => {
    t.same(await logLevels(factory), ['declared', 'declared', 'declared', 'declared', 'declared'])
  })
}

function query (port: number, headers: Record<string, string>, body: string | undefined): Promise<[number | undefined, string]> {
  return new Promise((resolve, reject) => {
    const request = http.request({ port, host: '127.0.0.1', method: 'QUERY', path: '/search', headers }, (response) => {
      let data = ''
      response.on('data', (chunk) => { data += String(chunk) })
      response.on('end', () => { resolve([response.statusCode, data]) })
    })
    request.on('error', reject)
    request.end(body)
  })
}

test('QUERY: app.query() and app.trace() declare routes; a QUERY without Content-Type is a 400 FST_ERR_ROUTE_MISSING_CONTENT_TYPE', async (t) => {
  const expected = await sameOnBoth(t, async (factory) => {
    const app = factory()
    app.query('/search', (request: any) => ({ body: request.body ?? null }))
    app.trace('/trace', () => 'traced')
    await app.listen({ port: 0, host: '127.0.0.1' })
    const port = app.server.address().port
    const answers = [
      await query(port, {}, undefined),
      await query(port, { 'content-length': '3' }, 'abc'),
      await query(port, { 'content-type': 'application/json' }, '{"a":1}'),
      await query(port, { 'content-type': 'text/weird' }, 'x'),
      (await app.inject({ method: 'TRACE', url: '/trace' })).body
    ]
    await app.close()
    return answers
  })
  t.same(expected[0], [400, JSON.stringify({ statusCode: 400, code: 'FST_ERR_ROUTE_MISSING_CONTENT_TYPE', error: 'Bad Request', message: "Method 'QUERY' must provide a 'Content-Type' header." })])
  t.same(expected[2], [200, '{"body":{"a":1}}'])
})

for (const [name, factory] of enclaveFaces) {
  test(`${name}: no trace() nor query() shorthand, as Fastify 4.29`, async (t) => {
    const app = factory()
    t.same([typeof app.trace, typeof app.query], ['undefined', 'undefined'])
    await app.close()
  })
}
