import t from 'tap'
import type { Test } from 'tap'
import net from 'node:net'
import { Writable } from 'node:stream'
import enclave from '@enclave/core'
import { faces, type Factory } from './fixtures/faces.js'

/** A pino destination keeping every line, with what varies from run to run masked. */
function capture () {
  const lines: Array<Record<string, any>> = []
  const stream = new Writable({
    write (chunk, _encoding, callback) {
      const { time: _time, pid: _pid, hostname: _hostname, ...line } = JSON.parse(String(chunk))
      if (typeof line.responseTime === 'number') line.responseTime = 'number'
      if (typeof line.req?.remotePort === 'number') line.req.remotePort = 'number'
      if (typeof line.req?.hostname === 'string') line.req.hostname = line.req.hostname.replace(/:\d+$/, ':PORT')
      if (typeof line.msg === 'string') line.msg = line.msg.replace(/:\d+$/, ':PORT')
      if (line.err !== undefined) line.err = { type: line.err.type, message: line.err.message }
      lines.push(line)
      callback()
    }
  })
  return { lines, stream }
}

/** Builds the same app on every face and returns the log lines each wrote. */
async function linesOf (build: (factory: Factory, stream: Writable) => Promise<void>) {
  const results: Array<Array<Record<string, any>>> = []
  for (const [, factory] of faces) {
    const { lines, stream } = capture()
    await build(factory, stream)
    await new Promise((resolve) => setTimeout(resolve, 20))
    results.push(lines)
  }
  return results
}

function assertAgree (t: Test, results: Array<Array<Record<string, any>>>): void {
  const [expected, ...others] = results
  t.ok(expected!.length > 0, 'fastify wrote log lines')
  for (const [index, lines] of others.entries()) t.same(lines, expected, faces[index + 1]![0])
}

t.test('incoming request, request completed, not found and server listening lines are Fastify\'s', async (t) => {
  const results = await linesOf(async (factory, stream) => {
    // The request-id header named on every entry (enclave() ignores it by default).
    const app = factory({ logger: { level: 'info', stream }, requestIdHeader: 'request-id' })
    app.get('/hello', async (request: any) => { request.log.info({ user: 'ann' }, 'in handler'); return { hello: 'world' } })
    app.post('/echo', async (request: any) => request.body)
    await app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = app.server.address() as net.AddressInfo
    await (await fetch(`http://127.0.0.1:${port}/hello?x=1`, { headers: { 'accept-version': '1.x' } })).text()
    await app.inject({ url: '/nope', headers: { 'request-id': 'given-id' } })
    await app.inject({ method: 'POST', url: '/echo', payload: { a: 1 } })
    await app.close()
  })
  assertAgree(t, results)
})

t.test('a failing onResponse hook logs "request errored" instead of "request completed", after the hooks', async (t) => {
  const results = await linesOf(async (factory, stream) => {
    const app = factory({ logger: { level: 'info', stream } })
    app.get('/a', { onResponse: async (request: any) => { request.log.info('in onResponse') } }, async () => 'a')
    app.get('/b', { onResponse: async () => { throw new Error('onResponse broke') } }, async () => 'b')
    await app.inject('/a')
    await app.inject('/b')
  })
  assertAgree(t, results)
})

t.test('logSerializers on a route and on register() apply to that route\'s and plugin\'s request logger', async (t) => {
  const results = await linesOf(async (factory, stream) => {
    const app = factory({ logger: { level: 'info', stream } })
    const user = { name: 'ann', password: 'secret' }
    app.get('/plain', async (request: any) => { request.log.info({ user }, 'plain'); return 'ok' })
    app.get('/route', { logSerializers: { user: (value: any) => ({ name: value.name }) } }, async (request: any) => {
      request.log.info({ user }, 'route')
      return 'ok'
    })
    app.register(async (plugin: any) => {
      plugin.get('/plugin', async (request: any) => { request.log.info({ user }, 'plugin'); return 'ok' })
      plugin.get('/both', { logSerializers: { user: (value: any) => ({ route: value.name }) } }, async (request: any) => {
        request.log.info({ user, other: 1 }, 'both')
        return 'ok'
      })
    }, { prefix: '/p', logSerializers: { user: (value: any) => ({ plugin: value.name }), other: () => 'masked' } })
    for (const url of ['/plain', '/route', '/p/plugin', '/p/both']) await app.inject(url)
  })
  assertAgree(t, results)
  const enclaveLines = results[1]!
  t.same(enclaveLines.find((line) => line.msg === 'route')!.user, { name: 'ann' })
  t.same(enclaveLines.find((line) => line.msg === 'plugin')!.user, { plugin: 'ann' })
  t.same(enclaveLines.find((line) => line.msg === 'both')!.user, { route: 'ann' })
  t.equal(enclaveLines.find((line) => line.msg === 'both')!.other, 'masked')
})

