import t from 'tap'
import { rawExchange } from './fixtures/raw-http1.js'
import { faces, type Factory } from './fixtures/faces.js'
import { captureLogs } from './fixtures/log-lines.js'

// Fastify 4.29 refuses an HTTP/1 request line of another version (505) once its router has matched,
// so a target the router refuses keeps its 400 FST_ERR_BAD_URL. Fastify 5.12 and enclave() route
// such request lines as HTTP/1.1 (docs/migrating-from-fastify.md).

async function statusLine (port: number, requestLine: string): Promise<string> {
  const text = await rawExchange(port, `${requestLine}\r\nHost: localhost\r\nConnection: close\r\n\r\n`)
  const bodyStart = text.indexOf('\r\n\r\n') + 4
  return `${text.slice(0, text.indexOf('\r\n'))} ${text.slice(bodyStart)}`
}

async function answers (factory: Factory): Promise<string[]> {
  const app = factory()
  app.get('/known', async () => 'known')
  app.put('/known', async () => 'known')
  await app.listen({ port: 0, host: '127.0.0.1' })
  const port: number = app.server.address().port
  const seen: string[] = []
  try {
    for (const requestLine of ['GET /%zz HTTP/2.0', 'PUT /known/%zz HTTP/2.0', 'GET http://example.com/%zz HTTP/2.0', 'GET /known HTTP/2.0', 'GET /nope HTTP/2.0', 'GET /known?q=%zz HTTP/2.0']) {
      seen.push(`${requestLine}: ${await statusLine(port, requestLine)}`)
    }
  } finally {
    await app.close()
  }
  return seen
}

t.test('a target the router refuses is a 400 before the HTTP version check, as fastify@4.29.1', async (t) => {
  const [[baseName, baseFactory], , [name, factory]] = faces
  const expected = await answers(baseFactory!)
  t.match(expected[0], /^GET \/%zz HTTP\/2\.0: HTTP\/1\.1 400 Bad Request .*FST_ERR_BAD_URL/, baseName)
  t.match(expected[3], /^GET \/known HTTP\/2\.0: HTTP\/1\.1 505 /, baseName)
  t.same(await answers(factory!), expected, name)
})

async function refusalLines (factory: Factory): Promise<unknown[]> {
  const { lines, stream } = captureLogs()
  const app = factory({ logger: { level: 'info', stream } })
  app.get('/known', { logLevel: 'warn' }, async () => 'known')
  app.get('/chatty', async (request: any) => { request.log.info('handler'); return 'chatty' })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const port: number = app.server.address().port
  try {
    for (const requestLine of ['GET /chatty HTTP/2.0', 'GET /known HTTP/2.0', 'GET /nope HTTP/2.0', 'GET /chatty HTTP/1.1']) await statusLine(port, requestLine)
  } finally {
    await app.close()
  }
  return lines.filter((line) => line.reqId !== undefined).map((line) => [line.level, line.reqId, line.msg, line.res])
}

t.test('a request refused for its HTTP version is logged with the id and level of its route, as fastify@4.29.1', async (t) => {
  const [[baseName, baseFactory], , [name, factory]] = faces
  const expected = await refusalLines(baseFactory!)
  t.same(expected[0], [30, 'req-1', 'request aborted - invalid HTTP version', { statusCode: 505 }], baseName)
  t.same(await refusalLines(factory!), expected, name)
})
