// @fastify/helmet, @fastify/static and @fastify/compress (the Fastify 4 majors), unmodified, on an
// HTTP/2 server: each case goes to Fastify 4 and to Enclave over node:http2 and must come back alike.
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { Readable } from 'node:stream'
import t from 'tap'
import type { Test } from 'tap'
import Fastify from 'fastify4'
import enclave from '@enclave/core'
import helmet from '@fastify/helmet'
import fastifyStatic from '@fastify/static'
import compress from '@fastify/compress'
import { connect, send, localhostCertificate, type H2RequestOptions, type H2Response } from '../../../core/test/fixtures/http2-client.js'

const bigText = 'HTTP/2 and compression go well together. '.repeat(200)

function fixture (t: Test): string {
  return t.testdir({
    'hello.txt': 'hello over HTTP/2\n',
    'big.txt': bigText,
    docs: { 'index.html': '<h1>docs</h1>\n' }
  })
}

/**
 * What must agree: everything but the date. The default 404 payload is compared elsewhere
 * (not-found tests): here a 404 compares its status and headers only.
 */
function comparable (response: H2Response) {
  const notFound = response.status === 404
  const headers: Record<string, unknown> = {}
  for (const name of Object.keys(response.headers).sort()) {
    if (name !== 'date' && !(notFound && name === 'content-length')) headers[name] = response.headers[name]
  }
  const encoding = response.headers['content-encoding']
  const body = encoding === 'gzip' ? gunzipSync(response.body) : encoding === 'br' ? brotliDecompressSync(response.body) : response.body
  return { headers, body: notFound ? '<404 payload>' : body.toString('utf8') }
}

/** Starts the same app on Fastify 4 and on Enclave (both HTTP/2 over TLS) and compares each case. */
async function compareOverHttp2 (t: Test, setup: (app: any) => Promise<void> | void, cases: Array<[string, H2RequestOptions]>): Promise<Map<string, H2Response>> {
  const { key, cert } = await localhostCertificate()
  const fastify = Fastify({ http2: true, https: { key, cert } })
  const app = enclave({ http2: true, https: { key, cert } })
  t.teardown(async () => { await fastify.close(); await app.close() })
  await setup(fastify)
  await setup(app)
  const fastifySession = await connect(await fastify.listen({ port: 0, host: '127.0.0.1' }), cert)
  const appSession = await connect(await app.listen({ port: 0, host: '127.0.0.1' }), cert)
  t.teardown(() => { fastifySession.destroy(); appSession.destroy() })
  const answers = new Map<string, H2Response>()
  for (const [name, options] of cases) {
    const expected = await send(fastifySession, options)
    const actual = await send(appSession, options)
    t.same(comparable(actual), comparable(expected), name)
    answers.set(name, actual)
  }
  return answers
}

t.test('@fastify/helmet sets its security headers over HTTP/2 as on Fastify 4', async (t) => {
  const answers = await compareOverHttp2(t, async (app) => {
    await app.register(helmet)
    app.get('/', async () => ({ ok: true }))
  }, [
    ['a route', { path: '/' }],
    ['a 404', { path: '/missing' }]
  ])
  const route = answers.get('a route')!
  t.equal(route.status, 200)
  t.match(route.headers['content-security-policy'], /^default-src 'self';/)
  t.equal(route.headers['x-frame-options'], 'SAMEORIGIN')
  t.equal(route.headers['strict-transport-security'], 'max-age=15552000; includeSubDomains')
  t.equal(answers.get('a 404')!.status, 404)
})

