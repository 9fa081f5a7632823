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
