import t from 'tap'
import { existsSync, readFileSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { pino } from 'pino'
import enclave from '@enclave/core'
import { faces } from './fixtures/faces.js'
import { until } from './fixtures/until.js'

/** A pino destination that keeps every line, parsed. */
function captureLines () {
  const lines: Array<Record<string, any>> = []
  const stream = new Writable({
    write (chunk, _encoding, callback) {
      for (const text of chunk.toString().split('\n')) if (text.length > 0) lines.push(JSON.parse(text))
      callback()
    }
  })
  return { lines, stream }
}

t.test('every request logs "incoming request" and "request completed" at info', async (t) => {
  const { lines, stream } = captureLines()
  const app = enclave({ logger: { stream }, requestIdHeader: 'request-id' })
  t.teardown(() => app.close())
  app.get('/hello', async () => ({ hello: 'world' }))
  const response = await app.inject({ url: '/hello?x=1', headers: { 'request-id': 'id-1', host: 'example.org' } })
  t.equal(response.statusCode, 200)
  const incoming = lines.find((line) => line.msg === 'incoming request')
  const completed = lines.find((line) => line.msg === 'request completed')
  t.ok(incoming, 'incoming request logged')
  t.ok(completed, 'request completed logged')
  t.equal(incoming!.level, 30)
  t.equal(incoming!.reqId, 'id-1')
  t.same(incoming!.req, { method: 'GET', url: '/hello?x=1', hostname: 'example.org', remoteAddress: '127.0.0.1' })
  t.equal(completed!.level, 30)
  t.equal(completed!.reqId, 'id-1')
  t.same(completed!.res, { statusCode: 200 })
  t.type(completed!.responseTime, 'number')
  t.ok(completed!.responseTime >= 0)
  t.ok(lines.indexOf(incoming!) < lines.indexOf(completed!))
})

t.test('the logged request has the remote port over a real socket, and the Accept-Version', async (t) => {
  const { lines, stream } = captureLines()
  const app = enclave({ logger: { stream } })
  t.teardown(() => app.close())
  app.get('/', async () => 'ok')
  const address = await app.listen({ port: 0, host: '127.0.0.1' })
  await fetch(address + '/', { headers: { 'accept-version': '1.x' } })
  const incoming = lines.find((line) => line.msg === 'incoming request')!
  t.type(incoming.req.remotePort, 'number')
  t.equal(incoming.req.version, '1.x')
  t.ok(lines.some((line) => line.msg === `Server listening at ${address}`), 'listen() logs the address')
})

t.test('disableRequestLogging turns off the request lines and the default error handler\'s lines, as Fastify', async (t) => {
  const { lines, stream } = captureLines()
  const app = enclave({ logger: { stream }, disableRequestLogging: true })
  t.teardown(() => app.close())
  app.get('/', async (request) => { request.log.info('still logged'); return 'ok' })
  app.get('/fail', async () => { throw new Error('boom') })
  await app.inject('/')
  await app.inject('/fail')
  t.notOk(lines.some((line) => line.msg === 'incoming request' || line.msg === 'request completed'))
  t.ok(lines.some((line) => line.msg === 'still logged'))
  t.notOk(lines.some((line) => line.msg === 'boom'), 'the default error handler logs nothing either (Fastify 4.29)')
})

t.test('a 500 is logged at error with the error and its stack, never sent to the client', async (t) => {
  const { lines, stream } = captureLines()
  const app = enclave({ logger: { stream }, requestIdHeader: 'request-id' })
  t.teardown(() => app.close())
  app.get('/fail', async () => { throw new Error('database exploded') })
  const response = await app.inject({ url: '/fail', headers: { 'request-id': 'e-1' } })
  t.equal(response.statusCode, 500)
  t.same(response.json(), { statusCode: 500, error: 'Internal Server Error', message: 'database exploded' })
  t.notMatch(response.body, /at .*\.ts|stack/)
  const line = lines.find((entry) => entry.level === 50)!
  t.ok(line)
  t.equal(line.msg, 'database exploded')
  t.equal(line.reqId, 'e-1')
  t.equal(line.err.message, 'database exploded')
  t.match(line.err.stack, /Error: database exploded/)
  t.same(line.res, { statusCode: 500 })
  t.equal(line.req.url, '/fail')
})

t.test('a 4xx is logged at info', async (t) => {
  const { lines, stream } = captureLines()
  const app = enclave({ logger: { stream } })
  t.teardown(() => app.close())
  app.get('/bad', async () => { throw Object.assign(new Error('wrong input'), { statusCode: 422 }) })
  const response = await app.inject('/bad')
  t.equal(response.statusCode, 422)
  const line = lines.find((entry) => entry.msg === 'wrong input')!
  t.equal(line.level, 30)
  t.same(line.res, { statusCode: 422 })
})

t.test('not-found requests are logged at info with the route they asked for', async (t) => {
  const { lines, stream } = captureLines()
  const app = enclave({ logger: { stream } })
  t.teardown(() => app.close())
  await app.inject('/missing?q=1')
  const line = lines.find((entry) => entry.msg === 'Route GET:/missing?q=1 not found')
  t.ok(line)
  t.equal(line!.level, 30)
})

t.test('a second send logs a warning naming the route and does not crash', async (t) => {
  const { lines, stream } = captureLines()
  const app = enclave({ logger: { stream } })
  t.teardown(() => app.close())
  app.get('/twice', (_request, reply) => {
    reply.send('first')
    reply.send('second')
  })
  const response = await app.inject('/twice')
  t.equal(response.statusCode, 200)
  t.equal(response.body, 'first')
  const warning = lines.find((line) => line.level === 40)!
  t.ok(warning)
  t.equal(warning.err.code, 'FST_ERR_REP_ALREADY_SENT')
  t.equal(warning.msg, 'Reply was already sent, did you forget to "return reply" in "/twice" (GET)?')
})

t.test('logger: false (the default) logs nothing and app.log is a no-op logger with no level, as in Fastify', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  t.equal(app.log.level, undefined)
  t.doesNotThrow(() => { app.log.info('nothing'); app.log.child({}).error('nothing') })
})

