// The body reader asks app.fetch()'s request for Content-Type, Content-Length and Transfer-Encoding
// one by one, without making Node's header record; once a hook has read or replaced that record,
// what it changed there is what the body reader sees, as over a socket.
import t from 'tap'
import { enclaveFaces } from './fixtures/faces.js'

const post = (body: string, headers: Record<string, string>): Request =>
  new Request('http://localhost/echo', { method: 'POST', headers, body })

for (const [face, factory] of enclaveFaces) {
  t.test(`${face}: the body's header fields through app.fetch`, async (t) => {
    const app = factory()
    t.teardown(() => app.close())
    app.post('/echo', async (request: any) => ({ body: request.body, type: request.headers['content-type'] ?? null }))
    app.register(async (scope: any) => {
      scope.addHook('onRequest', async (request: any) => { request.raw.headers['content-type'] = 'application/json' })
      scope.post('/retyped', async (request: any) => ({ body: request.body }))
    })
    app.register(async (scope: any) => {
      scope.addHook('onRequest', async (request: any) => { request.raw.headers = { host: 'localhost', 'content-type': 'text/plain', 'content-length': '3' } })
      scope.post('/replaced', async (request: any) => ({ body: request.body }))
    })
    app.register(async (scope: any) => {
      scope.addHook('onRequest', async (request: any) => { request.raw.headers['content-length'] = '999' })
      scope.post('/relength', async (request: any) => ({ body: request.body }))
    })

    const json = await app.fetch(post('{"a":1}', { 'Content-Type': 'application/json' }))
    t.same(await json.json(), { body: { a: 1 }, type: 'application/json' }, 'parsed by its content type, whatever the name\'s case')
    const text = await app.fetch(post('plain', { 'content-type': 'text/plain' }))
    t.same(await text.json(), { body: 'plain', type: 'text/plain' }, 'a text body')
    // Bytes: a string body would make the Request add text/plain.
    const untyped = await app.fetch(new Request('http://localhost/echo', { method: 'POST', body: new TextEncoder().encode('xyz') }))
    t.equal(untyped.status, 415, 'a body without a content type')

    const retyped = await app.fetch(new Request('http://localhost/retyped', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{"b":2}' }))
    t.same(await retyped.json(), { body: { b: 2 } }, 'a hook that changes raw.headers[content-type] picks the parser')
    const replaced = await app.fetch(new Request('http://localhost/replaced', { method: 'POST', headers: { 'content-type': 'application/json' }, body: 'abc' }))
    t.same(await replaced.json(), { body: 'abc' }, 'a hook that replaces raw.headers picks the parser')
    const relength = await app.fetch(new Request('http://localhost/relength', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }))
    t.equal(relength.status, 400, 'a content-length changed by a hook is the one the body is measured against')
    t.equal((await relength.json()).code, 'FST_ERR_CTP_INVALID_CONTENT_LENGTH')
  })
}
