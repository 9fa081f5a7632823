// A body far over bodyLimit is refused while the client is still sending it: the server never
// buffers it whole.
import t from 'tap'
import net from 'node:net'
import type { AddressInfo } from 'node:net'
import enclave from '@enclave/core'

const fiftyMegabytes = 50 * 1024 * 1024
const chunk = Buffer.alloc(64 * 1024, 0x20)

interface Upload {
  response: string
  /** Bytes of the body the client had written when the first response byte arrived. */
  writtenAtResponse: number
  written: number
}

/** Streams `total` bytes of body as fast as the socket accepts them, until the server answers. */
function upload (port: number, head: string, total: number, chunked: boolean): Promise<Upload> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1')
    let response = ''
    let written = 0
    let writtenAtResponse = -1
    let done = false
    const finish = (): void => {
      if (done) return
      done = true
      socket.destroy()
      resolve({ response, writtenAtResponse, written })
    }
    const pump = (): void => {
      // eslint-disable-next-line no-unmodified-loop-condition -- set by the response callback
      while (!socket.destroyed && writtenAtResponse === -1 && written < total) {
        written += chunk.length
        const ok = chunked ? socket.write(`${chunk.length.toString(16)}\r\n`) && socket.write(chunk) && socket.write('\r\n') : socket.write(chunk)
        if (!ok) {
          socket.once('drain', pump)
          return
        }
      }
      if (written >= total && chunked) socket.write('0\r\n\r\n')
    }
    socket.on('connect', () => {
      socket.write(head)
      pump()
    })
    socket.on('data', (data) => {
      if (writtenAtResponse === -1) writtenAtResponse = written
      response += data.toString()
      // Read the whole (small) response, then stop.
      if (/\r\n\r\n\{[^}]*\}$/.test(response)) finish()
    })
    socket.on('error', finish)
    socket.on('close', finish)
  })
}

async function startApp (t: any, handlerRan: { count: number }): Promise<number> {
  const app = enclave({ bodyLimit: 1024 })
  app.post('/', async (request) => {
    handlerRan.count++
    return { length: JSON.stringify(request.body).length }
  })
  t.teardown(() => app.close())
  await app.listen({ port: 0, host: '127.0.0.1' })
  return (app.server.address() as AddressInfo).port
}

for (const chunked of [false, true]) {
  const framing = chunked ? 'chunked' : 'Content-Length'
  t.test(`a 50 MB ${framing} body with bodyLimit 1 KB gets its 413 before the client has finished sending`, async (t) => {
    const handlerRan = { count: 0 }
    const port = await startApp(t, handlerRan)
    const heapBefore = process.memoryUsage().heapUsed
    const framingHeader = chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${fiftyMegabytes}`
    const result = await upload(port, `POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n${framingHeader}\r\n\r\n`, fiftyMegabytes, chunked)
    t.match(result.response, /^HTTP\/1\.1 413 Payload Too Large\r\n/)
    t.match(result.response, /connection: close/i)
    t.match(result.response, /"code":"FST_ERR_CTP_BODY_TOO_LARGE"/)
    t.ok(result.writtenAtResponse >= 0 && result.writtenAtResponse < fiftyMegabytes / 2,
      `answered after ${result.writtenAtResponse} of ${fiftyMegabytes} bytes`)
    t.ok(result.written < fiftyMegabytes, 'the client stopped before sending everything')
    const grown = process.memoryUsage().heapUsed - heapBefore
    t.ok(grown < 20 * 1024 * 1024, `heap grew by ${Math.round(grown / 1024)} KB, far less than the body`)
    t.equal(handlerRan.count, 0, 'the handler never ran')
  })
}

t.test('after a 413 the server still serves bodies within the limit', async (t) => {
  const handlerRan = { count: 0 }
  const port = await startApp(t, handlerRan)
  await upload(port, 'POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n', 4 * 1024 * 1024, true)
  const response = await fetch(`http://127.0.0.1:${port}/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ a: 'x'.repeat(500) }) })
  t.equal(response.status, 200)
  t.equal(handlerRan.count, 1)
})
