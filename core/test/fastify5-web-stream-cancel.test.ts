import { test } from 'tap'
import http from 'node:http'
import { faces, fastify5Faces, type Factory } from './fixtures/faces.js'

/**
 * A web ReadableStream reply whose response is destroyed while it waits for 'drain', after the
 * source has queued its last chunk. Resolves, once the client saw the connection end and the app
 * closed, with whether the source was cancelled.
 */
async function sourceCancelled (factory: Factory): Promise<boolean> {
  const app = factory()
  let cancelled = false
  app.get('/', (_request: unknown, reply: any) => {
    const raw = reply.raw
    const write = raw.write.bind(raw)
    let first = true
    // The first chunk fills the socket; the response is then destroyed and says 'drain'.
    raw.write = (chunk: unknown, encoding: unknown, callback: unknown) => {
      if (!first) return write(chunk, encoding, callback)
      first = false
      if (typeof callback === 'function') callback()
      queueMicrotask(() => {
        raw.destroy()
        raw.emit('drain')
      })
      return false
    }
    reply.header('content-type', 'text/plain').send(new ReadableStream({
      start (controller) { controller.enqueue(Buffer.from('chunk-1')) },
      pull (controller) {
        controller.enqueue(Buffer.from('chunk-2'))
        controller.close()
      },
      cancel () { cancelled = true }
    }))
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  await new Promise<void>((resolve) => {
    const request = http.get(`http://127.0.0.1:${app.server.address().port as number}/`, (response) => {
      response.once('close', resolve)
      response.resume()
    })
    request.once('error', () => { resolve() })
  })
  await app.close()
  return cancelled
}

for (const [name, factory] of fastify5Faces) {
  test(`${name}: a web stream reply stops being read once its response is destroyed, and its source is cancelled`, async (t) => {
    t.equal(await sourceCancelled(factory), true)
  })
}

// Fastify 4.29 reads a web stream through Node's Readable.fromWeb, which has read the last chunk
// ahead: nothing is left to cancel. enclave() and the v4 face keep that.
for (const [name, factory] of faces) {
  test(`${name}: a web stream read ahead to its end is not cancelled when its response is destroyed`, async (t) => {
    t.equal(await sourceCancelled(factory), false)
  })
}
