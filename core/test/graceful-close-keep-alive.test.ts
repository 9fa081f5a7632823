import t from 'tap'
import http from 'node:http'
import net from 'node:net'
import Fastify from 'fastify4'
import enclave from '@enclave/core'
import { enclaveFaces } from './fixtures/faces.js'

/** Both entries with `gracefulClose` on: enclave()'s default, an opt-in on @enclave/fastify4 (Fastify's close otherwise). */
const faces: Array<[string, (options?: any) => any]> = enclaveFaces.map(([face, factory]) => [face, (options?: any) => factory({ gracefulClose: true, ...options })])

function delay (ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

interface Tally { ok: number, refused: number, other: number, closeAnnounced: number, unanswered: Record<string, number> }

/**
 * 50 keep-alive clients loop on GET / until the server says it is going away (a 503, or a
 * response with `Connection: close`); close() is called mid-load. Every request sent must get
 * an answer: a reset or a silently dropped request counts as unanswered.
 */
async function closeUnderLoad (factory: (options?: any) => any): Promise<Tally> {
  const app = factory()
  app.get('/', async () => {
    await delay(2)
    return { ok: true }
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as net.AddressInfo
  const agent = new http.Agent({ keepAlive: true, maxSockets: 50 })
  const tally: Tally = { ok: 0, refused: 0, other: 0, closeAnnounced: 0, unanswered: {} }
  function request (): Promise<{ status: number, connection: string | undefined } | null> {
    return new Promise((resolve) => {
      const req = http.get({ host: '127.0.0.1', port, path: '/', agent }, (res) => {
        res.resume()
        res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection }))
      })
      req.on('error', (error: any) => {
        tally.unanswered[error.code ?? error.message] = (tally.unanswered[error.code ?? error.message] ?? 0) + 1
        resolve(null)
      })
    })
  }
  // close() comes once every client has its connection accepted and answered at least once: a
  // connection still in the kernel's accept queue when the server stops listening is reset by the
  // kernel, whatever the framework does (on a loaded machine that can be most of them)
  let clientsServed = 0
  let allServed: () => void = () => {}
  const whenAllServed = new Promise<void>((resolve) => { allServed = resolve })
  async function client (): Promise<void> {
    for (let first = true; ; first = false) {
      const answer = await request()
      if (first && ++clientsServed === 50) allServed()
      if (answer === null) return
      if (answer.status === 200) tally.ok++
      else if (answer.status === 503) tally.refused++
      else tally.other++
      if (answer.connection === 'close') tally.closeAnnounced++
      if (answer.status !== 200 || answer.connection === 'close') return
    }
  }
  const clients = Array.from({ length: 50 }, () => client())
  await whenAllServed
  await app.close()
  // generous: on a loaded machine 50 clients take a while; a request left unanswered still shows in the tally
  let giveUp: NodeJS.Timeout | undefined
  await Promise.race([Promise.all(clients), new Promise((resolve) => { giveUp = setTimeout(resolve, 30_000) })])
  clearTimeout(giveUp)
  agent.destroy()
  return tally
}

for (const [face, factory] of faces) {
  t.test(`${face} (gracefulClose): 50 keep-alive clients and close() mid-load: every request is answered, each client is told to close`, async (t) => {
    const tally = await closeUnderLoad(factory)
    t.same(tally.unanswered, {}, `no request reset or left unanswered (${JSON.stringify(tally)})`)
    t.equal(tally.other, 0, 'only 200s and 503s')
    t.ok(tally.ok > 0 && tally.ok + tally.refused >= 50, `the load ran, every client answered (${tally.ok} served)`)
    t.equal(tally.closeAnnounced, 50, "every client's last answer carried Connection: close")
  })
}

/** Resolves once the server has stopped listening: the graceful close of its connections has begun. */
async function stoppedListening (app: any): Promise<void> {
  while (app.server.listening === true) await delay(5)
}

