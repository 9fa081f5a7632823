import t from 'tap'
import net from 'node:net'
import Fastify from 'fastify4'
import enclave from '@enclave/core'
import { createServer, fastifyProfile } from '@enclave/core/internal'

// A handler that calls close() while a second request is pipelined behind its own, and a third
// request sent once the first answer is in: fastify@4.29.1 answers 200, 200, then 503 on the same
// connection (it closes the server in the same tick when there is no preClose hook, while the
// connection is still busy).
const fastifyFace = (options?: any): any => createServer(options, fastifyProfile)

function statusCodes (received: string): number[] {
  return [...received.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((match) => Number(match[1]))
}

async function pipelinedThroughClose (factory: (options?: any) => any, preClose: boolean): Promise<number[]> {
  const app = factory({ return503OnClosing: true, forceCloseConnections: false })
  if (preClose) app.addHook('preClose', async () => {})
  app.get('/', async () => {
    void app.close()
    return { hello: 'world' }
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const port = (app.server.address() as net.AddressInfo).port
  const request = 'GET / HTTP/1.1\r\nHost: localhost\r\n\r\n'
  const received = await new Promise<string>((resolve) => {
    const socket = net.connect(port, '127.0.0.1')
    let data = ''
    let thirdSent = false
    const timer = setTimeout(() => { socket.destroy(); resolve(data) }, 2000)
    socket.on('data', (chunk) => {
      data += chunk.toString()
      if (!thirdSent && data.includes('{"hello":"world"}')) {
        thirdSent = true
        socket.write(request)
      }
      if (statusCodes(data).length === 3) { clearTimeout(timer); socket.destroy(); resolve(data) }
    })
    socket.on('error', () => {})
    socket.on('close', () => { clearTimeout(timer); resolve(data) })
    socket.write(request + request)
  })
  await app.close()
  return statusCodes(received)
}

t.test('close() from a handler with a request pipelined behind it: the connection carries 200, 200, then 503, as Fastify 4.29', async (t) => {
  const expected = await pipelinedThroughClose(Fastify as any, false)
  t.same(expected, [200, 200, 503])
  t.same(await pipelinedThroughClose(fastifyFace, false), expected, '@enclave/fastify4')
  t.same(await pipelinedThroughClose(enclave, false), expected, 'enclave()')
})

t.test('the same with a preClose hook (the server closes after it)', async (t) => {
  const expected = await pipelinedThroughClose(Fastify as any, true)
  t.same(await pipelinedThroughClose(fastifyFace, true), expected, '@enclave/fastify4')
})
