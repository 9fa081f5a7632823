import { test } from 'tap'
import http2, { type ClientHttp2Session } from 'node:http2'
import { faces, fastify5Faces, type Factory } from './fixtures/faces.js'
import { connect, send } from './fixtures/http2-client.js'

// Larger than Node's default maxSessionMemory (10 MB) when queued at once.
const large = Buffer.alloc(24 * 1024 * 1024, 'a')

async function listening (factory: Factory, options: object, routes: (app: any) => void): Promise<{ app: any, session: ClientHttp2Session }> {
  const app = factory({ http2: true, ...options })
  routes(app)
  await app.listen({ port: 0, host: '127.0.0.1' })
  const session = await connect(`http://127.0.0.1:${app.server.address().port as number}`)
  return { app, session }
}

/** Asks for /large, cancels it as soon as its head arrives (its body unread), then asks for /small. */
async function afterCancelledLargeReply (factory: Factory): Promise<string> {
  const { app, session } = await listening(factory, {}, (app) => {
    app.get('/large', async (_request: unknown, reply: any) => {
      reply.header('content-type', 'application/octet-stream')
      return large
    })
    app.get('/small', async () => 'ok')
  })
  const answer = await new Promise<string>((resolve) => {
    const stream = session.request({ ':path': '/large' })
    stream.on('error', () => {})
    stream.on('response', () => {
      stream.pause()
      stream.close(http2.constants.NGHTTP2_CANCEL)
      send(session, { path: '/small' }).then((response) => { resolve(`${response.status} ${response.text}`) }, (error: Error) => { resolve(error.message) })
    })
    stream.end()
  })
  session.destroy()
  await app.close()
  return answer
}

for (const [name, factory] of fastify5Faces) {
  test(`${name}: a large HTTP/2 reply the client cancels does not make the session refuse the next stream`, async (t) => {
    t.equal(await afterCancelledLargeReply(factory), '200 ok')
  })
}

// Fastify 4.29 queues the whole body at once: the session, over its memory limit, refuses the next
// stream. enclave() and the v4 face write it as 4.29 does.
for (const [name, factory] of faces) {
  test(`${name}: a large HTTP/2 reply is queued whole, and the next stream is refused while it is`, async (t) => {
    t.equal(await afterCancelledLargeReply(factory), 'Stream closed with error code NGHTTP2_ENHANCE_YOUR_CALM')
  })
}

for (const [name, factory] of fastify5Faces) {
  test(`${name}: a large HTTP/2 body arrives whole, with its trailers`, async (t) => {
    const text = 'b'.repeat(200 * 1024 + 7)
    const medium = Buffer.alloc(1024 * 1024 + 3, 'c')
    const { app, session } = await listening(factory, {}, (app) => {
      app.get('/buffer', async () => medium)
      app.get('/text', (_request: unknown, reply: any) => {
        reply.type('text/plain').trailer('x-size', (_reply: unknown, payload: string, done: (error: null, value: string) => void) => { done(null, String(payload.length)) })
        reply.send(text)
      })
    })
    const buffer = await send(session, { path: '/buffer' })
    t.same([buffer.status, buffer.headers['content-length'], buffer.body.equals(medium)], [200, String(medium.length), true])
    const trailers = new Promise((resolve) => {
      const stream = session.request({ ':path': '/text' })
      let received = 0
      stream.on('data', (chunk: Buffer) => { received += chunk.length })
      stream.on('trailers', (headers) => { resolve([received, headers['x-size']]) })
      stream.end()
    })
    t.same(await trailers, [text.length, String(text.length)])
    session.destroy()
    await app.close()
  })

  test(`${name}: handlerTimeout firing while a large HTTP/2 body is still being written resets that stream; the session goes on`, async (t) => {
    const { app, session } = await listening(factory, { handlerTimeout: 50 }, (app) => {
      app.get('/big', async (_request: unknown, reply: any) => {
        reply.type('text/plain')
        return large
      })
      app.get('/after', async () => 'ok')
    })
    const big = await new Promise((resolve) => {
      const stream = session.request({ ':path': '/big' })
      let status = 0
      // The body is never read: the flow-control window stays shut, the body unwritten.
      stream.on('response', (headers) => {
        status = Number(headers[':status'])
        stream.pause()
      })
      stream.on('error', () => {})
      stream.on('close', () => { resolve([status, stream.rstCode]) })
      stream.end()
    })
    t.same(big, [200, http2.constants.NGHTTP2_INTERNAL_ERROR])
    const after = await send(session, { path: '/after' })
    t.same([after.status, after.text], [200, 'ok'])
    session.destroy()
    await app.close()
  })
}