t.test('logger options: level applies; app.log and request.log are pino loggers', async (t) => {
  const { lines, stream } = captureLines()
  const app = enclave({ logger: { stream, level: 'warn' } })
  t.teardown(() => app.close())
  t.equal(app.log.level, 'warn')
  app.log.info('hidden')
  app.log.warn('shown')
  app.get('/', async () => 'ok')
  await app.inject('/')
  t.same(lines.map((line) => line.msg), ['shown'])
})

t.test('logger options: custom serializers are merged with the request ones', async (t) => {
  const { lines, stream } = captureLines()
  const app = enclave({ logger: { stream, serializers: { res: (reply: any) => ({ code: reply.statusCode }) } } })
  t.teardown(() => app.close())
  app.get('/', async () => 'ok')
  await app.inject('/')
  const completed = lines.find((line) => line.msg === 'request completed')!
  t.same(completed.res, { code: 200 })
  const incoming = lines.find((line) => line.msg === 'incoming request')!
  t.equal(incoming.req.method, 'GET')
})

t.test('logger: { file } writes to that file', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'enclave-log-'))
  // pino's file destination may still be working on the file after the test ends
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }))
  const file = join(dir, 'app.log')
  const app = enclave({ logger: { file } })
  app.get('/', async () => 'ok')
  await app.inject('/')
  await app.close()
  // the destination opens the file asynchronously: it may not exist yet when the app has closed
  await until(() => existsSync(file) && readFileSync(file, 'utf8').includes('incoming request'))
  const written = readFileSync(file, 'utf8').trim().split('\n').map((line) => JSON.parse(line))
  t.ok(written.some((line) => line.msg === 'incoming request'))
})

t.test('logger: a pino instance is used, with request serializers added', async (t) => {
  const { lines, stream } = captureLines()
  const instance = pino({ level: 'info' }, stream)
  const app = enclave({ logger: instance, requestIdHeader: 'request-id' })
  t.teardown(() => app.close())
  app.get('/', async () => 'ok')
  await app.inject({ url: '/', headers: { 'request-id': 'p-1' } })
  const incoming = lines.find((line) => line.msg === 'incoming request')!
  t.same(incoming.req, { method: 'GET', url: '/', hostname: 'localhost:80', remoteAddress: '127.0.0.1' })
  t.equal(incoming.reqId, 'p-1')
})

t.test('logger: true logs at info', async (t) => {
  const app = enclave({ logger: true })
  t.teardown(() => app.close())
  t.equal(app.log.level, 'info')
})

t.test('a childLoggerFactory that returns no logger fails the request: inject() throws FST_ERR_LOG_INVALID_LOGGER, as fastify@4.29.1', async (t) => {
  for (const [name, make] of faces) {
    const app = make()
    app.setChildLoggerFactory(function noLogger () { return undefined })
    app.get('/', async () => 'ok')
    await app.ready()
    t.throws(() => app.inject('/', () => {}), { code: 'FST_ERR_LOG_INVALID_LOGGER', message: "Invalid logger object provided. The logger instance should have these functions(s): 'info,error,debug,fatal,warn,trace,child'." }, `${name}: callback form, thrown at once`)
    await t.rejects(app.inject('/'), { code: 'FST_ERR_LOG_INVALID_LOGGER' }, `${name}: promise form`)
    await app.close()
  }
})

t.test('a pino logger instance keeps the serializers it was built with (its own `req`), as fastify@4.29.1', async (t) => {
  for (const [name, make] of faces) {
    const lines: any[] = []
    const stream = new Writable({ write (chunk, _encoding, callback) { lines.push(JSON.parse(String(chunk))); callback() } })
    const logger = pino({ level: 'info', serializers: { req: (request: any) => ({ url: request.url }) } }, stream)
    const app = make({ logger })
    app.get('/foo', async () => ({ a: 1 }))
    await app.inject('/foo')
    await app.close()
    t.same(lines.filter((line) => line.req !== undefined || line.res !== undefined).map((line) => line.req ?? line.res), [{ url: '/foo' }, { statusCode: 200 }], name)
  }
})
