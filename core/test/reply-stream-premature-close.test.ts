import t from 'tap'
import http from 'node:http'
import { Readable } from 'node:stream'
import type { AddressInfo } from 'node:net'
import { faces } from './fixtures/faces.js'
import { captureLogs } from './fixtures/log-lines.js'
import { until } from './fixtures/until.js'

/** A stream that sends one chunk and then never ends, as a long download does. */
function endlessStream (): Readable {
  let sent = false
  return new Readable({ read () { if (!sent) this.push('hello\n'); sent = true } })
}

/** GETs `path`, drops the connection once the first bytes arrive, and waits for the server side to settle. */
function abortAfterFirstChunk (port: number, path: string): Promise<number> {
  return new Promise((resolve) => {
    http.get({ host: '127.0.0.1', port, path }, (response) => {
      response.once('readable', () => { response.destroy() })
      response.on('error', () => {})
      response.on('close', () => { setTimeout(() => resolve(response.statusCode!), 200) })
    })
  })
}

t.test('a client that leaves during a stream: the stream is destroyed and "stream closed prematurely" logged at info, as in Fastify 4.29', async (t) => {
  for (const [name, factory] of faces) {
    const { lines, stream: destination } = captureLogs()
    const app = factory({ logger: { level: 'info', stream: destination } })
    let body: Readable | undefined
    app.get('/', (_request: any, reply: any) => { body = endlessStream(); reply.send(body) })
    await app.listen({ port: 0, host: '127.0.0.1' })
    const status = await abortAfterFirstChunk((app.server.address() as AddressInfo).port, '/')
    await app.close()
    t.equal(status, 200, name)
    t.equal(body?.destroyed, true, `${name}: the stream is released`)
    const line = lines.find((entry) => entry.msg === 'stream closed prematurely')
    t.equal(line?.level, 30, name)
    t.ok(line?.res, `${name}: the line has the response`)
  }
})

t.test('a stream without destroy() is released through close(), as in Fastify 4.29', async (t) => {
  for (const [name, factory] of faces) {
    const app = factory()
    let closed = 0
    app.get('/', (_request: any, reply: any) => {
      const body: any = endlessStream()
      body.destroy = undefined
      body.close = () => { closed++ }
      reply.send(body)
    })
    await app.listen({ port: 0, host: '127.0.0.1' })
    await abortAfterFirstChunk((app.server.address() as AddressInfo).port, '/')
    await app.close()
    t.equal(closed, 1, name)
  }
})

t.test('a stream is destroyed when the app ends the response itself, as in Fastify 4.29', async (t) => {
  for (const [name, factory] of faces) {
    const app = factory()
    let destroyed = false
    app.get('/', (_request: any, reply: any) => {
      const body = new Readable({ read () {}, destroy (error, callback) { destroyed = true; callback(error) } })
      reply.code(200).send(body)
      reply.raw.end('hello\n')
    })
    await app.listen({ port: 0, host: '127.0.0.1' })
    const response = await fetch(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}/`)
    t.equal(response.status, 200, name)
    t.equal(await response.text(), 'hello\n', name)
    await until(() => destroyed)
    await app.close()
    t.equal(destroyed, true, name)
  }
})

t.test('a stream that fails after the head is sent: the connection is cut and the failure logged at warn, as in Fastify 4.29', async (t) => {
  for (const [name, factory] of faces) {
    const { lines, stream: destination } = captureLogs()
    const app = factory({ logger: { level: 'info', stream: destination } })
    app.get('/', (_request: any, reply: any) => {
      const body = new Readable({ read () {} })
      body.push('hello')
      setTimeout(() => body.destroy(new Error('disk gone')), 50)
      reply.send(body)
    })
    await app.listen({ port: 0, host: '127.0.0.1' })
    const failure = await fetch(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}/`).then(async (response) => await response.text()).then(() => null, (error: Error) => error)
    await until(() => lines.some((entry) => entry.err?.message === 'disk gone'))
    await app.close()
    t.ok(failure, `${name}: the client sees the connection cut`)
    const line = lines.find((entry) => entry.err?.message === 'disk gone')
    t.equal(line?.level, 40, name)
    t.equal(line?.msg, 'response terminated with an error with headers already sent', name)
  }
})
