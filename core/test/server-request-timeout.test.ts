import t from 'tap'
import net from 'node:net'
import enclave from '@enclave/core'
import { enclaveFaces as faces } from './fixtures/faces.js'

/** Sends `head` and then nothing more; resolves with what came back and when the server closed. */
function stall (port: number, head: string): Promise<{ ms: number, text: string }> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1')
    const started = Date.now()
    let text = ''
    socket.on('data', (chunk) => { text += String(chunk) })
    socket.on('error', () => {})
    socket.on('close', () => resolve({ ms: Date.now() - started, text }))
    socket.write(head)
    setTimeout(() => socket.destroy(), 10_000).unref()
  })
}

for (const [face, factory] of faces) {
  t.test(`${face}: requestTimeout is enforced on a one-second check, not Node's default 30-second one, with Fastify's 408`, async (t) => {
    const app = factory({ requestTimeout: 1500 })
    app.post('/', async () => 'never')
    t.teardown(() => app.close())
    await app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = app.server.address() as net.AddressInfo
    const [headers, body] = await Promise.all([
      stall(port, 'POST / HTTP/1.1\r\nHost: x\r\n'),
      stall(port, 'POST / HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 10\r\n\r\nab')
    ])
    for (const [name, result] of [['unfinished headers', headers], ['unfinished body', body]] as const) {
      // the limit plus one check interval is 2.5 s; the bound leaves room for a loaded machine and stays
      // below the client's own 10 s give-up and far below a 30 s check
      t.ok(result.ms >= 1400 && result.ms < 9000, `${name}: cut after ${result.ms} ms (limit 1500 ms)`)
      t.equal(result.text, 'HTTP/1.1 408 Request Timeout\r\nContent-Length: 71\r\nContent-Type: application/json\r\n\r\n{"error":"Request Timeout","message":"Client Timeout","statusCode":408}', name)
    }
  })
}

t.test('the app\'s own http.connectionsCheckingInterval is honoured (Fastify\'s `http` option)', async (t) => {
  const app = enclave({ requestTimeout: 1000, http: { connectionsCheckingInterval: 4000 } } as any)
  app.post('/', async () => 'never')
  t.teardown(() => app.close())
  await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as net.AddressInfo
  const result = await stall(port, 'POST / HTTP/1.1\r\nHost: x\r\n')
  t.ok(result.ms > 2000, `checked on the app's interval: cut after ${result.ms} ms`)
  t.match(result.text, /^HTTP\/1\.1 408 /)
})
