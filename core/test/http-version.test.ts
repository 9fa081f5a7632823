import t from 'tap'
import net from 'node:net'
import Fastify from 'fastify4'
import enclave from '@enclave/core'
import { createServer, fastifyProfile } from '@enclave/core/internal'

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

t.test('an HTTP/1 server answers HTTP/1.1 and 1.0 and refuses other versions with 505 before any hook, as Fastify 4', async (t) => {
  const answers: Array<Record<string, unknown>> = []
  for (const app of [Fastify(), enclave(), createServer({}, fastifyProfile) as any]) {
    let hooked = 0
    app.addHook('onRequest', async () => { hooked++ })
    app.get('/hello', async () => 'hello')
    t.teardown(() => app.close())
    await app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = app.server.address() as net.AddressInfo
    const answer: Record<string, unknown> = {}
    for (const version of ['1.1', '1.0', '2.0', '0.9']) answer[version] = await requestWithVersion(port, version)
    answer.hooked = hooked
    answers.push(answer)
  }
  t.same(answers[0]!['2.0'], {
    statusLine: 'HTTP/1.1 505 HTTP Version Not Supported',
    headerNames: 'Content-Type,Content-Length',
    body: '{"error":"HTTP Version Not Supported","message":"HTTP Version Not Supported","statusCode":505}'
  })
  t.same(answers[0]!['1.0'], { statusLine: 'HTTP/1.1 200 OK', headerNames: 'content-type,content-length', body: 'hello' })
  t.equal(answers[0]!.hooked, 2, 'hooks ran for 1.1 and 1.0 only')
  t.same(answers[1], answers[0], 'enclave() answers as Fastify 4')
  t.same(answers[2], answers[0], 'the Fastify face answers as Fastify 4')
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
