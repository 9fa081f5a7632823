// A media service in plain JavaScript (ES module), written as a Fastify v5 user writes one: replies
// streamed from a Node Readable, a Web ReadableStream and a Web Response, server-sent events written
// on reply.raw after reply.hijack(), large bodies both ways, a parser that hands the handler the
// request stream (NDJSON), a stream that fails before its first byte, and a client-leaving watch
// (request.raw 'close', onRequestAbort) on every request.
import Fastify from 'fastify'
import { createHash } from 'node:crypto'
import { PassThrough, Readable } from 'node:stream'

const chunkSize = 16 * 1024

/** A deterministic chunk of bytes, so every answer can be compared by its digest. */
function chunk (index) {
  const bytes = Buffer.alloc(chunkSize)
  for (let i = 0; i < chunkSize; i++) bytes[i] = (index * 31 + i) & 0xff
  return bytes
}

function * chunks (count) {
  for (let i = 0; i < count; i++) yield chunk(i)
}

export async function build (options = {}) {
  const app = Fastify(options)
  const aborted = []

  app.addHook('onRequest', async (request) => {
    // A plugin that logs dropped connections listens on the raw request.
    request.raw.on('close', () => {})
  })
  app.addHook('onRequestAbort', async (request) => { aborted.push(request.url) })

  // NDJSON is read line by line from the request stream itself.
  app.addContentTypeParser('application/x-ndjson', (request, payload, done) => done(null, payload))
  app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer' }, (request, body, done) => done(null, body))

  app.get('/lines', async (request, reply) => {
    reply.type('text/plain; charset=utf-8')
    return Readable.from(['alpha\n', 'beta\n', 'gamma\n'])
  })

  app.get('/big/stream', (request, reply) => {
    reply.type('application/octet-stream').header('x-chunks', 16)
    reply.send(Readable.from(chunks(16)))
  })

  app.get('/download', (request, reply) => {
    // A download whose size is known (as a file's stat gives it), streamed.
    reply.type('application/octet-stream').header('content-length', 8 * chunkSize).header('content-disposition', 'attachment; filename="blob.bin"')
    reply.send(Readable.from(chunks(8)))
  })

  app.get('/big/whole', async (request, reply) => {
    reply.type('application/octet-stream')
    return Buffer.concat([...chunks(20)])
  })

  app.get('/big/text', async () => ({ items: Array.from({ length: 5000 }, (_, id) => ({ id, name: `item ${id}` })) }))

  app.get('/csv', (request, reply) => {
    const rows = ['id,name\n', '1,ada\n', '2,grace\n']
    const body = new ReadableStream({
      pull (controller) {
        const row = rows.shift()
        if (row === undefined) controller.close()
        else controller.enqueue(new TextEncoder().encode(row))
      }
    })
    reply.header('content-type', 'text/csv').header('content-disposition', 'attachment; filename="people.csv"')
    return reply.send(body)
  })

  app.get('/made', async (request, reply) => {
    const headers = new Headers({ 'content-type': 'text/plain', 'x-made': 'response' })
    headers.append('set-cookie', 'a=1; Path=/')
    headers.append('set-cookie', 'b=2; Path=/')
    reply.header('x-from-reply', 'kept')
    return reply.send(new Response('made by hand', { status: 201, headers }))
  })

  app.get('/typed', async (request, reply) => reply.type('application/octet-stream').send(new Uint16Array([1, 2, 515])))

  app.get('/events', (request, reply) => {
    reply.hijack()
    reply.raw.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
    for (let id = 1; id <= 3; id++) reply.raw.write(`id: ${id}\ndata: ${JSON.stringify({ tick: id })}\n\n`)
    reply.raw.end('event: end\ndata: bye\n\n')
  })

  app.get('/events/raw', (request, reply) => {
    // The pattern of many server-sent events guides: the raw response written directly, no send().
    reply.raw.setHeader('content-type', 'text/event-stream')
    reply.raw.setHeader('cache-control', 'no-cache')
    reply.raw.statusCode = 200
    reply.raw.flushHeaders()
    let sent = 0
    const tick = () => {
      reply.raw.write(`data: ${sent}\n\n`)
      if (++sent < 3) setImmediate(tick)
      else reply.raw.end()
    }
    setImmediate(tick)
  })

  app.get('/ticker', (request, reply) => {
    const out = new PassThrough()
    let sent = 0
    const tick = () => {
      out.write(`data: ${sent}\n\n`)
      if (++sent < 5) setImmediate(tick)
      else out.end()
    }
    setImmediate(tick)
    reply.header('content-type', 'text/event-stream').header('cache-control', 'no-cache')
    return reply.send(out)
  })

  app.get('/broken', (request, reply) => {
    const failing = new Readable({
      read () { this.destroy(new Error('the disk went away')) }
    })
    reply.type('text/plain')
    return reply.send(failing)
  })

  app.get('/broken/late', (request, reply) => {
    // The source fails after its first bytes went out: the answer is cut short, never passed off as complete.
    let sent = false
    const failing = new Readable({
      read () {
        if (sent) setImmediate(() => this.destroy(new Error('the disk went away')))
        else this.push('first bytes\n')
        sent = true
      }
    })
    reply.type('text/plain')
    return reply.send(failing)
  })

  app.post('/upload', { bodyLimit: 512 * 1024 }, async (request) => {
    const body = request.body
    return { bytes: body.length, sha256: createHash('sha256').update(body).digest('hex') }
  })

  app.post('/echo', async (request) => request.body)

  app.post('/ndjson', async (request) => {
    let text = ''
    for await (const piece of request.body) text += piece
    const records = text.split('\n').filter((line) => line !== '').map((line) => JSON.parse(line))
    return { count: records.length, total: records.reduce((sum, record) => sum + record.n, 0) }
  })

  app.get('/aborted', async () => ({ aborted }))
  return app
}
