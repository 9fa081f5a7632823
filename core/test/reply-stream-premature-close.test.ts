import t from 'tap'
import http from 'node:http'
import http2 from 'node:http2'
import { PassThrough, Readable } from 'node:stream'
import type { AddressInfo } from 'node:net'
import { enclaveFaces, faces, fastify5Face, fastify5Faces } from './fixtures/faces.js'
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

/** A promise and the function that settles it, for a server to tell the test where it stands. */
function signal (): { reached: Promise<void>, reach: () => void } {
  let reach!: () => void
  const reached = new Promise<void>((resolve) => { reach = resolve })
  return { reached, reach }
}

/** An onSend hook that holds the reply until its response has closed, telling `entered` when it runs. */
function holdUntilClosed (entered: () => void): (request: any, reply: any) => Promise<void> {
  return async (_request, reply) => {
    const closed = new Promise((resolve) => reply.raw.on('close', resolve))
    entered()
    await closed
  }
}

t.test('a client that leaves while the onSend hooks run: the stream is not sent and its source is released, as in Fastify', async (t) => {
  for (const [name, factory] of [...faces, ...fastify5Faces]) {
    const app = factory()
    let hook = signal()
    let body: PassThrough | undefined
    let webCancelled = false
    app.get('/', { onSend: holdUntilClosed(() => hook.reach()) }, (_request: any, reply: any) => { body = new PassThrough(); reply.send(body) })
    app.get('/web', { onSend: holdUntilClosed(() => hook.reach()) }, (_request: any, reply: any) => {
      reply.send(new ReadableStream({ cancel () { webCancelled = true } }))
    })
    await app.listen({ port: 0, host: '127.0.0.1' })
    for (const path of ['/', '/web']) {
      hook = signal()
      const client = http.get({ host: '127.0.0.1', port: (app.server.address() as AddressInfo).port, path })
      client.on('error', () => {})
      await hook.reached
      client.destroy()
    }
    await until(() => body?.destroyed === true && webCancelled)
    await app.close()
    t.equal(body?.destroyed, true, `${name}: a Node stream is destroyed`)
    t.equal(webCancelled, true, `${name}: a web ReadableStream is cancelled`)
  }
})

t.test('over HTTP/2, a client that cancels before a stream is piped or before its first chunk: the source is released', async (t) => {
  // Only the piped window on Fastify: a compatibility response that closed before the pipe says so
  // neither in `destroyed` nor by a later 'close', so fastify@5.12.8 and 4.29.1 leave the source open
  // there (an upstream HTTP/2 stream of @fastify/reply-from, say, until the session ends).
  const earlyCancel = new Set<string>([...enclaveFaces, fastify5Face].map(([name]) => name))
  for (const [name, factory] of [...faces, ...fastify5Faces]) {
    const app = factory({ http2: true })
    const hook = signal()
    const piped = signal()
    const bodies: Record<string, PassThrough> = {}
    app.get('/after-on-send', { onSend: holdUntilClosed(hook.reach) }, (_request: any, reply: any) => { bodies.early = new PassThrough(); reply.send(bodies.early) })
    app.get('/piped', (_request: any, reply: any) => { bodies.piped = new PassThrough(); reply.send(bodies.piped); piped.reach() })
    await app.listen({ port: 0, host: '127.0.0.1' })
    const client = http2.connect(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`)
    const cancelWhen = async (path: string, reached: Promise<void>): Promise<void> => {
      const stream = client.request({ ':path': path })
      stream.on('error', () => {})
      stream.end()
      await reached
      stream.close(http2.constants.NGHTTP2_CANCEL)
    }
    await cancelWhen('/piped', piped.reached)
    await until(() => bodies.piped?.destroyed === true)
    t.equal(bodies.piped?.destroyed, true, `${name}: cancelled before the first chunk`)
    if (earlyCancel.has(name)) {
      await cancelWhen('/after-on-send', hook.reached)
      await until(() => bodies.early?.destroyed === true)
      t.equal(bodies.early?.destroyed, true, `${name}: cancelled before the pipe`)
    }
    client.close()
    await app.close()
  }
})

/** An onSend hook that holds the reply until its client has gone: over HTTP/2 until its stream closes (the response of a HEAD request does not say 'close'). */
function holdUntilClientGone (entered: () => void): (request: any, reply: any) => Promise<void> {
  return async (_request, reply) => {
    const watched = reply.raw.stream ?? reply.raw
    const closed = new Promise((resolve) => watched.once('close', resolve))
    entered()
    await closed
  }
}

t.test('a stream a HEAD twin or a 204/304 reply would read and drop, once its client has gone: the source is released, not read to its end', async (t) => {
  // fastify@5.12.8 and 4.29.1 read it to its end (an endless source stays open) over HTTP/2, and over
  // HTTP/1.1 for HEAD and 204; the Enclave entries release it on both protocols.
  for (const [name, factory] of [...enclaveFaces, fastify5Face]) {
    for (const overHttp2 of [false, true]) {
      const app = factory({ http2: overHttp2 })
      let hook = signal()
      const bodies: Record<string, Readable> = {}
      const hold = { onSend: holdUntilClientGone(() => hook.reach()) }
      app.get('/head', hold, (_request: any, reply: any) => { bodies.HEAD = endlessStream(); reply.send(bodies.HEAD) })
      app.get('/204', hold, (_request: any, reply: any) => { bodies[204] = endlessStream(); reply.code(204).send(bodies[204]) })
      app.get('/304', hold, (_request: any, reply: any) => { bodies[304] = endlessStream(); reply.code(304).send(bodies[304]) })
      await app.listen({ port: 0, host: '127.0.0.1' })
      const port = (app.server.address() as AddressInfo).port
      const client = overHttp2 ? http2.connect(`http://127.0.0.1:${port}`) : null
      for (const [method, path] of [['HEAD', '/head'], ['GET', '/204'], ['GET', '/304']]) {
        hook = signal()
        const request = client === null
          ? http.request({ host: '127.0.0.1', port, method, path })
          : client.request({ ':method': method, ':path': path })
        request.on('error', () => {})
        request.end()
        await hook.reached
        if (client === null) request.destroy()
        else (request as http2.ClientHttp2Stream).close(http2.constants.NGHTTP2_CANCEL)
      }
      const released = (): boolean => ['HEAD', '204', '304'].every((key) => bodies[key]?.destroyed === true)
      await until(released)
      client?.close()
      await app.close()
      const protocol = overHttp2 ? 'HTTP/2' : 'HTTP/1.1'
      for (const key of ['HEAD', '204', '304']) t.equal(bodies[key]?.destroyed, true, `${name}, ${protocol}: ${key}`)
    }
  }
})
