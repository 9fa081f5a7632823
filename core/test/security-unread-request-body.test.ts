// A request whose body is never read (a 401 from an onRequest hook, a 404, a GET route that ignores
// its body) and whose unread rest is large or chunked is answered with `Connection: close`, and the
// connection is closed after the response instead of reading the upload to its end. A small unread
// rest is read and dropped, so keep-alive and pipelining still work.
import t from 'tap'
import type { Test } from 'tap'
import net from 'node:net'
import type { AddressInfo, Socket } from 'node:net'
import { enclaveFaces, type Factory } from './fixtures/faces.js'

const hundredMegabytes = 100 * 1024 * 1024
const chunk = Buffer.alloc(64 * 1024, 0x61)
const chunkFrame = Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')])

interface Server {
  port: number
  /** Bytes the server has read from every connection so far (closed ones included). */
  bytesRead: () => number
}

/** An app whose onRequest hook refuses everything but `/open…` and `/ignores-body` with a 401, before any body is read. */
async function startApp (t: Test, factory: Factory): Promise<Server> {
  // Forced, so close() does not wait out a connection that lingers after its response.
  const app = factory({ forceCloseConnections: true })
  app.addHook('onRequest', async (request: any, reply: any) => {
    if (!request.url.startsWith('/open') && request.url !== '/ignores-body') reply.code(401).send({ error: 'no' })
  })
  app.post('/open', async (request: any) => ({ length: JSON.stringify(request.body).length }))
  app.get('/open', async () => ({ ok: true }))
  app.get('/ignores-body', async () => ({ ignored: true }))
  app.post('/private', async () => ({ reached: true }))
  t.teardown(() => app.close())
  await app.listen({ port: 0, host: '127.0.0.1' })
  const sockets: Socket[] = []
  app.server.on('connection', (socket: Socket) => { sockets.push(socket) })
  return {
    port: (app.server.address() as AddressInfo).port,
    bytesRead: () => sockets.reduce((sum, socket) => sum + socket.bytesRead, 0)
  }
}

interface Upload {
  /** Everything the server wrote. */
  text: string
  /** Body bytes the client managed to hand to its socket. */
  written: number
  /** When the first response byte arrived, the server's FIN, and the connection's end (ms from the start; -1: never). */
  answeredAt: number
  endedAt: number
  closedAt: number
}

/**
 * Sends `head`, then streams up to 100 MB of body (chunked frames when `chunked`) as fast as the
 * socket takes it, until the server closes the connection, the whole body is written, or `waitMs`.
 */
function streamUpload (port: number, head: string, chunked: boolean, waitMs = 8000): Promise<Upload> {
  return new Promise((resolve) => {
    const started = Date.now()
    const socket = net.connect(port, '127.0.0.1')
    const result: Upload = { text: '', written: 0, answeredAt: -1, endedAt: -1, closedAt: -1 }
    let settled = false
    const settle = (): void => {
      if (settled) return
      settled = true
      clearTimeout(giveUp)
      socket.destroy()
      resolve(result)
    }
    const giveUp = setTimeout(settle, waitMs)
    const pump = (): void => {
      while (!socket.destroyed && result.written < hundredMegabytes) {
        result.written += chunk.length
        if (!socket.write(chunked ? chunkFrame : chunk)) {
          socket.once('drain', pump)
          return
        }
      }
      // All of it written and still open: the server read the whole upload (what must not happen).
      if (result.written >= hundredMegabytes) setTimeout(settle, 200)
    }
    socket.on('connect', () => {
      socket.write(head)
      pump()
    })
    socket.on('data', (data) => {
      if (result.answeredAt === -1) result.answeredAt = Date.now() - started
      result.text += data.toString('latin1')
    })
    socket.on('end', () => { result.endedAt = Date.now() - started })
    // Writing into a closed connection fails (EPIPE, ECONNRESET): the close is what is waited for.
    socket.on('error', () => {})
    socket.on('close', () => {
      result.closedAt = Date.now() - started
      settle()
    })
  })
}

interface Response {
  status: number
  head: string
  body: string
}

/** Splits complete responses (each with a Content-Length) off the front of `text`. */
function parseResponses (text: string): Response[] {
  const responses: Response[] = []
  let rest = text
  for (let i = 0; i < 10; i++) {
    const headEnd = rest.indexOf('\r\n\r\n')
    if (headEnd === -1) break
    const head = rest.slice(0, headEnd)
    const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0)
    if (rest.length < headEnd + 4 + length) break
    responses.push({ status: Number(head.slice(9, 12)), head, body: rest.slice(headEnd + 4, headEnd + 4 + length) })
    rest = rest.slice(headEnd + 4 + length)
  }
  return responses
}

interface Conversation {
  responses: Response[]
  /** The server ended the connection (FIN or close). */
  ended: boolean
}

/**
 * Writes `first`, and `second` once one complete response has come back (when given); resolves
 * once `expected` responses are in, the server ends the connection, or after `waitMs`.
 */
function converse (port: number, first: string | Buffer, second: string | null, expected: number, waitMs = 10_000): Promise<Conversation> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1')
    let text = ''
    let ended = false
    let sentSecond = false
    let settled = false
    const settle = (): void => {
      if (settled) return
      settled = true
      clearTimeout(giveUp)
      socket.destroy()
      resolve({ responses: parseResponses(text), ended })
    }
    const giveUp = setTimeout(settle, waitMs)
    socket.on('connect', () => { socket.write(first) })
    socket.on('data', (data) => {
      text += data.toString('latin1')
      const count = parseResponses(text).length
      if (second !== null && !sentSecond && count === 1) {
        sentSecond = true
        socket.write(second)
      }
      if (count >= expected) settle()
    })
    socket.on('end', () => {
      ended = true
      settle()
    })
    socket.on('error', settle)
    socket.on('close', settle)
  })
}

