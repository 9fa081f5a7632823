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
