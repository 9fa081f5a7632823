import t from 'tap'
import net from 'node:net'
import type { AddressInfo } from 'node:net'
import { faces } from './fixtures/faces.js'

/** Sends bytes Node cannot parse and returns what the server wrote back before closing. */
function sendGarbage (port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1')
    let text = ''
    socket.on('data', (chunk) => { text += String(chunk) })
    socket.on('close', () => { resolve(text) })
    socket.on('error', () => {})
    socket.end('oops!\r\n\r\n')
  })
}

t.test('the clientErrorHandler option runs with the root instance as `this`, as in Fastify 4.29', async (t) => {
  for (const [name, factory] of faces) {
    const seen: unknown[] = []
    const app: any = factory({
      clientErrorHandler (this: any, error: Error, socket: net.Socket) {
        seen.push(this === app, typeof this.log.warn, error instanceof Error)
        socket.end('HTTP/1.1 400 Bad Request\r\nContent-Length: 7\r\n\r\nhandled')
      }
    })
    await app.listen({ port: 0, host: '127.0.0.1' })
    const text = await sendGarbage((app.server.address() as AddressInfo).port)
    await app.close()
    t.same(seen, [true, 'function', true], name)
    t.match(text, /^HTTP\/1\.1 400 Bad Request\r\n[\s\S]*handled$/, name)
  }
})
