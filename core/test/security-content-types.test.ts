// Content-Type matching is exact on the media type: a look-alike never reaches the JSON parser and
// never gets past a body schema, and type names that are Object.prototype members are just unknown.
import t from 'tap'
import type { Test } from 'tap'
import type { AddressInfo } from 'node:net'
import enclave from '@enclave/core'

async function startApp (t: Test): Promise<{ url: string, seen: unknown[] }> {
  const seen: unknown[] = []
  const app = enclave()
  const schema = { body: { type: 'object', required: ['name'], properties: { name: { type: 'string', maxLength: 5 } } } }
  app.post('/strict', { schema }, async (request) => {
    seen.push(request.body)
    return { body: request.body as unknown }
  })
  app.post('/loose', async (request) => {
    seen.push(request.body)
    return { type: typeof request.body }
  })
  app.register(async function vendorTypes (child) {
    child.addContentTypeParser('application/vnd.api+json', { parseAs: 'string' }, (child as any).getDefaultJsonParser('error', 'error'))
    child.post('/vendor', { schema }, async (request) => ({ body: request.body as unknown }))
  })
  t.teardown(() => app.close())
  await app.listen({ port: 0, host: '127.0.0.1' })
  return { url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, seen }
}

function post (url: string, contentType: string, body: string): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { 'content-type': contentType }, body })
}

const lookAlikes = [
  'application/jsonx',
  'xapplication/json',
  'application/json+x',
  'application/json/x',
  'application/json-patch+json',
  'text/application/json',
  'application/jso',
  'application/ json',
  'application/json, text/plain',
  'application/*',
  '*/*',
  'application/vnd.api+jsonx'
]

t.test('a type that merely contains application/json is a 415 and never parsed, schema or not', async (t) => {
  const { url, seen } = await startApp(t)
  for (const type of lookAlikes) {
    for (const path of ['/strict', '/loose']) {
      // The body is valid for the schema: only the media type decides.
      const response = await post(url + path, type, '{"name":"ok"}')
      t.equal(response.status, 415, `${type} on ${path}`)
      t.match(await response.json(), { statusCode: 415, code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE' }, type)
    }
  }
  t.same(seen, [], 'no handler ran')
})

t.test('application/json in any case and with parameters is parsed and validated', async (t) => {
  const { url } = await startApp(t)
  for (const type of ['application/json', 'APPLICATION/JSON', 'Application/Json; charset=utf-8', 'application/json;charset="UTF-8"', '  application/json  ; foo=bar']) {
    const good = await post(url + '/strict', type, '{"name":"ok"}')
    t.equal(good.status, 200, type)
    const bad = await post(url + '/strict', type, '{"name":"too long"}')
    t.equal(bad.status, 400, `${type}: the schema applies`)
  }
})

t.test('a custom vendor type is matched exactly too, and its body still meets the schema', async (t) => {
  const { url } = await startApp(t)
  t.equal((await post(url + '/vendor', 'application/vnd.api+json', '{"name":"ok"}')).status, 200)
  t.equal((await post(url + '/vendor', 'application/vnd.api+json', '{"name":"too long"}')).status, 400)
  t.equal((await post(url + '/vendor', 'application/vnd.api+json', '{}')).status, 400)
})

t.test('a text/plain body does not skip an object body schema', async (t) => {
  const { url, seen } = await startApp(t)
  const response = await post(url + '/strict', 'text/plain', '{"name":"ok"}')
  t.equal(response.status, 400)
  t.match(await response.json(), { statusCode: 400, message: /^body should be object/ })
  t.same(seen, [])
})

t.test('media types named after Object.prototype members are 415', async (t) => {
  const { url, seen } = await startApp(t)
  const names = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'isPrototypeOf', '__defineGetter__', 'propertyIsEnumerable', 'toLocaleString']
  for (const name of names) {
    for (const type of [name, `${name}; charset=utf-8`, `${name}/${name}`, `application/${name}`, `${name}/json`]) {
      const response = await post(url + '/loose', type, '{"name":"ok"}')
      t.equal(response.status, 415, type)
      t.match(await response.json(), { code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE' }, type)
    }
  }
  t.same(seen, [])
  // And the server is unharmed: the real type still works.
  t.equal((await post(url + '/loose', 'application/json', '{"a":1}')).status, 200)
})

t.test('many distinct hostile content types do not break later lookups', async (t) => {
  const { url } = await startApp(t)
  for (let i = 0; i < 250; i++) {
    const response = await post(url + '/loose', `application/x-${i}`, '{}')
    t.equal(response.status, 415)
    if (response.status !== 415) break
  }
  t.equal((await post(url + '/loose', 'application/json', '{"a":1}')).status, 200)
})