/** A raw connection to send requests by hand and read the bytes that come back. */
function rawConnection (port: number) {
  const socket = net.connect(port, '127.0.0.1')
  let received = ''
  socket.on('data', (chunk) => { received += String(chunk) })
  socket.on('error', () => {})
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()))
  return {
    send (path: string) { socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\n\r\n`) },
    async waitFor (pattern: RegExp, ms = 10_000): Promise<string> {
      const started = Date.now()
      while (!pattern.test(received)) {
        if (Date.now() - started > ms) throw new Error(`timed out waiting for ${String(pattern)}; got ${received}`)
        await delay(5)
      }
      return received
    },
    closed,
    get received () { return received }
  }
}

/** What a kept-alive connection receives when it sends a request while preClose hooks hold close() open. */
async function answerWhileClosing (factory: (options?: any) => any, options: Record<string, unknown> = {}) {
  const app = factory(options)
  let finishPreClose: () => void = () => {}
  let preCloseStarted: () => void = () => {}
  const inPreClose = new Promise<void>((resolve) => { preCloseStarted = resolve })
  const handled: string[] = []
  app.addHook('preClose', (done: () => void) => { finishPreClose = done; preCloseStarted() })
  app.addHook('onRequest', async (request: any) => { handled.push(request.url) })
  app.get('/', async () => 'ok')
  await app.listen({ port: 0, host: '127.0.0.1' })
  const connection = rawConnection((app.server.address() as net.AddressInfo).port)
  connection.send('/')
  await connection.waitFor(/\r\n\r\nok$/)
  const closing = app.close()
  await inPreClose
  connection.send('/')
  const text = await connection.waitFor(/\r\n\r\nok[\s\S]*\r\n\r\n.+$/)
  finishPreClose()
  await closing
  await connection.closed
  const late = text.slice(text.indexOf('ok') + 2).replace(/Date: [^\r]*\r\n/i, '')
  return { late, handled }
}

t.test('a request arriving on a kept-alive connection while closing gets Fastify\'s 503, byte for byte', async (t) => {
  const expected = await answerWhileClosing(Fastify as any)
  t.match(expected.late, /^HTTP\/1\.1 503 Service Unavailable\r\n/)
  for (const [face, factory] of faces) {
    const observed = await answerWhileClosing(factory)
    t.equal(observed.late, expected.late, face)
    t.same(observed.handled, expected.handled, `${face}: no hook runs for the refused request`)
  }
})

t.test('return503OnClosing: false serves the late request with Connection: close, as Fastify', async (t) => {
  const expected = await answerWhileClosing(Fastify as any, { return503OnClosing: false })
  t.match(expected.late, /^HTTP\/1\.1 200 OK\r\n/)
  t.match(expected.late, /Connection: close/i)
  for (const [face, factory] of faces) {
    const observed = await answerWhileClosing(factory, { return503OnClosing: false })
    t.equal(observed.late, expected.late, face)
  }
})

t.test('gracefulClose: a response in flight when close() begins carries Connection: close and close() does not wait for the keep-alive timeout', async (t) => {
  for (const [face, factory] of faces) {
    const app = factory()
    let release: () => void = () => {}
    let started: () => void = () => {}
    const whenStarted = new Promise<void>((resolve) => { started = resolve })
    const released = new Promise<void>((resolve) => { release = resolve })
    app.get('/slow', async () => { started(); await released; return 'slow' })
    await app.listen({ port: 0, host: '127.0.0.1' })
    const connection = rawConnection((app.server.address() as net.AddressInfo).port)
    connection.send('/slow')
    await whenStarted
    const begun = Date.now()
    const closing = app.close()
    await stoppedListening(app)
    release()
    const text = await connection.waitFor(/\r\n\r\nslow$/)
    t.match(text, /^HTTP\/1\.1 200 OK\r\nConnection: close\r\n/, face)
    await closing
    await connection.closed
    // the keep-alive timeout is 72 s: a close() that waited for it would take far longer than this bound
    t.ok(Date.now() - begun < 30_000, `${face}: close() took ${Date.now() - begun} ms`)
  }
})

t.test('forceCloseConnections: true cuts requests in flight at close(), as Fastify', async (t) => {
  for (const [face, factory] of [['fastify@4.29.1', Fastify as any], ...faces] as Array<[string, (options?: any) => any]>) {
    const app = factory({ forceCloseConnections: true })
    // the handler finishes only after close() has resolved: close() must not wait for it
    let release: () => void = () => {}
    const released = new Promise<void>((resolve) => { release = resolve })
    let handlerStarted: () => void = () => {}
    const whenHandlerStarted = new Promise<void>((resolve) => { handlerStarted = resolve })
    app.get('/hang', async () => { handlerStarted(); await released; return 'never' })
    await app.listen({ port: 0, host: '127.0.0.1' })
    const connection = rawConnection((app.server.address() as net.AddressInfo).port)
    connection.send('/hang')
    await whenHandlerStarted
    await app.close()
    await connection.closed
    release()
    t.equal(connection.received, '', `${face}: no response`)
  }
})

t.test('over HTTPS, a request in flight when close() begins completes, with Connection: close', async (t) => {
  const { readFileSync } = await import('node:fs')
  const https = await import('node:https')
  const fixtures = new URL('./fixtures/', import.meta.url)
  const app = enclave({ https: { key: readFileSync(new URL('localhost-key.pem', fixtures)), cert: readFileSync(new URL('localhost-cert.pem', fixtures)) } })
  let release: () => void = () => {}
  let started: () => void = () => {}
  const whenStarted = new Promise<void>((resolve) => { started = resolve })
  const released = new Promise<void>((resolve) => { release = resolve })
  app.get('/slow', async () => { started(); await released; return 'slow over tls' })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as net.AddressInfo
  const agent = new https.Agent({ keepAlive: true, rejectUnauthorized: false })
  const answer = new Promise<{ status: number, connection: string | undefined, body: string }>((resolve, reject) => {
    https.get({ host: '127.0.0.1', port, path: '/slow', agent }, (res) => {
      let body = ''
      res.on('data', (chunk) => { body += String(chunk) })
      res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection, body }))
    }).on('error', reject)
  })
  await whenStarted
  const closing = app.close()
  await stoppedListening(app)
  release()
  t.same(await answer, { status: 200, connection: 'close', body: 'slow over tls' })
  await closing
  agent.destroy()
})