t.test('setGenReqId is encapsulated; the request-id header still wins; default ids count req-1, req-2 …', async (t) => {
  const results = await linesOf(async (factory, stream) => {
    const app = factory({ logger: { level: 'info', stream }, requestIdHeader: 'request-id' })
    app.get('/', async (request: any) => { request.log.info({ id: request.id }, 'root'); return request.id })
    app.register(async (plugin: any) => {
      plugin.setGenReqId((raw: any) => `hooks-${String(raw.url)}`)
      plugin.get('/', async (request: any) => { request.log.info({ id: request.id }, 'plugin'); return request.id })
      plugin.register(async (child: any) => {
        child.get('/child', async (request: any) => { request.log.info({ id: request.id }, 'child'); return request.id })
      })
    }, { prefix: '/hooks' })
    app.register(async (sibling: any) => {
      sibling.get('/sibling', async (request: any) => { request.log.info({ id: request.id }, 'sibling'); return request.id })
    })
    for (const [url, headers] of [['/', {}], ['/hooks/', {}], ['/hooks/child', {}], ['/sibling', {}], ['/hooks/', { 'request-id': 'from-header' }], ['/', { 'request-id': 'from-header' }], ['/', {}], ['/hooks/missing', {}]] as const) {
      await app.inject({ url, headers })
    }
  })
  assertAgree(t, results)
})

t.test('setGenReqId and setChildLoggerFactory after ready() throw FST_ERR_INSTANCE_ALREADY_LISTENING, as Fastify', async (t) => {
  for (const [face, factory] of faces) {
    const app = factory()
    await app.ready()
    t.throws(() => app.setGenReqId(() => 'x'), { code: 'FST_ERR_INSTANCE_ALREADY_LISTENING' }, face)
    t.throws(() => app.setChildLoggerFactory((logger: any, bindings: any, options: any) => logger.child(bindings, options)), { code: 'FST_ERR_INSTANCE_ALREADY_LISTENING' }, face)
    t.type(app.childLoggerFactory, 'function', face)
    t.type(app.genReqId, 'function', face)
    await app.close()
  }
})

t.test('setChildLoggerFactory makes each request logger of its context, with Fastify\'s arguments', async (t) => {
  const calls: Array<Record<string, unknown>> = []
  const results = await linesOf(async (factory, stream) => {
    const app = factory({ logger: { level: 'info', stream } })
    app.get('/', async (request: any) => { request.log.info('root'); return 'ok' })
    app.register(async (plugin: any) => {
      plugin.setChildLoggerFactory(function (this: any, logger: any, bindings: any, options: any, raw: any) {
        calls.push({ thisIsPlugin: this === plugin, bindings: { ...bindings }, level: options.level, hasSerializers: options.serializers !== undefined, url: raw.url })
        return logger.child({ ...bindings, trace: raw.headers['x-trace'] }, options)
      })
      plugin.get('/', { logLevel: 'warn', logSerializers: { a: (value: unknown) => value } }, async (request: any) => { request.log.warn('plugin'); return 'ok' })
    }, { prefix: '/p' })
    await app.inject({ url: '/', headers: { 'x-trace': 't0' } })
    await app.inject({ url: '/p/', headers: { 'x-trace': 't1' } })
  })
  assertAgree(t, results)
  t.same(calls.slice(0, 1), [{ thisIsPlugin: true, bindings: { reqId: 'req-2' }, level: 'warn', hasSerializers: true, url: '/p/' }], 'fastify')
  t.same(calls.slice(1), [calls[0], calls[0]], 'the same arguments on every face')
})

t.test('the childLoggerFactory option makes every request logger (Fastify\'s documented option)', async (t) => {
  const { lines, stream } = capture()
  const app = enclave({
    logger: { level: 'info', stream },
    childLoggerFactory (logger, bindings, options, raw) {
      return logger.child({ ...bindings, path: raw.url }, options)
    }
  })
  app.get('/traced', async (request) => { request.log.info('in handler'); return 'ok' })
  await app.inject('/traced')
  t.same(lines.map((line) => [line.msg, line.path, line.reqId]), [
    ['incoming request', '/traced', 'req-1'],
    ['in handler', '/traced', 'req-1'],
    ['request completed', '/traced', 'req-1']
  ])
  t.throws(() => enclave({ childLoggerFactory: 'nope' as any }), { code: 'FST_ERR_INIT_OPTS_INVALID' })
})

