import t from 'tap'
import { Readable } from 'node:stream'
import enclave from '@enclave/core'
import { createServer, fastifyProfile } from '@enclave/core/internal'

function logCollector () {
  const lines: Array<Record<string, any>> = []
  return { lines, stream: { write: (line: string) => { lines.push(JSON.parse(line)) } } }
}

t.test('send(string): text/plain with utf-8 and an exact byte length', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.get('/', (_request, reply) => { reply.send('héllo') })
  const response = await app.inject('/')
  t.equal(response.statusCode, 200)
  t.equal(response.headers['content-type'], 'text/plain; charset=utf-8')
  t.equal(response.headers['content-length'], '6')
  t.equal(response.body, 'héllo')
})

t.test('send(string) with a JSON content type sends the string as it is', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.get('/', (_request, reply) => { reply.type('application/json').send('{"pre":"serialized"}') })
  const response = await app.inject('/')
  // As Fastify 4.29: a JSON type without a charset gets utf-8 named.
  t.equal(response.headers['content-type'], 'application/json; charset=utf-8')
  t.equal(response.body, '{"pre":"serialized"}')
})

t.test('send(Buffer) and typed arrays: application/octet-stream unless typed', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.get('/buffer', (_request, reply) => { reply.send(Buffer.from([0, 1, 2, 255])) })
  app.get('/typed', (_request, reply) => { reply.type('image/png').send(Buffer.from('png')) })
  app.get('/uint8', (_request, reply) => { reply.send(new Uint8Array([104, 105])) })
  const buffer = await app.inject('/buffer')
  t.equal(buffer.headers['content-type'], 'application/octet-stream')
  t.equal(buffer.headers['content-length'], '4')
  t.same([...buffer.rawPayload], [0, 1, 2, 255])
  const typed = await app.inject('/typed')
  t.equal(typed.headers['content-type'], 'image/png')
  t.equal(typed.body, 'png')
  const uint8 = await app.inject('/uint8')
  t.equal(uint8.body, 'hi')
  t.equal(uint8.headers['content-length'], '2')
})

t.test('send(stream): piped, chunked, no content type unless set', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.get('/', (_request, reply) => { reply.send(Readable.from(['a', 'b', 'c'])) })
  app.get('/typed', (_request, reply) => { reply.type('text/csv').send(Readable.from(['x,y\n', '1,2\n'])) })
  const response = await app.inject('/')
  t.equal(response.statusCode, 200)
  t.equal(response.body, 'abc')
  t.equal(response.headers['content-type'], undefined)
  t.equal(response.headers['transfer-encoding'], 'chunked')
  const typed = await app.inject('/typed')
  t.equal(typed.headers['content-type'], 'text/csv')
  t.equal(typed.body, 'x,y\n1,2\n')
})

t.test('a stream that fails before its first byte becomes an error response', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.get('/', (_request, reply) => {
    const stream = new Readable({ read () { this.destroy(new Error('disk gone')) } })
    reply.send(stream)
  })
  const response = await app.inject('/')
  t.equal(response.statusCode, 500)
  t.same(response.json(), { statusCode: 500, error: 'Internal Server Error', message: 'disk gone' })
})

t.test('a stream that fails mid-way cuts the connection rather than sending a truncated 200', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.get('/', (_request, reply) => {
    let sent = false
    const stream = new Readable({
      read () {
        if (!sent) {
          sent = true
          this.push('partial')
          return
        }
        setImmediate(() => this.destroy(new Error('mid-stream failure')))
      }
    })
    reply.send(stream)
  })
  const address = await app.listen({ port: 0, host: '127.0.0.1' })
  await t.rejects(fetch(address + '/').then((response) => response.text()))
})

t.test('send(object): JSON with application/json; charset=utf-8', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.get('/object', (_request, reply) => { reply.send({ a: 1, nested: { b: [1, 'two'] } }) })
  app.get('/array', (_request, reply) => { reply.send([1, 2, 3]) })
  app.get('/number', async () => 42)
  app.get('/boolean', async () => false)
  const object = await app.inject('/object')
  t.equal(object.headers['content-type'], 'application/json; charset=utf-8')
  t.equal(object.body, '{"a":1,"nested":{"b":[1,"two"]}}')
  t.equal(object.headers['content-length'], String(object.body.length))
  t.equal((await app.inject('/array')).body, '[1,2,3]')
  const number = await app.inject('/number')
  t.equal(number.headers['content-type'], 'application/json; charset=utf-8')
  t.equal(number.body, '42')
  t.equal((await app.inject('/boolean')).body, 'false')
})

