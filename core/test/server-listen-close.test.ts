import t from 'tap'
import http from 'node:http'
import net from 'node:net'
import enclave from '@enclave/core'

/** A raw keep-alive connection to send requests on by hand and read what comes back. */
function openConnection (port: number) {
  const socket = net.connect(port, '127.0.0.1')
  let received = ''
  let closed = false
  socket.on('data', (chunk) => { received += chunk.toString() })
  socket.on('close', () => { closed = true })
  socket.on('error', () => {})
  return {
    socket,
    send (path: string) { socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\n\r\n`) },
    get received () { return received },
    get closed () { return closed },
    waitFor (pattern: RegExp, ms = 2000): Promise<void> {
      return new Promise((resolve, reject) => {
        const started = Date.now()
        const check = (): void => {
          if (pattern.test(received)) resolve()
          else if (Date.now() - started > ms) reject(new Error(`timed out waiting for ${String(pattern)}; got ${received}`))
          else setTimeout(check, 5)
        }
        check()
      })
    },
    waitClosed (ms = 2000): Promise<void> {
      return new Promise((resolve, reject) => {
        if (closed) { resolve(); return }
        const timer = setTimeout(() => reject(new Error('connection still open')), ms)
        socket.once('close', () => { clearTimeout(timer); resolve() })
      })
    }
  }
}

function delay (ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

t.test('listen({ port, host }) resolves with the address; server and addresses() describe it', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.get('/', async () => ({ hello: 'world' }))
  const address = await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as net.AddressInfo
  t.equal(address, `http://127.0.0.1:${port}`)
  t.ok(app.server instanceof http.Server)
  t.equal(app.server.listening, true)
  t.same(app.addresses(), [{ address: '127.0.0.1', family: 'IPv4', port }])
  t.equal((app as any).listeningOrigin, address)
  const response = await fetch(address + '/')
  t.equal(response.status, 200)
  t.equal(response.headers.get('content-type'), 'application/json; charset=utf-8')
  t.same(await response.json(), { hello: 'world' })
})

t.test('listen(options, callback) calls back with the address', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.get('/', async () => 'cb')
  const address = await new Promise<string>((resolve, reject) => {
    const returned = app.listen({ port: 0, host: '127.0.0.1' }, (error, addr) => {
      if (error !== null) reject(error)
      else resolve(addr!)
    })
    t.equal(returned, undefined)
  })
  t.match(address, /^http:\/\/127\.0\.0\.1:\d+$/)
  t.equal(await (await fetch(address + '/')).text(), 'cb')
})

t.test('listen() defaults to localhost and a random port when given port 0', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  const address = await app.listen({ port: 0 })
  t.match(address, /^http:\/\/(127\.0\.0\.1|\[::1\]):\d+$/)
  t.ok(app.addresses().length >= 1)
})

t.test('listen() readies the instance (plugins, onReady, then onListen)', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  const seen: string[] = []
  app.register(async () => { seen.push('plugin') })
  app.addHook('onReady', async () => { seen.push('onReady') })
  app.addHook('onListen', async function (this: any) { seen.push(`onListen listening=${String(this.server.listening)}`) })
  await app.listen({ port: 0, host: '127.0.0.1' })
  t.same(seen, ['plugin', 'onReady', 'onListen listening=true'])
})

t.test('a failing onListen hook is logged and does not fail listen()', async (t) => {
  const lines: Array<Record<string, any>> = []
  const app = enclave({ logger: { level: 'error', stream: { write: (line: string) => { lines.push(JSON.parse(line)) } } } })
  t.teardown(() => app.close())
  app.addHook('onListen', async () => { throw new Error('listener broke') })
  await t.resolves(app.listen({ port: 0, host: '127.0.0.1' }))
  t.ok(lines.some((line) => line.err?.message === 'listener broke'))
})

t.test('listen() errors: twice, after close, bad port, port in use', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  await app.listen({ port: 0, host: '127.0.0.1' })
  await t.rejects(app.listen({ port: 0, host: '127.0.0.1' }), { code: 'FST_ERR_REOPENED_SERVER' })

  const bad = enclave()
  t.teardown(() => bad.close())
  // As Fastify: Node's own error for a port out of range.
  await t.rejects(bad.listen({ port: 70000 }), { code: 'ERR_SOCKET_BAD_PORT', name: 'RangeError' })
  await t.rejects(bad.listen({ port: -1 }), { code: 'ERR_SOCKET_BAD_PORT' })

  const { port } = app.server.address() as net.AddressInfo
  const clash = enclave()
  t.teardown(() => clash.close())
  await t.rejects(clash.listen({ port, host: '127.0.0.1' }), { code: 'EADDRINUSE' })

  const closed = enclave()
  await closed.listen({ port: 0, host: '127.0.0.1' })
  await closed.close()
  await t.rejects(closed.listen({ port: 0, host: '127.0.0.1' }), { code: 'FST_ERR_REOPENED_CLOSE_SERVER' })
})

