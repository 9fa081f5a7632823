import t from 'tap'
import http from 'node:http'
import net from 'node:net'
import { readFileSync } from 'node:fs'
import { differingOptions } from '@enclave/core/internal'
import { faces, type Factory } from './fixtures/faces.js'

function get (port: number, agent: http.Agent): Promise<string> {
  return new Promise((resolve, reject) => {
    http.get({ host: '127.0.0.1', port, path: '/', agent }, (res) => {
      let body = ''
      res.on('data', (chunk) => { body += String(chunk) })
      res.on('end', () => resolve(body))
    }).on('error', reject)
  })
}

/** fastify@4.29.1, and the Enclave entries with `gracefulClose` at Fastify's value (@enclave/fastify4's default). */
const atFastifyValue: Array<[string, Factory]> = [
  ['fastify@4.29.1', faces[0]![1]],
  ['enclave({ gracefulClose: false })', (options?: any) => faces[1]![1]({ ...options, gracefulClose: false })],
  ['@enclave/fastify4', faces[2]![1]]
]

/**
 * The pattern of many plugins' test suites: close() is called without waiting for it, and the next
 * test listens on the same fixed port at once, while the previous client's keep-alive connection
 * is still open.
 */
async function listenAgainRightAfterClose (factory: Factory) {
  const agent = new http.Agent({ keepAlive: true })
  const first = factory()
  first.get('/', async () => 'first')
  await first.listen({ port: 0, host: '127.0.0.1' })
  const { port } = first.server.address() as net.AddressInfo
  const firstAnswer = await get(port, agent)
  const firstClosed = first.close()
  const second = factory()
  second.register(async () => {})
  second.get('/', async () => 'second')
  let listenOutcome: string
  try {
    await second.listen({ port, host: '127.0.0.1' })
    listenOutcome = 'listening'
  } catch (error: any) {
    listenOutcome = error.code
  }
  const secondAnswer = listenOutcome === 'listening' ? await get(port, new http.Agent()) : null
  await firstClosed
  agent.destroy()
  await second.close()
  return { firstAnswer, listenOutcome, secondAnswer }
}

/**
 * A keep-alive connection left idle by its client, which sends its next request just after close()
 * has begun: what comes back on it.
 */
async function requestOnIdleConnectionAfterClose (factory: Factory) {
  const app = factory()
  app.get('/', async () => 'ok')
  await app.listen({ port: 0, host: '127.0.0.1' })
  const socket = net.connect((app.server.address() as net.AddressInfo).port, '127.0.0.1')
  let received = ''
  socket.on('data', (chunk) => { received += String(chunk) })
  socket.on('error', () => {})
  const socketClosed = new Promise<void>((resolve) => socket.on('close', () => resolve()))
  socket.write('GET / HTTP/1.1\r\nHost: localhost\r\n\r\n')
  while (!received.endsWith('\r\n\r\nok')) await new Promise((resolve) => setTimeout(resolve, 5))
  received = ''
  const closing = app.close()
  await new Promise((resolve) => setImmediate(resolve))
  if (!socket.destroyed) socket.write('GET / HTTP/1.1\r\nHost: localhost\r\n\r\n')
  await closing
  await socketClosed
  return received.split('\r\n')[0]
}

for (const [face, factory] of atFastifyValue) {
  t.test(`${face}: close() stops listening at once, so a new app can listen on the same port before close() settles`, async (t) => {
    t.same(await listenAgainRightAfterClose(factory), { firstAnswer: 'first', listenOutcome: 'listening', secondAnswer: 'second' })
  })

  t.test(`${face}: close() closes an idle keep-alive connection at once, so a request sent on it after close() began gets no answer`, async (t) => {
    t.equal(await requestOnIdleConnectionAfterClose(factory), '')
  })
}

t.test('enclave() (gracefulClose: true) keeps an idle keep-alive connection for its grace and answers a request sent on it 503', async (t) => {
  t.equal(await requestOnIdleConnectionAfterClose(faces[1]![1]), 'HTTP/1.1 503 Service Unavailable')
})

t.test('gracefulClose is a listed difference: Fastify\'s value on @enclave/fastify4, one row in the differences table, a boolean', async (t) => {
  t.strictSame(differingOptions.gracefulClose, { fastify: false, enclave: true })
  const table = readFileSync(new URL('../../docs/migrating-from-fastify.md', import.meta.url), 'utf8')
  t.equal(table.split('\n').filter((line) => line.startsWith('| `gracefulClose`')).length, 1)
  t.throws(() => faces[1]![1]({ gracefulClose: 'yes' }), { code: 'FST_ERR_INIT_OPTS_INVALID' })
  t.throws(() => faces[2]![1]({ gracefulClose: 1 }), { code: 'FST_ERR_INIT_OPTS_INVALID' })
})