t.test('the 503 while closing logs Fastify\'s "request aborted" line', async (t) => {
  const results = await linesOf(async (factory, stream) => {
    const app = factory({ logger: { level: 'info', stream } })
    let finish: () => void = () => {}
    let started: () => void = () => {}
    const inPreClose = new Promise<void>((resolve) => { started = resolve })
    app.addHook('preClose', (done: () => void) => { finish = done; started() })
    app.get('/', async () => 'ok')
    await app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = app.server.address() as net.AddressInfo
    const closing = app.close()
    await inPreClose
    const response = await fetch(`http://127.0.0.1:${port}/`)
    t.equal(response.status, 503)
    await response.text()
    finish()
    await closing
  })
  assertAgree(t, results)
  t.ok(results[1]!.some((line) => line.msg === 'request aborted - refusing to accept new requests as server is closing' && line.res?.statusCode === 503))
})

t.test('a client that aborts its request: no "request completed" line, as Fastify', async (t) => {
  const results = await linesOf(async (factory, stream) => {
    const app = factory({ logger: { level: 'info', stream } })
    // the client leaves once the handler has started; the handler answers once the server saw it leave
    let started: () => void = () => {}
    const whenStarted = new Promise<void>((resolve) => { started = resolve })
    let finished: () => void = () => {}
    const whenFinished = new Promise<void>((resolve) => { finished = resolve })
    app.get('/slow', async (request: any) => {
      started()
      await new Promise<void>((resolve) => { request.raw.socket.once('close', () => resolve()) })
      setImmediate(finished)
      return 'late'
    })
    await app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = app.server.address() as net.AddressInfo
    const socket = net.connect(port, '127.0.0.1', () => socket.write('GET /slow HTTP/1.1\r\nHost: x\r\n\r\n'))
    socket.on('error', () => {})
    await whenStarted
    socket.destroy()
    await whenFinished
    await new Promise((resolve) => setTimeout(resolve, 20))
    await app.close()
  })
  assertAgree(t, results)
})

t.test('disableRequestLogging leaves out the request lines and the default error handler\'s lines, as Fastify', async (t) => {
  const results = await linesOf(async (factory, stream) => {
    const app = factory({ logger: { level: 'debug', stream }, disableRequestLogging: true })
    app.get('/ok', async (request: any) => { request.log.info('kept'); return 'ok' })
    app.get('/500', async () => { throw new Error('server broke') })
    app.get('/400', async () => { throw Object.assign(new Error('client broke'), { statusCode: 400 }) })
    for (const url of ['/ok', '/500', '/400', '/missing']) await app.inject(url)
  })
  assertAgree(t, results)
})

t.test('with requestIdHeader: false the generator is called on the route\'s instance, as Fastify', async (t) => {
  const observed: string[][] = []
  for (const [, factory] of faces) {
    const app = factory({ requestIdHeader: false, genReqId: function (this: any) { return `root this=${String(this?.prefix)}` } })
    app.get('/', async (request: any) => request.id)
    app.register(async (plugin: any) => { plugin.get('/', async (request: any) => request.id) }, { prefix: '/p' })
    app.register(async (plugin: any) => {
      plugin.setGenReqId(function (this: any) { return `own this=${String(this === plugin)}` })
      plugin.get('/', async (request: any) => request.id)
    }, { prefix: '/q' })
    const ids: string[] = []
    for (const url of ['/', '/p/', '/q/']) ids.push((await app.inject({ url, headers: { 'request-id': 'ignored' } })).body)
    observed.push(ids)
  }
  t.same(observed[0], ['root this=', 'root this=/p', 'own this=true'])
  t.same(observed[1], observed[0], 'enclave()')
  t.same(observed[2], observed[0], '@enclave/fastify4')
})

t.test('a client that aborts its upload: Fastify\'s "aborted" line (info, 400, ECONNRESET) and no "request completed"', async (t) => {
  const results = await linesOf(async (factory, stream) => {
    const app = factory({ logger: { level: 'info', stream } })
    app.post('/', async () => 'never')
    await app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = app.server.address() as net.AddressInfo
    await new Promise<void>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write('POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":')
      })
      socket.on('error', () => {})
      setTimeout(() => { socket.destroy(); setTimeout(resolve, 300) }, 100)
    })
    await app.close()
  })
  assertAgree(t, results)
  t.ok(results[1]!.some((line) => line.msg === 'aborted' && line.level === 30 && line.res?.statusCode === 400 && line.err?.message === 'aborted'))
})
