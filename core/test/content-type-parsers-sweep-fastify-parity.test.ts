import t from 'tap'
import http from 'node:http'
import { faces, type Factory } from './fixtures/faces.js'

// ContentTypeParser.md's cases run on fastify@4.29.1 and both Enclave entries: what a parser
// function gets as `this`, and when a DELETE or OPTIONS body is parsed (over real sockets, where
// Content-Length and Transfer-Encoding are what the client sent).

t.test('a parser function\'s this is Fastify 4.29\'s Parser: asString, asBuffer, bodyLimit (the server\'s by default) and fn', async (t) => {
  const observe = async (factory: Factory): Promise<unknown> => {
    const app = factory({ bodyLimit: 5000 })
    function describe (this: any): Record<string, unknown> {
      return { ctor: this.constructor.name, keys: Object.keys(this), asString: this.asString, asBuffer: this.asBuffer, bodyLimit: this.bodyLimit, fn: typeof this.fn }
    }
    app.addContentTypeParser('text/x-string', { parseAs: 'string', bodyLimit: 50 }, function (this: any, _request: any, _body: string, done: (error: null, body: unknown) => void) { done(null, describe.call(this)) })
    app.addContentTypeParser('text/x-buffer', { parseAs: 'buffer' }, function (this: any, _request: any, _body: Buffer, done: (error: null, body: unknown) => void) { done(null, describe.call(this)) })
    app.addContentTypeParser('text/x-stream', function (this: any, _request: any, _payload: unknown, done: (error: null, body: unknown) => void) { done(null, describe.call(this)) })
    app.addContentTypeParser('text/x-async', async function (this: any) { return describe.call(this) })
    app.post('/', (request: any) => request.body)
    const seen: unknown[] = []
    for (const type of ['text/x-string', 'text/x-buffer', 'text/x-stream', 'text/x-async']) {
      seen.push((await app.inject({ method: 'POST', url: '/', payload: 'a', headers: { 'content-type': type } })).json())
    }
    await app.close()
    return seen
  }
  const [[, fastify4], ...entries] = faces
  const expected = await observe(fastify4)
  t.same((expected as unknown[])[0], { ctor: 'Parser', keys: ['asString', 'asBuffer', 'bodyLimit', 'fn'], asString: true, asBuffer: false, bodyLimit: 50, fn: 'function' }, 'fastify@4.29.1')
  t.match((expected as unknown[])[1], { asBuffer: true, bodyLimit: 5000 }, 'fastify@4.29.1')
  for (const [name, factory] of entries) t.same(await observe(factory), expected, name)
})

t.test('a DELETE or OPTIONS body is parsed only when it names its type and announces a body with Content-Length or Transfer-Encoding, as in Fastify 4.29', async (t) => {
  const requests: Array<[string, Record<string, string>, string | null]> = [
    ['content-type, content-length: 0', { 'content-type': 'application/json', 'content-length': '0' }, ''],
    ['content-type, chunked body', { 'content-type': 'application/json', 'transfer-encoding': 'chunked' }, '{"a":1}'],
    ['content-type, no length', { 'content-type': 'application/json' }, null],
    ['no content-type, a body', { 'content-length': '7' }, '{"a":1}']
  ]
  const observe = async (factory: Factory): Promise<string[]> => {
    const app = factory()
    app.route({ method: ['DELETE', 'OPTIONS', 'POST'], url: '/', handler: (request: any) => ({ body: request.body === undefined ? 'none' : request.body }) })
    await app.listen({ port: 0, host: '127.0.0.1' })
    const port = (app.server.address() as { port: number }).port
    const seen: string[] = []
    for (const method of ['DELETE', 'OPTIONS', 'POST']) {
      for (const [label, headers, body] of requests) {
        seen.push(await new Promise<string>((resolve, reject) => {
          const request = http.request({ method, host: '127.0.0.1', port, path: '/', headers }, (response) => {
            let text = ''
            response.on('data', (chunk) => { text += String(chunk) })
            response.on('end', () => { resolve(`${method} ${label}: ${response.statusCode!} ${text}`) })
          })
          request.on('error', reject)
          if (body !== null) request.write(body)
          request.end()
        }))
      }
    }
    await app.close()
    return seen
  }
  const [[, fastify4], ...entries] = faces
  const expected = await observe(fastify4)
  t.equal(expected[2], 'DELETE content-type, no length: 200 {"body":"none"}', 'fastify@4.29.1')
  t.match(expected[10], /^POST content-type, no length: 400 .*FST_ERR_CTP_EMPTY_JSON_BODY/, 'fastify@4.29.1')
  for (const [name, factory] of entries) t.same(await observe(factory), expected, name)
})
