import t from 'tap'
import net from 'node:net'
import { Readable } from 'node:stream'
import Fastify from 'fastify4'
import enclave from '@enclave/core'
import { createServer, fastifyProfile } from '@enclave/core/internal'

type Factory = (options?: any) => any
const factories: Record<string, Factory> = {
  fastify4: Fastify,
  enclave,
  '@enclave/fastify4': (options?: any) => createServer(options ?? {}, fastifyProfile)
}

/** The routes every entry declares; each case below asks one of them. */
function declareRoutes (app: any): void {
  app.get('/callback', (_request: any, reply: any) => {
    reply.trailer('x-callback', (_reply: any, payload: unknown, done: (error: Error | null, value?: string) => void) => {
      done(null, `saw ${String(payload)}`)
    })
    reply.send('hello')
  })
  app.get('/async', (_request: any, reply: any) => {
    reply.trailer('x-first', async () => 'one')
    reply.trailer('ETag', async () => 'E1')
    reply.send({ a: 1 })
  })
  app.get('/buffer', (_request: any, reply: any) => {
    reply.trailer('x-size', async (_reply: any, payload: Buffer) => String(payload.length))
    reply.send(Buffer.from('bytes'))
  })
  app.get('/empty', (_request: any, reply: any) => {
    reply.trailer('x-payload', async (_reply: any, payload: unknown) => String(payload))
    reply.send()
  })
  app.get('/failing', (_request: any, reply: any) => {
    reply.trailer('x-rejects', async () => { throw new Error('no value') })
    reply.trailer('x-done-error', (_reply: any, _payload: unknown, done: (error: Error | null) => void) => { done(new Error('no value')) })
    reply.trailer('x-ok', async () => 'ok')
    reply.send('partial')
  })
  app.get('/values', (_request: any, reply: any) => {
    reply.trailer('x-number', async () => 42)
    reply.trailer('x-undefined', async () => undefined)
    reply.send('values')
  })
  app.get('/removed', (_request: any, reply: any) => {
    reply.trailer('X-Gone', async () => 'gone')
    reply.trailer('x-kept', async () => 'kept')
    const before = reply.hasTrailer('x-gone')
    reply.removeTrailer('x-GONE')
    reply.send({ before, after: reply.hasTrailer('X-Gone'), kept: reply.hasTrailer('X-KEPT') })
  })
  app.get('/all-removed', (_request: any, reply: any) => {
    reply.trailer('x-gone', async () => 'gone')
    reply.removeTrailer('x-gone')
    reply.send('none left')
  })
  app.get('/content-length', (_request: any, reply: any) => {
    reply.header('content-length', 5)
    reply.trailer('x-c', async () => 'c')
    reply.send('fixed')
  })
  app.get('/error', (_request: any, reply: any) => {
    reply.trailer('x-after', async (_reply: any, payload: unknown) => `after ${String(payload)}`)
    throw Object.assign(new Error('bad'), { statusCode: 400 })
  })
  app.get('/serialized', { schema: { response: { 200: { type: 'object', properties: { a: { type: 'number' } } } } } }, (_request: any, reply: any) => {
    reply.trailer('x-serialized', async (_reply: any, payload: unknown) => `saw ${String(payload)}`)
    return { a: 1, hidden: 2 }
  })
  app.get('/bad-name', (_request: any, reply: any) => { reply.trailer('Transfer-Encoding', async () => 'x'); reply.send('never') })
  app.get('/bad-value', (_request: any, reply: any) => { reply.trailer('X-Value', 'not a function'); reply.send('never') })
  app.get('/caught', (_request: any, reply: any) => {
    const seen: unknown[] = []
    for (const [name, fn] of [['set-cookie', async () => 'x'], ['x-ok', 42], ['Content-Type', 7]] as const) {
      try { reply.trailer(name, fn) } catch (error: any) { seen.push({ name: error.name, code: error.code, statusCode: error.statusCode, message: error.message }) }
    }
    reply.send(seen)
  })
}

