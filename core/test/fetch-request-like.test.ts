// app.fetch() takes an object shaped like a Web Request (string url and method, a headers object):
// one without a body property is a request without a body, answered as such, never a TypeError.
import t from 'tap'
import enclave from '@enclave/core'

t.test('a request-like object without a body', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.get('/', async () => ({ ok: 1 }))
  app.post('/echo', async (request: any) => ({ body: request.body ?? null }))
  const like = (method: string, path: string, fields: Record<string, string>): Request => ({ url: `http://localhost${path}`, method, headers: new Headers(fields) }) as unknown as Request

  const got = await app.fetch(like('GET', '/', {}))
  t.same([got.status, await got.json()], [200, { ok: 1 }], 'a GET')
  const empty = await app.fetch(like('POST', '/echo', { 'content-type': 'application/json' }))
  t.same([empty.status, (await empty.json()).code], [400, 'FST_ERR_CTP_EMPTY_JSON_BODY'], 'a POST: an empty JSON body')
  const announced = await app.fetch(like('POST', '/echo', { 'content-type': 'application/json', 'content-length': '3' }))
  t.same([announced.status, (await announced.json()).code], [400, 'FST_ERR_CTP_INVALID_CONTENT_LENGTH'], 'a length announced, no body: the length does not match')
})

// Bun's server gives an HTTP/1.0 request that has no Host header its request target alone as `url`.
t.test('a URL that is the request target alone (/path?query): routed by it, and no host made up', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.get('/hello', async (request: any) => ({ url: request.url, query: request.query, host: request.host ?? null, hostname: request.hostname ?? null }))
  const targetOnly = (url: string): Request => ({ url, method: 'GET', headers: new Headers(), body: null }) as unknown as Request

  const found = await app.fetch(targetOnly('/hello?x=1'))
  // As Fastify over a socket for a request without a Host header: both empty.
  t.same([found.status, await found.json()], [200, { url: '/hello?x=1', query: { x: '1' }, host: '', hostname: '' }])
  const missing = await app.fetch(targetOnly('/nowhere'))
  t.same([missing.status, (await missing.json()).message], [404, 'Route GET:/nowhere not found'])
})
