import t from 'tap'
import { PassThrough, Readable, Writable } from 'node:stream'
import { createGzip, createGunzip, gzipSync } from 'node:zlib'
import { faces } from './fixtures/faces.js'

// Streams a plugin hands the framework in a state Fastify 4.29 copes with: a preParsing
// replacement paused on purpose (as @fastify/compress's decompressor is), and a reply stream
// destroyed before its end without an error (as a pump pipeline does when its source fails).

const json = JSON.stringify({ name: 'enclave' })

t.test('a paused stream returned by a preParsing hook is read: the body reaches the handler', async (t) => {
  const observe = async (factory: (options?: any) => any): Promise<unknown> => {
    const app = factory()
    app.post('/', {
      preParsing (_request: any, _reply: any, payload: Readable, done: (error: Error | null, stream?: Readable) => void) {
        const inflate = createGunzip() as ReturnType<typeof createGunzip> & { receivedEncodedLength: number }
        inflate.receivedEncodedLength = 0
        inflate.pause()
        payload.on('data', (chunk: Buffer) => { inflate.receivedEncodedLength += chunk.length })
        payload.pipe(inflate)
        done(null, inflate)
      }
    }, async (request: any) => ({ got: request.body.name }))
    const response = await app.inject({ method: 'POST', url: '/', headers: { 'content-type': 'application/json' }, payload: gzipSync(json) })
    await app.close()
    return { status: response.statusCode, body: response.body }
  }
  const [[, fastify4], ...entries] = faces
  const expected = await observe(fastify4)
  t.same(expected, { status: 200, body: '{"got":"enclave"}' })
  for (const [name, factory] of entries) t.same(await observe(factory), expected, name)
})

t.test('a reply stream destroyed before its end without an error answers 500 "Premature close", logged once', async (t) => {
  const observe = async (factory: (options?: any) => any): Promise<unknown> => {
    const lines: any[] = []
    const stream = new Writable({ write (chunk, _encoding, callback) { lines.push(JSON.parse(chunk.toString())); callback() } })
    const app = factory({ logger: { level: 'error', stream } })
    app.get('/', (_request: any, reply: any) => {
      const source = new Readable({ read () { this.destroy(new Error('source failed')) } })
      const gzip = createGzip()
      // The failed source takes the gzip stream down with it, with no error of its own.
      source.on('error', () => { gzip.destroy() })
      source.pipe(gzip)
      reply.type('text/plain').send(gzip)
    })
    const response = await app.inject('/')
    await app.close()
    return {
      status: response.statusCode,
      body: response.json(),
      logged: lines.map((line) => ({ msg: line.msg, code: line.err?.code, status: line.res?.statusCode }))
    }
  }
  const [[, fastify4], ...entries] = faces
  const expected = await observe(fastify4)
  t.same(expected, {
    status: 500,
    body: { statusCode: 500, code: 'ERR_STREAM_PREMATURE_CLOSE', error: 'Internal Server Error', message: 'Premature close' },
    logged: [{ msg: 'Premature close', code: 'ERR_STREAM_PREMATURE_CLOSE', status: 500 }]
  })
  for (const [name, factory] of entries) t.same(await observe(factory), expected, name)
})

t.test('a reply stream that errors before its first chunk is logged once, by the error handler', async (t) => {
  const observe = async (factory: (options?: any) => any): Promise<unknown> => {
    const lines: any[] = []
    const stream = new Writable({ write (chunk, _encoding, callback) { lines.push(JSON.parse(chunk.toString())); callback() } })
    const app = factory({ logger: { level: 'error', stream } })
    app.get('/', (_request: any, reply: any) => {
      const payload = new PassThrough()
      setImmediate(() => payload.destroy(new Error('disk gone')))
      reply.send(payload)
    })
    const response = await app.inject('/')
    await app.close()
    return { status: response.statusCode, body: response.json(), logged: lines.map((line) => line.msg) }
  }
  const [[, fastify4], ...entries] = faces
  const expected = await observe(fastify4)
  t.same(expected, { status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'disk gone' }, logged: ['disk gone'] })
  for (const [name, factory] of entries) t.same(await observe(factory), expected, name)
})

t.test('a reply stream destroyed without an error after its first chunk cuts the connection and logs "stream closed prematurely" at info level', async (t) => {
  const observe = async (factory: (options?: any) => any): Promise<unknown> => {
    const lines: any[] = []
    const stream = new Writable({ write (chunk, _encoding, callback) { lines.push(JSON.parse(chunk.toString())); callback() } })
    const app = factory({ logger: { level: 'info', stream } })
    app.get('/', (_request: any, reply: any) => {
      const payload = new Readable({ read () {} })
      payload.push('first chunk')
      setTimeout(() => { payload.destroy() }, 50)
      reply.send(payload)
    })
    await app.listen({ port: 0, host: '127.0.0.1' })
    const response = await fetch(`http://127.0.0.1:${app.server.address().port as number}/`)
    const body = await response.text().then(() => 'complete', () => 'cut')
    await app.close()
    return {
      status: response.status,
      body,
      logged: lines.filter((line) => line.reqId !== undefined).map((line) => ({ level: line.level, msg: line.msg, status: line.res?.statusCode }))
    }
  }
  const [[, fastify4], ...entries] = faces
  const expected = await observe(fastify4)
  t.same(expected, {
    status: 200,
    body: 'cut',
    logged: [{ level: 30, msg: 'incoming request', status: undefined }, { level: 30, msg: 'stream closed prematurely', status: 200 }]
  })
  for (const [name, factory] of entries) t.same(await observe(factory), expected, name)
})