t.test('an object with a non-JSON content type and no serializer is a 500', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.get('/', (_request, reply) => { reply.type('text/html').send({ a: 1 }) })
  const response = await app.inject('/')
  t.equal(response.statusCode, 500)
  t.same(response.json(), {
    statusCode: 500,
    code: 'FST_ERR_REP_INVALID_PAYLOAD_TYPE',
    error: 'Internal Server Error',
    message: "Attempted to send payload of invalid type 'object'. Expected a string or Buffer."
  })
})

t.test('send(null) sends JSON null; send() and send(undefined) send an empty body', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.get('/null', (_request, reply) => { reply.send(null) })
  app.get('/empty', (_request, reply) => { reply.send() })
  app.get('/undefined', (_request, reply) => { reply.send(undefined) })
  app.get('/no-content', (_request, reply) => { reply.code(204).send() })
  const nullResponse = await app.inject('/null')
  t.equal(nullResponse.statusCode, 200)
  t.equal(nullResponse.headers['content-type'], 'application/json; charset=utf-8')
  t.equal(nullResponse.body, 'null')
  for (const url of ['/empty', '/undefined']) {
    const response = await app.inject(url)
    t.equal(response.statusCode, 200, url)
    t.equal(response.headers['content-length'], '0')
    t.equal(response.headers['content-type'], undefined)
    t.equal(response.body, '')
  }
  const noContent = await app.inject('/no-content')
  t.equal(noContent.statusCode, 204)
  t.equal(noContent.headers['content-length'], undefined)
})

t.test('send(Error) goes to the error handler with the error\'s status', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.get('/plain', (_request, reply) => { reply.send(new Error('plain failure')) })
  app.get('/status', (_request, reply) => { reply.send(Object.assign(new Error('gone'), { statusCode: 410, code: 'E_GONE' })) })
  app.get('/preset', (_request, reply) => { reply.code(403).send(new Error('forbidden')) })
  app.get('/headers', (_request, reply) => { reply.send(Object.assign(new Error('slow down'), { statusCode: 429, headers: { 'retry-after': '10' } })) })
  const plain = await app.inject('/plain')
  t.equal(plain.statusCode, 500)
  t.same(plain.json(), { statusCode: 500, error: 'Internal Server Error', message: 'plain failure' })
  const status = await app.inject('/status')
  t.equal(status.statusCode, 410)
  t.same(status.json(), { statusCode: 410, code: 'E_GONE', error: 'Gone', message: 'gone' })
  const preset = await app.inject('/preset')
  t.equal(preset.statusCode, 403)
  t.same(preset.json(), { statusCode: 403, error: 'Forbidden', message: 'forbidden' })
  const headers = await app.inject('/headers')
  t.equal(headers.statusCode, 429)
  t.equal(headers.headers['retry-after'], '10')
})

t.test('handlers: sync return, async return and reply.send all answer', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.get('/sync', () => ({ style: 'sync' }))
  app.get('/async', async () => ({ style: 'async' }))
  app.get('/promise', () => Promise.resolve({ style: 'promise' }))
  app.get('/send', (_request, reply) => { reply.send({ style: 'send' }) })
  app.get('/send-later', (_request, reply) => { setTimeout(() => { reply.send({ style: 'later' }) }, 5) })
  app.get('/async-send', async (_request, reply) => { reply.send({ style: 'async send' }); return reply })
  for (const [url, style] of [['/sync', 'sync'], ['/async', 'async'], ['/promise', 'promise'], ['/send', 'send'], ['/send-later', 'later'], ['/async-send', 'async send']]) {
    const response = await app.inject(url!)
    t.equal(response.statusCode, 200, url)
    t.same(response.json(), { style }, url)
  }
})

t.test('a sync handler returning undefined without sending leaves the reply to later code', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.get('/', (_request, reply) => { setTimeout(() => { reply.send('eventually') }, 10) })
  t.equal((await app.inject('/')).body, 'eventually')
})

t.test('an async handler resolving undefined without sending is answered with an empty 200 and logs nothing, as in Fastify', async (t) => {
  const { default: Fastify } = await import('fastify4')
  for (const factory of [enclave, Fastify] as Array<(options: any) => any>) {
    const { lines, stream } = logCollector()
    const app = factory({ logger: { stream, level: 'warn' } })
    t.teardown(() => app.close())
    app.get('/', async () => {})
    const response = await Promise.race([
      app.inject('/'),
      new Promise<never>((_resolve, reject) => setTimeout(() => reject(new Error('the request hung')), 2000))
    ])
    t.equal(response.statusCode, 200)
    t.equal(response.body, '')
    t.same(lines, [], 'no warning or error logged')
  }
})