/** The response as bytes on the wire, chunk sizes and trailers included (no Date header). */
async function wire (port: number, method: string, path: string): Promise<string> {
  return await new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(`${method} ${path} HTTP/1.1\r\nHost: localhost\r\nTE: trailers\r\nConnection: close\r\n\r\n`)
    })
    let received = ''
    socket.setEncoding('latin1')
    socket.on('data', (chunk: string) => { received += chunk })
    socket.on('end', () => { resolve(received.replace(/^date: .*\r\n/im, '')) })
    socket.on('error', reject)
  })
}

async function answersOf (factory: Factory, cases: Array<[string, string]>): Promise<string[]> {
  const app = factory()
  declareRoutes(app)
  await app.listen({ port: 0, host: '127.0.0.1' })
  try {
    const port = app.server.address().port
    const answers: string[] = []
    for (const [method, path] of cases) answers.push(await wire(port, method, path))
    return answers
  } finally {
    await app.close()
  }
}

const cases: Array<[string, string]> = [
  ['GET', '/callback'], ['GET', '/async'], ['GET', '/buffer'], ['GET', '/empty'], ['GET', '/failing'],
  ['GET', '/values'], ['GET', '/removed'], ['GET', '/all-removed'], ['GET', '/content-length'],
  ['GET', '/error'], ['GET', '/serialized'], ['GET', '/bad-name'], ['GET', '/bad-value'], ['GET', '/caught'],
  ['HEAD', '/callback'], ['HEAD', '/empty']
]

t.test('trailers on the wire: chunked, a Trailer header, each value after the body, as Fastify 4.29 sends them', async (t) => {
  const expected = await answersOf(factories.fastify4!, cases)
  t.match(expected[0], /transfer-encoding: chunked\r\ntrailer: x-callback\r\n[^]*\r\n5\r\nhello\r\n0\r\nx-callback: saw hello\r\n\r\n$/)
  t.notMatch(expected[0], /content-length/)
  for (const entry of ['enclave', '@enclave/fastify4']) {
    const answers = await answersOf(factories[entry]!, cases)
    cases.forEach(([method, path], index) => {
      t.equal(answers[index], expected[index], `${entry}: ${method} ${path}`)
    })
  }
})

t.test('a stream payload: its trailers are computed with payload null and sent after its last chunk', async (t) => {
  for (const [entry, factory] of Object.entries(factories).slice(1)) {
    const app = factory()
    let given: unknown = 'not called'
    app.get('/stream', (_request: any, reply: any) => {
      reply.trailer('x-stream', async (_reply: any, payload: unknown) => { given = payload; return 'streamed' })
      reply.send(Readable.from(['a', 'b']))
    })
    await app.listen({ port: 0, host: '127.0.0.1' })
    const answer = await wire(app.server.address().port, 'GET', '/stream')
    await app.close()
    t.match(answer, /^HTTP\/1\.1 200 OK\r\ntransfer-encoding: chunked\r\ntrailer: x-stream\r\n/, entry)
    t.match(answer, /\r\n1\r\na\r\n1\r\nb\r\n0\r\nx-stream: streamed\r\n\r\n$/, entry)
    t.equal(given, null, `${entry}: payload`)
  }
})

t.test('inject() shows the trailers in response.trailers, as in Fastify', async (t) => {
  for (const [entry, factory] of Object.entries(factories)) {
    const app = factory()
    declareRoutes(app)
    const response = await app.inject('/failing')
    t.same(response.trailers, { 'x-ok': 'ok' }, entry)
    t.equal(response.headers.trailer, 'x-rejects x-done-error x-ok', entry)
    t.equal(response.body, 'partial', entry)
    await app.close()
  }
})

t.test('a trailer function that throws or yields a value Node refuses: the body still ends, the process lives', async (t) => {
  for (const [entry, factory] of Object.entries(factories).slice(1)) {
    const app = factory()
    app.get('/throws', (_request: any, reply: any) => {
      reply.trailer('x-throws', () => { throw new Error('boom') })
      reply.trailer('x-ok', async () => 'ok')
      reply.send('thrown')
    })
    app.get('/bad-char', (_request: any, reply: any) => {
      reply.trailer('x-bad', async () => 'line\nbreak')
      reply.send('refused')
    })
    await app.listen({ port: 0, host: '127.0.0.1' })
    const port = app.server.address().port
    t.match(await wire(port, 'GET', '/throws'), /\r\n6\r\nthrown\r\n0\r\nx-ok: ok\r\n\r\n$/, `${entry}: a throw leaves that trailer out`)
    t.match(await wire(port, 'GET', '/bad-char'), /\r\n7\r\nrefused\r\n0\r\n\r\n$/, `${entry}: no trailers`)
    t.match(await wire(port, 'GET', '/throws'), /^HTTP\/1\.1 200/, `${entry}: still serving`)
    await app.close()
  }
})