t.test('ready(): promise of the instance, or a callback; runs once', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  let readyRuns = 0
  app.addHook('onReady', async () => { readyRuns++ })
  const instance = await app.ready()
  t.equal(instance, app)
  await new Promise<void>((resolve, reject) => {
    const returned = app.ready((error) => { if (error !== null) reject(error); else resolve() })
    t.equal(returned, undefined)
  })
  await app.ready()
  t.equal(readyRuns, 1)
})

t.test('ready() rejects with the plugin error; an onReady hook error too', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.register(async () => { throw new Error('plugin broke') })
  await t.rejects(app.ready(), { message: 'plugin broke' })

  const hooked = enclave()
  t.teardown(() => hooked.close())
  hooked.addHook('onReady', async () => { throw new Error('onReady broke') })
  await t.rejects(hooked.ready(), { message: 'onReady broke' })
})

t.test('close(): promise or callback; preClose then onClose; idempotent', async (t) => {
  const seen: string[] = []
  const app = enclave()
  app.addHook('preClose', async function (this: any) { seen.push(`preClose listening=${String(this.server.listening)}`) })
  app.addHook('onClose', async () => { seen.push('onClose') })
  await app.listen({ port: 0, host: '127.0.0.1' })
  await app.close()
  t.same(seen, ['preClose listening=true', 'onClose'], 'preClose runs while the server still listens')
  t.equal(app.server.listening, false)
  await app.close()
  t.same(seen, ['preClose listening=true', 'onClose'], 'a second close() does not run the hooks again')

  const withCallback = enclave()
  await withCallback.ready()
  await new Promise<void>((resolve, reject) => {
    withCallback.close((error?: Error) => { if (error !== undefined && error !== null) reject(error); else resolve() })
  })
  t.pass('the callback form completes')

  const neverStarted = enclave()
  await t.resolves(neverStarted.close(), 'closing an instance that never started')
})

/** Resolves on the next request Node's server takes in (pipelined ones included), before any answer. */
function nextRequest (server: net.Server): Promise<void> {
  return new Promise((resolve) => { server.once('request', () => resolve()) })
}

/** A preClose hook that signals once close() has begun: the server is closing from then on. */
function closingSignal (app: any): Promise<void> {
  return new Promise((resolve) => {
    app.addHook('preClose', (done: () => void) => { resolve(); done() })
  })
}

/** A handler that signals when it starts and finishes when released. */
function gate () {
  let started: () => void = () => {}
  let release: () => void = () => {}
  const whenStarted = new Promise<void>((resolve) => { started = resolve })
  const released = new Promise<void>((resolve) => { release = resolve })
  return {
    whenStarted,
    release,
    async handler (): Promise<void> {
      started()
      await released
    }
  }
}

t.test('close() waits for a request in flight, then closes its keep-alive connection', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  const seen: string[] = []
  const slow = gate()
  app.addHook('onClose', async () => { seen.push('onClose') })
  app.get('/slow', async () => {
    await slow.handler()
    seen.push('handler done')
    return 'slow answer'
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as net.AddressInfo
  const connection = openConnection(port)
  connection.send('/slow')
  await slow.whenStarted
  const closing = app.close().then(() => { seen.push('close resolved') })
  await delay(50)
  t.same(seen, [], 'close() is waiting')
  slow.release()
  await connection.waitFor(/slow answer$/)
  t.match(connection.received, /^HTTP\/1\.1 200 OK\r\n/)
  await closing
  await connection.waitClosed()
  t.same(seen, ['handler done', 'onClose', 'close resolved'])
})

t.test('while closing, a request arriving on an open connection gets a 503 (return503OnClosing)', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  const handled: string[] = []
  const slow = gate()
  const whenClosing = closingSignal(app)
  app.addHook('onRequest', async (request) => { handled.push(`onRequest ${request.url}`) })
  app.get('/slow', async () => { await slow.handler(); return 'slow' })
  app.get('/fast', async () => { handled.push('fast handler'); return 'fast' })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as net.AddressInfo
  const connection = openConnection(port)
  connection.send('/slow')
  await slow.whenStarted
  const closing = app.close()
  await whenClosing
  const fastArrived = nextRequest(app.server)
  connection.send('/fast')
  await fastArrived
  slow.release()
  await connection.waitFor(/"statusCode":503\}$/)
  await closing
  const responses = connection.received.split(/(?=HTTP\/1\.1 )/)
  t.equal(responses.length, 2)
  t.match(responses[0], /^HTTP\/1\.1 200 OK\r\n[\s\S]*\r\n\r\nslow$/)
  t.match(responses[1], /^HTTP\/1\.1 503 Service Unavailable\r\n/)
  t.match(responses[1], /connection: close/i)
  t.match(responses[1], /content-type: application\/json\r\n/i)
  t.equal(responses[1]!.split('\r\n\r\n')[1], '{"error":"Service Unavailable","message":"Service Unavailable","statusCode":503}', "Fastify's body, byte for byte")
  t.same(handled, ['onRequest /slow'], 'the refused request runs no hook and no handler')
  await connection.waitClosed()
})