t.test('@fastify/static serves files over HTTP/2 as on Fastify 4: types, validators, HEAD, ranges, index files', async (t) => {
  const root = fixture(t)
  const first = await compareOverHttp2(t, async (app) => {
    await app.register(fastifyStatic, { root, prefix: '/assets/' })
  }, [
    ['a file', { path: '/assets/hello.txt' }],
    ['HEAD of a file', { method: 'HEAD', path: '/assets/hello.txt' }],
    ['a byte range', { path: '/assets/hello.txt', headers: { range: 'bytes=0-4' } }],
    ['an unsatisfiable range', { path: '/assets/hello.txt', headers: { range: 'bytes=500-600' } }],
    ['an index file', { path: '/assets/docs/' }],
    ['a missing file', { path: '/assets/nope.txt' }],
    ['a traversal attempt', { path: '/assets/../package.json' }]
  ])
  const file = first.get('a file')!
  t.equal(file.status, 200)
  t.equal(file.text, 'hello over HTTP/2\n')
  t.equal(file.headers['content-type'], 'text/plain; charset=UTF-8')
  t.equal(first.get('HEAD of a file')!.text, '')
  t.equal(first.get('a byte range')!.status, 206)
  t.equal(first.get('a byte range')!.text, 'hello')
  t.equal(first.get('an unsatisfiable range')!.status, 416)
  t.equal(first.get('a missing file')!.status, 404)
  t.equal(first.get('a traversal attempt')!.status, 403)
  t.equal(file.headers.connection, undefined)
  t.equal(file.headers['transfer-encoding'], undefined)

  // The validators a first answer gave make the second a 304.
  const etag = String(file.headers.etag)
  const { key, cert } = await localhostCertificate()
  const app = enclave({ http2: true, https: { key, cert } })
  t.teardown(() => app.close())
  await app.register(fastifyStatic, { root, prefix: '/assets/' })
  const session = await connect(await app.listen({ port: 0, host: '127.0.0.1' }), cert)
  t.teardown(() => { session.destroy() })
  const notModified = await send(session, { path: '/assets/hello.txt', headers: { 'if-none-match': etag } })
  t.equal(notModified.status, 304)
  t.equal(notModified.text, '')
})

t.test('@fastify/compress compresses over HTTP/2 as on Fastify 4: gzip, brotli, streams, and small or refused bodies left alone', async (t) => {
  const answers = await compareOverHttp2(t, async (app) => {
    await app.register(compress, { threshold: 1024 })
    app.get('/text', async (_request: any, reply: any) => { reply.type('text/plain'); return bigText })
    app.get('/json', async () => ({ items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `item ${i}` })) }))
    app.get('/small', async () => ({ tiny: true }))
    app.get('/stream', async (_request: any, reply: any) => {
      reply.type('text/plain')
      return Readable.from([bigText.slice(0, 4000), bigText.slice(4000)])
    })
    app.get('/compressed', (_request: any, reply: any) => { reply.compress(bigText) })
  }, [
    ['gzip of a large text', { path: '/text', headers: { 'accept-encoding': 'gzip' } }],
    ['brotli of large JSON', { path: '/json', headers: { 'accept-encoding': 'br' } }],
    ['a body under the threshold is sent as is', { path: '/small', headers: { 'accept-encoding': 'gzip' } }],
    ['a stream is compressed', { path: '/stream', headers: { 'accept-encoding': 'gzip' } }],
    ['reply.compress()', { path: '/compressed', headers: { 'accept-encoding': 'gzip' } }],
    ['no accept-encoding: identity', { path: '/text' }]
  ])
  const gzip = answers.get('gzip of a large text')!
  t.equal(gzip.status, 200)
  t.equal(gzip.headers['content-encoding'], 'gzip')
  t.equal(gunzipSync(gzip.body).toString('utf8'), bigText)
  t.ok(gzip.body.length < bigText.length / 4, 'the body is smaller')
  t.equal(answers.get('brotli of large JSON')!.headers['content-encoding'], 'br')
  t.equal(answers.get('a body under the threshold is sent as is')!.headers['content-encoding'], undefined)
  t.equal(gunzipSync(answers.get('a stream is compressed')!.body).toString('utf8'), bigText)
  t.equal(answers.get('no accept-encoding: identity')!.text, bigText)
  for (const [name, response] of answers) {
    t.equal(response.headers['transfer-encoding'], undefined, `${name}: no transfer-encoding over HTTP/2`)
    t.equal(response.headers.connection, undefined, `${name}: no connection header over HTTP/2`)
  }
})
