// CVE-2026-25224 (GHSA-mrq3-vjjr-p77c, fixed in Fastify 5.7.3): a web ReadableStream sent to a client
// that does not read was drained without backpressure, buffering without bound. Replayed over a real
// socket: the client never reads, and the stream must stop being pulled once the socket is full.
// (Fastify 4.29 wraps web streams in Readable.fromWeb, as Enclave does, and is not affected.)
import t from 'tap'
import type { Test } from 'tap'
import net from 'node:net'
import type { AddressInfo } from 'node:net'
import { enclaveFaces, fastify5Face } from './fixtures/faces.js'
import type { Factory } from './fixtures/faces.js'

const chunk = new Uint8Array(64 * 1024)
// Far more than a socket's buffers hold on loopback: reaching it means nothing held the reads back.
const unboundedPulls = 1024

/** How many chunks the server pulled from an endless web stream before it stopped, or unboundedPulls. */
async function pullsForSilentClient (t: Test, factory: Factory): Promise<number> {
  const app = factory({ logger: false })
  let pulls = 0
  app.get('/', async () => new ReadableStream({ pull (controller) { pulls++; controller.enqueue(chunk) } }))
  await app.listen({ port: 0, host: '127.0.0.1' })
  const socket = net.connect((app.server.address() as AddressInfo).port, '127.0.0.1')
  socket.pause()
  socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n')
  // Settled when the count stops moving for a while of event-loop turns, or passes the bound.
  let last = -1
  for (let still = 0; still < 200;) {
    await new Promise((resolve) => setImmediate(resolve))
    const now = pulls
    if (now >= unboundedPulls) break
    if (now === last) still++
    else { still = 0; last = now }
  }
  socket.destroy()
  await app.close()
  t.pass('settled')
  return pulls
}

t.test('a client that never reads holds the web stream back, on every entry', async (t) => {
  for (const [name, factory] of [...enclaveFaces, fastify5Face]) {
    const pulls = await pullsForSilentClient(t, factory)
    t.ok(pulls > 0 && pulls < unboundedPulls, `${name}: ${pulls} chunks of 64 KiB pulled, then backpressure`)
  }
})
