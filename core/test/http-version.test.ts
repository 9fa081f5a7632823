import t from 'tap'
import net from 'node:net'
import type { Test } from 'tap'
import Fastify from 'fastify4'
import Fastify5 from 'fastify5'
import enclave from '@enclave/core'
import { createServer, fastifyProfile, fastify5Profile } from '@enclave/core/internal'

/** Sends one request line with the given HTTP version and returns the status line, the header names as written, and the body. */
function requestWithVersion (port: number, version: string): Promise<{ statusLine: string, headerNames: string, body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1')
    let received = ''
    socket.on('data', (chunk) => { received += chunk.toString() })
    socket.on('error', reject)
    socket.on('close', () => {
      const [head = '', body = ''] = received.split('\r\n\r\n')
      const [statusLine = '', ...lines] = head.split('\r\n')
      const headerNames = lines.map((line) => line.slice(0, line.indexOf(':'))).filter((name) => !/^(date|connection|keep-alive)$/i.test(name)).join(',')
      resolve({ statusLine, headerNames, body })
    })
    socket.write(`GET /hello HTTP/${version}\r\nHost: localhost\r\nConnection: close\r\n\r\n`)
    setTimeout(() => socket.end(), 500)
  })
}

/** Answers to each version from a fresh app, and how many requests reached the onRequest hook. */
async function versionAnswers (t: Test, app: any): Promise<Record<string, unknown>> {
  let hooked = 0
  app.addHook('onRequest', async () => { hooked++ })
  app.get('/hello', async () => 'hello')
  t.teardown(() => app.close())
  await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as net.AddressInfo
  const answer: Record<string, unknown> = {}
  for (const version of ['1.1', '1.0', '2.0', '0.9']) answer[version] = await requestWithVersion(port, version)
  answer.hooked = hooked
  return answer
}

t.test('the Fastify v4 face refuses HTTP/1 request lines of other versions with 505 before any hook, as Fastify 4', async (t) => {
  const expected = await versionAnswers(t, Fastify())
  t.same(expected['2.0'], {
    statusLine: 'HTTP/1.1 505 HTTP Version Not Supported',
    headerNames: 'Content-Type,Content-Length',
    body: '{"error":"HTTP Version Not Supported","message":"HTTP Version Not Supported","statusCode":505}'
  })
  t.same(expected['0.9'], expected['2.0'])
  t.same(expected['1.0'], { statusLine: 'HTTP/1.1 200 OK', headerNames: 'content-type,content-length', body: 'hello' })
  t.equal(expected.hooked, 2, 'hooks ran for 1.1 and 1.0 only')
  t.same(await versionAnswers(t, createServer({}, fastifyProfile)), expected, 'the Fastify face answers as Fastify 4')
})

t.test('the Fastify v5 face and enclave() route HTTP/0.9 and HTTP/2.0 request lines, as Fastify 5: no 5xx for a client\'s request line', async (t) => {
  const expected = await versionAnswers(t, Fastify5())
  const ok = { statusLine: 'HTTP/1.1 200 OK', headerNames: 'content-type,content-length', body: 'hello' }
  t.same(expected, { 1.1: ok, '1.0': ok, '2.0': ok, 0.9: ok, hooked: 4 })
  t.same(await versionAnswers(t, createServer({}, fastify5Profile)), expected, 'the v5 face answers as Fastify 5')
  t.same(await versionAnswers(t, enclave()), expected, 'enclave() answers as Fastify 5')
})

t.test('a serverFactory\'s server is not version-checked', async (t) => {
  const http = await import('node:http')
  const app = enclave({ serverFactory: (handler) => http.createServer(handler) })
  app.get('/hello', async (request) => request.raw.httpVersion)
  t.teardown(() => app.close())
  await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as net.AddressInfo
  t.same(await requestWithVersion(port, '2.0'), { statusLine: 'HTTP/1.1 200 OK', headerNames: 'content-type,content-length', body: '2.0' })
})

t.test('with https.allowHTTP1, an HTTP/0.9 request line: 505 on the v4 face as Fastify 4, routed on the v5 face and enclave() as Fastify 5', async (t) => {
  const { readFileSync } = await import('node:fs')
  const tls = await import('node:tls')
  const key = readFileSync(new URL('./fixtures/localhost-key.pem', import.meta.url))
  const cert = readFileSync(new URL('./fixtures/localhost-cert.pem', import.meta.url))
  async function statusLines (app: any): Promise<string[]> {
    app.get('/hello', async () => 'hello')
    t.teardown(() => app.close())
    await app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = app.server.address() as net.AddressInfo
    const lines: string[] = []
    for (const requestLine of ['GET /hello HTTP/1.1', 'GET /hello HTTP/2.0', 'GET /hello']) {
      lines.push(await new Promise<string>((resolve) => {
        const socket = tls.connect({ port, host: '127.0.0.1', rejectUnauthorized: false, ALPNProtocols: ['http/1.1'] }, () => {
          socket.write(`${requestLine}\r\nHost: localhost\r\nConnection: close\r\n\r\n`)
        })
        let received = ''
        socket.on('data', (chunk) => { received += chunk.toString() })
        socket.on('close', () => { resolve(`${requestLine}: ${received.split('\r\n')[0]!}`) })
      }))
    }
    return lines
  }
  // A fresh object for each factory: Fastify writes into the options it is given.
  const options = (): any => ({ http2: true, https: { key, cert, allowHTTP1: true } })
  const fastify4 = await statusLines(Fastify(options()))
  t.same(fastify4.at(-1), 'GET /hello: HTTP/1.1 505 HTTP Version Not Supported')
  t.same(await statusLines(createServer(options(), fastifyProfile)), fastify4, 'the v4 face answers as Fastify 4')
  const fastify5 = await statusLines(Fastify5(options()))
  t.same(fastify5.at(-1), 'GET /hello: HTTP/1.1 200 OK')
  t.same(await statusLines(createServer(options(), fastify5Profile)), fastify5, 'the v5 face answers as Fastify 5')
  t.same(await statusLines(enclave(options())), fastify5, 'enclave() answers as Fastify 5')
})