t.test('an async handler resolving undefined on a 204 is not reported', async (t) => {
  const { lines, stream } = logCollector()
  const app = enclave({ logger: { stream, level: 'warn' } })
  t.teardown(() => app.close())
  app.delete('/', async (_request, reply) => { reply.code(204) })
  const response = await app.inject({ method: 'DELETE', url: '/' })
  t.equal(response.statusCode, 204)
  t.equal(lines.length, 0)
})

t.test('a second send logs a warning and changes nothing', async (t) => {
  const { lines, stream } = logCollector()
  const app = enclave({ logger: { stream, level: 'warn' } })
  t.teardown(() => app.close())
  app.get('/sync', (_request, reply) => {
    reply.send({ first: true })
    reply.code(500).send({ second: true })
  })
  app.get('/async', async (_request, reply) => {
    reply.send('sent')
    return 'returned too'
  })
  app.get('/error-after', async (_request, reply) => {
    reply.send('ok')
    reply.send(new Error('late error'))
  })
  const sync = await app.inject('/sync')
  t.equal(sync.statusCode, 200)
  t.same(sync.json(), { first: true })
  const asyncResponse = await app.inject('/async')
  t.equal(asyncResponse.body, 'sent')
  const errorAfter = await app.inject('/error-after')
  t.equal(errorAfter.statusCode, 200)
  t.equal(errorAfter.body, 'ok')
  const warnings = lines.filter((line) => line.level === 40)
  t.equal(warnings.length, 3)
  t.ok(warnings.every((line) => line.err.code === 'FST_ERR_REP_ALREADY_SENT'))
})

t.test('throwing and rejecting handlers answer through the error handler', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.get('/throw', () => { throw new Error('sync throw') })
  app.get('/reject', () => Promise.reject(Object.assign(new Error('rejected'), { statusCode: 503 })))
  app.get('/async-throw', async () => { throw Object.assign(new Error('async throw'), { statusCode: 418, code: 'TEAPOT' }) })
  // Non-Error throws are the case under test.
  // eslint-disable-next-line no-throw-literal
  app.get('/throw-string', async () => { throw 'just a string' })
  // eslint-disable-next-line no-throw-literal
  app.get('/throw-null', async () => { throw null })
  app.get('/bad-status', async () => { throw Object.assign(new Error('weird'), { statusCode: 200 }) })
  const cases: Array<[string, number, Record<string, unknown>]> = [
    ['/throw', 500, { statusCode: 500, error: 'Internal Server Error', message: 'sync throw' }],
    ['/reject', 503, { statusCode: 503, error: 'Service Unavailable', message: 'rejected' }],
    ['/async-throw', 418, { statusCode: 418, code: 'TEAPOT', error: "I'm a Teapot", message: 'async throw' }],
    // What Fastify 4's default handler answers for a thrown null (it fails reading its statusCode).
    ['/throw-null', 500, { statusCode: 500, error: 'Internal Server Error', message: "Cannot read properties of null (reading 'statusCode')" }],
    ['/bad-status', 500, { statusCode: 500, error: 'Internal Server Error', message: 'weird' }]
  ]
  for (const [url, status, body] of cases) {
    const response = await app.inject(url)
    t.equal(response.statusCode, status, url)
    t.equal(response.headers['content-type'], 'application/json; charset=utf-8')
    t.same(response.json(), body, url)
    t.notMatch(response.body, /stack|\n\s+at /, 'no stack in the response')
  }
  const text = await app.inject('/throw-string')
  t.equal(text.statusCode, 500)
  t.equal(text.headers['content-type'], 'text/plain; charset=utf-8', 'a thrown string is sent as it is, as in Fastify 4')
  t.equal(text.body, 'just a string')
})

t.test('an onSend hook resolving to a number or an object: a well-formed 500 FST_ERR_REP_INVALID_PAYLOAD_TYPE on both entries (fastify@4.29.1 throws it uncaught and the process exits)', async (t) => {
  for (const factory of [enclave, (options?: any) => createServer(options, fastifyProfile)]) {
    const app = (factory as (options?: any) => any)()
    app.get('/number', { onSend: async () => 42 }, () => 'x')
    app.get('/object', { onSend: async () => ({ a: 1 }) }, () => 'x')
    for (const [url, type] of [['/number', 'number'], ['/object', 'object']]) {
      const response = await app.inject(url)
      t.equal(response.statusCode, 500)
      t.same(response.json(), { statusCode: 500, code: 'FST_ERR_REP_INVALID_PAYLOAD_TYPE', error: 'Internal Server Error', message: `Attempted to send payload of invalid type '${type!}'. Expected a string or Buffer.` })
    }
    await app.close()
  }
})
