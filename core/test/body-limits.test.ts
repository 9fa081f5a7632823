import t from 'tap'
import net from 'node:net'
import enclave from '@enclave/core'

const tooLarge = {
  statusCode: 413,
  code: 'FST_ERR_CTP_BODY_TOO_LARGE',
  error: 'Payload Too Large',
  message: 'Request body is too large'
}

function json (size: number): string {
  // {"d":"xxx…"} is size bytes long.
  return JSON.stringify({ d: 'x'.repeat(size - 8) })
}

/** Writes a raw HTTP request and returns everything the server answered. */
function rawRequest (port: number, text: string | Buffer[], pauseMs = 0): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1')
    let answer = ''
    socket.on('data', (chunk) => { answer += chunk.toString() })
    socket.on('close', () => resolve(answer))
    socket.on('error', (error: any) => {
      if (error.code === 'ECONNRESET' || error.code === 'EPIPE') resolve(answer)
      else reject(error)
    })
    if (typeof text === 'string') {
      socket.end(text)
      return
    }
    let index = 0
    const writeNext = (): void => {
      if (index === text.length) {
        socket.end()
        return
      }
      socket.write(text[index++]!)
      setTimeout(writeNext, pauseMs)
    }
    writeNext()
  })
}

t.test('the default bodyLimit is 1 MiB', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.post('/', async (request: any) => ({ length: request.body.d.length }))
  const fits = await app.inject({ method: 'POST', url: '/', payload: json(1024 * 1024), headers: { 'content-type': 'application/json' } })
  t.equal(fits.statusCode, 200)
  const over = await app.inject({ method: 'POST', url: '/', payload: json(1024 * 1024 + 1), headers: { 'content-type': 'application/json' } })
  t.equal(over.statusCode, 413)
  t.same(over.json(), tooLarge)
})

t.test('the bodyLimit option applies to every parser', async (t) => {
  const app = enclave({ bodyLimit: 100 })
  t.teardown(() => app.close())
  app.post('/', async (request) => ({ type: typeof request.body }))
  t.equal((await app.inject({ method: 'POST', url: '/', payload: json(100), headers: { 'content-type': 'application/json' } })).statusCode, 200)
  const overJson = await app.inject({ method: 'POST', url: '/', payload: json(101), headers: { 'content-type': 'application/json' } })
  t.equal(overJson.statusCode, 413)
  t.same(overJson.json(), tooLarge)
  const overText = await app.inject({ method: 'POST', url: '/', payload: 'x'.repeat(101), headers: { 'content-type': 'text/plain' } })
  t.equal(overText.statusCode, 413)
})

t.test('a parser bodyLimit beats the server one; a route bodyLimit beats both', async (t) => {
  const app = enclave({ bodyLimit: 100 })
  t.teardown(() => app.close())
  app.addContentTypeParser('application/x-big', { parseAs: 'string', bodyLimit: 1000 }, (_request: any, body: string) => body.length)
  app.addContentTypeParser('application/x-small', { parseAs: 'buffer', bodyLimit: 10 }, (_request: any, body: Buffer) => body.length)
  app.post('/', async (request) => ({ length: request.body }))
  app.post('/route-limit', { bodyLimit: 50 }, async (request) => ({ length: request.body }))
  const big = await app.inject({ method: 'POST', url: '/', payload: 'x'.repeat(500), headers: { 'content-type': 'application/x-big' } })
  t.equal(big.statusCode, 200)
  t.same(big.json(), { length: 500 })
  const small = await app.inject({ method: 'POST', url: '/', payload: 'x'.repeat(11), headers: { 'content-type': 'application/x-small' } })
  t.equal(small.statusCode, 413)
  t.same(small.json(), tooLarge)
  const routeLimited = await app.inject({ method: 'POST', url: '/route-limit', payload: 'x'.repeat(500), headers: { 'content-type': 'application/x-big' } })
  t.equal(routeLimited.statusCode, 413, 'the route limit (50) wins over the parser limit (1000)')
  const routeAllows = await app.inject({ method: 'POST', url: '/route-limit', payload: 'x'.repeat(40), headers: { 'content-type': 'application/x-small' } })
  t.equal(routeAllows.statusCode, 200, 'the route limit (50) wins over the parser limit (10)')
})

t.test('a body shorter or longer than its Content-Length is a 400', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.post('/', async (request) => request.body)
  for (const declared of ['3', '100']) {
    const response = await app.inject({ method: 'POST', url: '/', payload: '{"a":1}', headers: { 'content-type': 'application/json', 'content-length': declared } })
    t.equal(response.statusCode, 400, `declared ${declared}`)
    t.same(response.json(), {
      statusCode: 400,
      code: 'FST_ERR_CTP_INVALID_CONTENT_LENGTH',
      error: 'Bad Request',
      message: 'Request body size did not match Content-Length'
    })
  }
})

