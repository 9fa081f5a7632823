// Fastify 5.12.5 (security release): a reply with trailers set `Transfer-Encoding: chunked` on an
// HTTP/2 response too, a header HTTP/2 forbids; Node threw ERR_HTTP2_INVALID_CONNECTION_HEADERS
// outside any handler and the process crashed (fastify@5.12.4): one request took the server down.
// Replayed over a real HTTP/2 connection on every entry, and on fastify@5.12.8 for comparison.
import t from 'tap'
import type { Test } from 'tap'
import http2 from 'node:http2'
import type { AddressInfo } from 'node:net'
import Fastify5 from 'fastify5'
import { enclaveFaces, fastify5Face } from './fixtures/faces.js'
import type { Factory } from './fixtures/faces.js'

const everyEntry: Array<[string, Factory]> = [...enclaveFaces, fastify5Face]

interface Seen { status: number, body: string, trailers: Record<string, unknown>, transferEncoding: unknown }

function fetchWithTrailers (port: number): Promise<Seen> {
  return new Promise((resolve, reject) => {
    const session = http2.connect(`http://127.0.0.1:${port}`)
    session.on('error', reject)
    const stream = session.request({ ':path': '/' })
    const seen: Seen = { status: 0, body: '', trailers: {}, transferEncoding: undefined }
    stream.setEncoding('utf8')
    stream.on('response', (headers) => {
      seen.status = Number(headers[':status'])
      seen.transferEncoding = headers['transfer-encoding']
    })
    stream.on('data', (chunk: string) => { seen.body += chunk })
    stream.on('trailers', (trailers) => { seen.trailers = { 'x-digest': trailers['x-digest'] } })
    stream.on('error', reject)
    stream.on('close', () => {
      session.close()
      resolve(seen)
    })
  })
}

async function replay (t: Test, factory: Factory): Promise<Seen> {
  const app = factory({ logger: false, http2: true })
  t.teardown(() => app.close())
  app.get('/', (_request: unknown, reply: any) => {
    reply.trailer('x-digest', async () => 'abc')
    reply.send('hello')
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  return fetchWithTrailers((app.server.address() as AddressInfo).port)
}

t.test('trailers over HTTP/2 answer the request and keep the server up, on every entry as in fastify@5.12.8', async (t) => {
  const expected = { status: 200, body: 'hello', trailers: { 'x-digest': 'abc' }, transferEncoding: undefined }
  t.same(await replay(t, Fastify5 as unknown as Factory), expected, 'fastify@5.12.8')
  for (const [name, factory] of everyEntry) t.same(await replay(t, factory), expected, name)
})