t.test('a 204 or 304 reply with trailers goes out well-formed, without them (Fastify 4 answers a bodiless 500)', async (t) => {
  for (const [entry, factory] of Object.entries(factories).slice(1)) {
    const app = factory()
    let called = false
    app.get('/204', (_request: any, reply: any) => {
      reply.code(204).trailer('x-never', async () => { called = true; return 'never' })
      reply.send()
    })
    await app.listen({ port: 0, host: '127.0.0.1' })
    const answer = await wire(app.server.address().port, 'GET', '/204')
    await app.close()
    t.equal(answer, 'HTTP/1.1 204 No Content\r\nConnection: close\r\n\r\n', entry)
    t.equal(called, false, `${entry}: no trailer computed`)
  }
})

t.test('a done callback called twice: the first value is sent (Fastify 4 never ends the response)', async (t) => {
  for (const [entry, factory] of Object.entries(factories).slice(1)) {
    const app = factory()
    app.get('/', (_request: any, reply: any) => {
      reply.trailer('x-twice', (_reply: any, _payload: unknown, done: (error: Error | null, value?: string) => void) => {
        done(null, 'first')
        done(null, 'second')
      })
      reply.send('twice')
    })
    const response = await app.inject('/')
    t.same(response.trailers, { 'x-twice': 'first' }, entry)
    await app.close()
  }
})

t.test('over HTTP/2 the trailers arrive as the stream\'s trailing headers (Fastify 4 crashes on its transfer-encoding)', async (t) => {
  const http2 = await import('node:http2')
  for (const [entry, factory] of Object.entries(factories).slice(1)) {
    const app = factory({ http2: true })
    app.get('/', (_request: any, reply: any) => {
      reply.trailer('x-h2', async (_reply: any, payload: unknown) => `saw ${String(payload)}`)
      reply.send('h2 body')
    })
    app.get('/stream', (_request: any, reply: any) => {
      reply.trailer('x-h2', async (_reply: any, payload: unknown) => `saw ${String(payload)}`)
      reply.send(Readable.from(['a', 'b']))
    })
    await app.listen({ port: 0, host: '127.0.0.1' })
    const client = http2.connect(`http://127.0.0.1:${app.server.address().port as number}`)
    for (const [path, body, trailer] of [['/', 'h2 body', 'saw h2 body'], ['/stream', 'ab', 'saw null']]) {
      const seen = await new Promise<{ headers: any, trailers: any, body: string }>((resolve, reject) => {
        const request = client.request({ ':path': path, te: 'trailers' })
        let headers: any
        let trailers: any
        let received = ''
        request.on('response', (h) => { headers = h })
        request.on('trailers', (h) => { trailers = h })
        request.setEncoding('utf8')
        request.on('data', (chunk: string) => { received += chunk })
        request.on('end', () => { resolve({ headers, trailers, body: received }) })
        request.on('error', reject)
        request.end()
      })
      t.equal(seen.headers[':status'], 200, `${entry} ${path}`)
      t.equal(seen.headers.trailer, 'x-h2', `${entry} ${path}`)
      t.equal(seen.headers['transfer-encoding'], undefined, `${entry} ${path}: no HTTP/1.1 framing header`)
      t.equal(seen.body, body, `${entry} ${path}`)
      t.equal(seen.trailers?.['x-h2'], trailer, `${entry} ${path}`)
    }
    client.close()
    await app.close()
  }
})

t.test('a reply without trailers keeps its content-length and no Trailer header', async (t) => {
  const app = enclave()
  app.get('/', async () => 'plain')
  const response = await app.inject('/')
  t.equal(response.headers['content-length'], '5')
  t.equal(response.headers.trailer, undefined)
  t.equal(response.headers['transfer-encoding'], undefined)
  t.same(response.trailers, {})
  await app.close()
})