function post (path: string, length: number, body = 'a'.repeat(length), type = 'application/json'): string {
  return `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: ${type}\r\nContent-Length: ${length}\r\n\r\n${body}`
}

const secondRequest = 'GET /open HTTP/1.1\r\nHost: x\r\n\r\n'

for (const [name, factory] of enclaveFaces) {
  t.test(`${name}: a 401 from onRequest during a 100 MB upload closes the connection without reading the upload`, async (t) => {
    const server = await startApp(t, factory)
    const upload = await streamUpload(server.port, `POST /private HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${hundredMegabytes}\r\n\r\n`, false)
    const [response] = parseResponses(upload.text)
    t.equal(response?.status, 401, 'the client reads the whole 401')
    t.equal(response?.body, '{"error":"no"}')
    t.match(response?.head, /\r\nconnection: close/i)
    t.not(upload.endedAt, -1, 'the server ends the connection after the response')
    t.not(upload.closedAt, -1, 'and closes it')
    t.ok(upload.closedAt - upload.answeredAt < 7000, `soon after the response (${upload.closedAt - upload.answeredAt} ms), before the client gives up`)
    t.ok(upload.written < hundredMegabytes / 4, `the client could write only ${upload.written} bytes`)
    t.ok(server.bytesRead() < 1024 * 1024, `the server read ${server.bytesRead()} bytes of a 100 MB upload`)
  })

  t.test(`${name}: a chunked upload to an unknown URL gets its whole 404 and the connection closes without reading it`, async (t) => {
    const server = await startApp(t, factory)
    // A content type without a parser: the 404 is sent without reading the body.
    const upload = await streamUpload(server.port, 'POST /open/missing HTTP/1.1\r\nHost: x\r\nContent-Type: application/octet-stream\r\nTransfer-Encoding: chunked\r\n\r\n', true)
    const [response] = parseResponses(upload.text)
    t.equal(response?.status, 404, 'the client reads the whole 404')
    t.match(response?.body, /"statusCode":404/)
    t.match(response?.head, /\r\nconnection: close/i)
    t.not(upload.closedAt, -1, 'the server closes the connection')
    t.ok(upload.closedAt - upload.answeredAt < 7000, `soon after the response (${upload.closedAt - upload.answeredAt} ms), before the client gives up`)
    t.ok(server.bytesRead() < 1024 * 1024, `the server read ${server.bytesRead()} bytes of the upload`)
  })

  t.test(`${name}: a GET route that ignores a 100 MB body answers with Connection: close and does not read the body`, async (t) => {
    const server = await startApp(t, factory)
    const upload = await streamUpload(server.port, `GET /ignores-body HTTP/1.1\r\nHost: x\r\nContent-Length: ${hundredMegabytes}\r\n\r\n`, false)
    const [response] = parseResponses(upload.text)
    t.equal(response?.status, 200)
    t.equal(response?.body, '{"ignored":true}')
    t.match(response?.head, /\r\nconnection: close/i)
    t.not(upload.closedAt, -1, 'the server closes the connection')
    t.ok(server.bytesRead() < 1024 * 1024, `the server read ${server.bytesRead()} bytes of the upload`)
  })

  t.test(`${name}: a small unread body keeps the connection; a large one closes it`, async (t) => {
    const server = await startApp(t, factory)
    const small = await converse(server.port, post('/private', 10), secondRequest, 2)
    t.same(small.responses.map((response) => response.status), [401, 200], 'a second request on the same connection is answered')
    t.notMatch(small.responses[0]?.head, /\r\nconnection: close/i)
    // 1 MB declared, 200 KB sent: the server does not wait for the rest.
    const large = await converse(server.port, post('/private', 1024 * 1024, 'a'.repeat(200 * 1024)), secondRequest, 2)
    t.same(large.responses.map((response) => response.status), [401], 'no second request is read')
    t.match(large.responses[0]?.head, /\r\nconnection: close/i)
    t.ok(large.ended, 'the server ends the connection')
  })

  t.test(`${name}: a large body that is read keeps the connection; the same body left unread closes it`, async (t) => {
    const server = await startApp(t, factory)
    const json = JSON.stringify('a'.repeat(200 * 1024))
    const read = await converse(server.port, post('/open', json.length, json), secondRequest, 2)
    t.same(read.responses.map((response) => response.status), [200, 200])
    t.equal(read.responses[0]?.body, `{"length":${json.length}}`)
    t.notMatch(read.responses[0]?.head, /\r\nconnection: close/i)
    const unread = await converse(server.port, post('/private', json.length, json), secondRequest, 2)
    t.same(unread.responses.map((response) => response.status), [401])
    t.match(unread.responses[0]?.head, /\r\nconnection: close/i)
    t.ok(unread.ended, 'the server ends the connection')
  })

  t.test(`${name}: a request pipelined after a small ignored body is answered; one after a large ignored body is not`, async (t) => {
    const server = await startApp(t, factory)
    const small = await converse(server.port, post('/private', 10) + secondRequest, null, 2)
    t.same(small.responses.map((response) => response.status), [401, 200])
    t.same(JSON.parse(small.responses[1]?.body ?? 'null'), { ok: true })
    const large = await converse(server.port, post('/private', 200 * 1024) + secondRequest, null, 2)
    t.same(large.responses.map((response) => response.status), [401], 'the pipelined request is never read')
    t.match(large.responses[0]?.head, /\r\nconnection: close/i)
    t.ok(large.ended, 'the server ends the connection')
  })
}