t.test('while preClose hooks run, requests on idle keep-alive connections and new ones get a 503', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  let finishPreClose: () => void = () => {}
  let preCloseStarted: () => void = () => {}
  const inPreClose = new Promise<void>((resolve) => { preCloseStarted = resolve })
  app.addHook('preClose', (done: () => void) => {
    finishPreClose = done
    preCloseStarted()
  })
  app.get('/', async () => 'ok')
  await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as net.AddressInfo
  const connection = openConnection(port)
  connection.send('/')
  await connection.waitFor(/\r\n\r\nok$/)
  let closed = false
  const closing = app.close().then(() => { closed = true })
  await inPreClose
  connection.send('/')
  await connection.waitFor(/"statusCode":503\}/)
  t.match(connection.received, /HTTP\/1\.1 503 Service Unavailable\r\nconnection: close/i)
  await connection.waitClosed()
  const fresh = await fetch(`http://127.0.0.1:${port}/`)
  t.equal(fresh.status, 503, 'a new connection during preClose is refused the same way')
  t.same(await fresh.json(), { error: 'Service Unavailable', message: 'Service Unavailable', statusCode: 503 })
  t.equal(closed, false)
  finishPreClose()
  await closing
  t.equal(app.server.listening, false)
})

t.test('with return503OnClosing: false the late request is served, with Connection: close', async (t) => {
  const app = enclave({ return503OnClosing: false })
  t.teardown(() => app.close())
  const slow = gate()
  const whenClosing = closingSignal(app)
  app.get('/slow', async () => { await slow.handler(); return 'slow' })
  app.get('/fast', async () => 'fast')
  await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as net.AddressInfo
  const connection = openConnection(port)
  connection.send('/slow')
  await slow.whenStarted
  const closing = app.close()
  await whenClosing
  const fastArrived = nextRequest(app.server)
  connection.send('/fast')
  await fastArrived
  slow.release()
  await connection.waitFor(/\r\n\r\nfast$/)
  await closing
  const responses = connection.received.split(/(?=HTTP\/1\.1 )/)
  t.equal(responses.length, 2)
  t.match(responses[1], /^HTTP\/1\.1 200 OK\r\n/)
  t.match(responses[1], /connection: close/i)
})

t.test('idle keep-alive connections do not hold close() up (forceCloseConnections: idle)', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.get('/', async () => 'ok')
  await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as net.AddressInfo
  const connection = openConnection(port)
  connection.send('/')
  await connection.waitFor(/\r\n\r\nok$/)
  t.match(connection.received, /connection: keep-alive/i)
  const started = Date.now()
  await app.close()
  await connection.waitClosed()
  // the keep-alive timeout is 72 s: waiting for it would take far longer than this bound
  t.ok(Date.now() - started < 30_000, 'close() did not wait for the keep-alive timeout')
})

t.test('forceCloseConnections: true cuts connections with requests in flight', async (t) => {
  const app = enclave({ forceCloseConnections: true })
  t.teardown(() => app.close())
  // the handler finishes only after close() has resolved: close() must not wait for it
  const hang = gate()
  t.teardown(() => hang.release())
  app.get('/hang', async () => { await hang.handler(); return 'never' })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as net.AddressInfo
  const connection = openConnection(port)
  connection.send('/hang')
  await hang.whenStarted
  await app.close()
  await connection.waitClosed()
  hang.release()
  t.equal(connection.received, '', 'the client got no response')
})

t.test('onClose receives the instance; a failing preClose rejects close() after the server closed and onClose ran, as Fastify', async (t) => {
  let closedWith: unknown
  const app = enclave()
  app.addHook('preClose', async () => { throw new Error('preClose broke') })
  app.addHook('onClose', async (instance) => { closedWith = instance })
  await app.listen({ port: 0, host: '127.0.0.1' })
  await t.rejects(app.close(), { message: 'preClose broke' })
  t.equal(closedWith, app)
  t.equal(app.server.listening, false)
})