t.test('over a real socket: a declared length over the limit is refused before the body is read', async (t) => {
  const app = enclave({ bodyLimit: 1000 })
  t.teardown(() => app.close())
  let handlerCalls = 0
  app.post('/', async () => { handlerCalls++; return 'ok' })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as { port: number }
  const answer = await rawRequest(port, 'POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 5000000\r\n\r\n{"a":')
  t.match(answer, /^HTTP\/1\.1 413 Payload Too Large\r\n/)
  t.match(answer, /connection: close/i)
  t.match(answer, /"code":"FST_ERR_CTP_BODY_TOO_LARGE"/)
  t.equal(handlerCalls, 0)
})

t.test('over a real socket: a chunked body that grows past the limit gets a 413 and the connection closes', async (t) => {
  const app = enclave({ bodyLimit: 1000 })
  t.teardown(() => app.close())
  app.post('/', async () => 'ok')
  await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as { port: number }
  const chunk = 'x'.repeat(400)
  const frame = (data: string) => Buffer.from(`${data.length.toString(16)}\r\n${data}\r\n`)
  const answer = await rawRequest(port, [
    Buffer.from('POST / HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\r\n'),
    frame(chunk), frame(chunk), frame(chunk), frame(chunk), Buffer.from('0\r\n\r\n')
  ], 10)
  t.match(answer, /^HTTP\/1\.1 413 Payload Too Large\r\n/)
  t.match(answer, /connection: close/i)
  t.match(answer, /"message":"Request body is too large"/)
})

t.test('over a real socket: a body within the limit arrives whole, chunked or not', async (t) => {
  const app = enclave({ bodyLimit: 1000 })
  t.teardown(() => app.close())
  app.post('/', async (request) => ({ length: (request.body as string).length }))
  await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as { port: number }
  const frame = (data: string) => Buffer.from(`${data.length.toString(16)}\r\n${data}\r\n`)
  const chunked = await rawRequest(port, [
    Buffer.from('POST / HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n'),
    frame('a'.repeat(300)), frame('b'.repeat(300)), Buffer.from('0\r\n\r\n')
  ], 5)
  t.match(chunked, /^HTTP\/1\.1 200 OK/)
  t.match(chunked, /\{"length":600\}$/)
})

t.test('a stream a preParsing hook returns is measured by its receivedEncodedLength for Content-Length, by what it yields for bodyLimit, as in fastify@4.29.1', async (t) => {
  const { Transform } = await import('node:stream')
  const { default: Fastify } = await import('fastify4')
  const { createServer, fastifyProfile } = await import('@enclave/core/internal')
  // A stand-in for a decompressor: every chunk comes out twice as long.
  const doubling = (reportEncoded: boolean | number) => async (_request: any, _reply: any, payload: any) => {
    const stream: any = new Transform({
      transform (chunk, _encoding, callback) {
        if (reportEncoded === true) stream.receivedEncodedLength += chunk.length
        callback(null, Buffer.concat([chunk, chunk]))
      }
    })
    if (reportEncoded !== false) stream.receivedEncodedLength = reportEncoded === true ? 0 : reportEncoded
    payload.pipe(stream)
    return stream
  }
  const answer = async (factory: (options?: any) => any, bodyLimit: number, reportEncoded: boolean | number) => {
    const app = factory({ bodyLimit })
    app.addHook('preParsing', doubling(reportEncoded))
    app.post('/', async (request: any) => ({ body: request.body }))
    const response = await app.inject({ method: 'POST', url: '/', headers: { 'content-type': 'text/plain' }, payload: 'abcd' })
    await app.close()
    return `${response.statusCode} ${response.body}`
  }
  const cases: Array<[number, boolean | number]> = [[100, true], [100, false], [100, 999], [100, 50], [6, true], [8, true], [3, true]]
  t.equal(await answer(enclave, 100, true), '200 {"body":"abcdabcd"}', 'the decoded body is parsed; Content-Length matched the encoded bytes')
  for (const [bodyLimit, reportEncoded] of cases) {
    const expected = await answer((options) => Fastify(options), bodyLimit, reportEncoded)
    t.equal(await answer((options) => createServer(options, fastifyProfile), bodyLimit, reportEncoded), expected, `fastify face: bodyLimit ${bodyLimit}, receivedEncodedLength ${String(reportEncoded)}`)
    t.equal(await answer(enclave, bodyLimit, reportEncoded), expected, `enclave(): bodyLimit ${bodyLimit}, receivedEncodedLength ${String(reportEncoded)}`)
  }
})
