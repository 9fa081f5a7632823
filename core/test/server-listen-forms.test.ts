import t from 'tap'
import { Writable } from 'node:stream'
import { rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import enclave from '@enclave/core'
import { faces, type Factory } from './fixtures/faces.js'
import { until } from './fixtures/until.js'

/** A logger writing to an array, so the log lines can be compared. */
function capture () {
  const lines: Array<Record<string, any>> = []
  const stream = new Writable({
    write (chunk, _encoding, callback) {
      const { time: _time, pid: _pid, hostname: _hostname, ...line } = JSON.parse(String(chunk))
      lines.push(line)
      callback()
    }
  })
  return { lines, logger: { level: 'info', stream } }
}

/** Runs a listen() form on a fresh app and reports what a user observes, with the port masked. */
async function observe (factory: Factory, run: (app: any) => Promise<unknown>) {
  const { lines, logger } = capture()
  const app = factory({ logger })
  app.get('/', async () => 'hello')
  let outcome: unknown
  try {
    outcome = await run(app)
  } catch (error: any) {
    // Error class names are the catalogue's business (errors-*.test.ts); codes are compared here.
    outcome = String(error.code).startsWith('FST_') ? { error: error.code } : { error: error.code, name: error.name }
  }
  const port = app.server.address()?.port
  const logs = lines.slice()
  let answer: string | null = null
  if (typeof port === 'number') answer = await (await fetch(`http://127.0.0.1:${port}/`)).text()
  await app.close()
  const mask = (text: unknown) => typeof text === 'string' ? text.replace(/:\d{2,5}\b/g, ':PORT') : text
  return { outcome: JSON.parse(JSON.stringify(outcome, (_key, value) => mask(value))), logs: logs.map((line) => ({ ...line, msg: mask(line.msg) })), answer }
}

function withCallback (app: any, ...args: unknown[]): Promise<unknown> {
  return new Promise((resolve) => {
    const returned = app.listen(...args, (error: any, address: unknown) => {
      resolve({ error: error === null ? null : error?.code, address, returned: returned === undefined ? 'undefined' : typeof returned })
    })
  })
}

const forms: Array<[string, (app: any) => Promise<unknown>]> = [
  ['listen(options) resolves with the address', (app) => app.listen({ port: 0, host: '127.0.0.1' })],
  ['listen(options, cb) calls back (null, address) and returns undefined', (app) => withCallback(app, { port: 0, host: '127.0.0.1' })],
  ['listen({ port: "0" }) takes a string port', (app) => app.listen({ port: '0', host: '127.0.0.1' })],
  ['listen(port, host, backlog, cb), the deprecated positional form', (app) => withCallback(app, 0, '127.0.0.1', 511)],
  ['listen(port, host) returns a promise', (app) => app.listen(0, '127.0.0.1')],
  ['listen("0", host) reads a numeric string as a port', (app) => app.listen('0', '127.0.0.1')],
  ['listen(undefined, cb)', (app) => withCallback(app, undefined)],
  ['listen(null) listens on localhost', (app) => app.listen(null)],
  ['listen() listens on localhost', (app) => app.listen()],
  ['listen({ port: -1 }) rejects with Node\'s error', (app) => app.listen({ port: -1 })],
  ['listen({ port: 70000 }) rejects with Node\'s error', (app) => app.listen({ port: 70000 })],
  ['listen({ port: "abc" }) rejects with Node\'s error', (app) => app.listen({ port: 'abc' })],
  ['listenTextResolver sets the "listening" log line', (app) => app.listen({ port: 0, host: '127.0.0.1', listenTextResolver: (address: string) => `ready at ${address}` })],
  ['listening twice rejects with FST_ERR_REOPENED_SERVER', async (app) => { await app.listen({ port: 0, host: '127.0.0.1' }); return app.listen({ port: 0, host: '127.0.0.1' }) }],
  ['listening twice with a callback calls back (error, null)', async (app) => { await app.listen({ port: 0, host: '127.0.0.1' }); return withCallback(app, { port: 0, host: '127.0.0.1' }) }],
  ['listen after close rejects with FST_ERR_REOPENED_CLOSE_SERVER', async (app) => { await app.listen({ port: 0, host: '127.0.0.1' }); await app.close(); return app.listen({ port: 0, host: '127.0.0.1' }) }]
]

t.test('the deprecated positional forms warn FSTDEP011 once, as Fastify', async (t) => {
  const warnings: Array<{ name: string, code?: string, message: string }> = []
  const onWarning = (warning: any) => { warnings.push({ name: warning.name, code: warning.code, message: warning.message }) }
  process.on('warning', onWarning)
  t.teardown(() => { process.removeListener('warning', onWarning) })
  const app = enclave()
  t.teardown(() => app.close())
  await (app as any).listen(0, '127.0.0.1')
  const second = enclave()
  t.teardown(() => second.close())
  await (second as any).listen(0, '127.0.0.1')
  await new Promise((resolve) => setImmediate(resolve))
  // First in this file: the warning is emitted once a process (fastify4's has its own once-flag).
  t.same(warnings.filter((warning) => warning.code === 'FSTDEP011'), [{
    name: 'DeprecationWarning',
    code: 'FSTDEP011',
    message: 'Variadic listen method is deprecated. Please use ".listen(optionsObject)" instead. The variadic signature will be removed in `fastify@5`.'
  }])
})

for (const [name, run] of forms) {
  t.test(`${name}: as fastify@4.29.1`, async (t) => {
    const [expected, ...faced] = await Promise.all(faces.map(([, factory]) => observe(factory, run)))
    for (const [index, observed] of faced.entries()) t.same(observed, expected, faces[index + 1]![0])
  })
}

t.test('listen(cb) listens with the defaults and calls back with the address', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  const [error, address] = await new Promise<[unknown, unknown]>((resolve) => { (app as any).listen((e: unknown, a: unknown) => resolve([e, a])) })
  t.equal(error, null)
  t.match(address, /^http:\/\/127\.0\.0\.1:\d+$/)
})

t.test('listen({ path }) listens on a Unix socket: address and log line are the path, as Fastify', async (t) => {
  for (const [face, factory] of faces) {
    const path = join(tmpdir(), `enclave-listen-${process.pid}-${face.replace(/\W/g, '')}.sock`)
    rmSync(path, { force: true })
    const { lines, logger } = capture()
    const app = factory({ logger })
    app.get('/', async () => 'over the socket')
    const address = await app.listen({ path })
    t.equal(address, path, face)
    t.same(lines.map((line) => line.msg), [`Server listening at ${path}`], face)
    const body = await new Promise<string>((resolve, reject) => {
      import('node:http').then(({ get }) => {
        get({ socketPath: path, path: '/' }, (res) => {
          let text = ''
          res.on('data', (chunk) => { text += chunk })
          res.on('end', () => resolve(text))
        }).on('error', reject)
      }, reject)
    })
    t.equal(body, 'over the socket', face)
    await app.close()
  }
})

t.test('listen({ signal }) closes the server when the signal aborts', async (t) => {
  const app = enclave()
  let closed = false
  app.addHook('onClose', async () => { closed = true })
  const controller = new AbortController()
  await app.listen({ port: 0, host: '127.0.0.1', signal: controller.signal })
  controller.abort()
  await until(() => closed)
  t.equal(closed, true)
  t.equal(app.server.listening, false)
  // As in Fastify 4.29, an invalid signal throws from listen() itself, in both forms.
  t.throws(() => enclave().listen({ port: 0, signal: {} as any }), { code: 'FST_ERR_LISTEN_OPTIONS_INVALID', message: "Invalid listen options: 'Invalid options.signal'" })
  t.throws(() => { enclave().listen({ port: 0, signal: {} as any }, () => {}) }, { code: 'FST_ERR_LISTEN_OPTIONS_INVALID' })
})

t.test('listen() with a signal already aborted closes the instance and never settles, as in Fastify 4.29', async (t) => {
  for (const [name, factory] of faces) {
    const app = factory()
    let closed = false
    app.addHook('onClose', (_instance: unknown, done: () => void) => { closed = true; done() })
    const controller = new AbortController()
    controller.abort()
    let settled = false
    app.listen({ port: 0, host: '127.0.0.1', signal: controller.signal }).then(() => { settled = true }, () => { settled = true })
    let called = false
    factory().listen({ port: 0, host: '127.0.0.1', signal: controller.signal }, () => { called = true })
    await until(() => closed)
    await new Promise((resolve) => setTimeout(resolve, 50))
    t.equal(app.server.listening, false, name)
    t.equal(closed, true, name)
    t.equal(settled, false, `${name}: the promise stays pending`)
    t.equal(called, false, `${name}: the callback is not called`)
  }
})

t.test('onListen hooks start once listening, are not awaited by listen(), and a failing one is logged and the next runs, as Fastify', async (t) => {
  const observed: Array<{ seen: string[], logs: string[] }> = []
  for (const [, factory] of faces) {
    const { lines, logger } = capture()
    const seen: string[] = []
    const app = factory({ logger })
    app.addHook('onListen', async () => {
      seen.push('first hook starts')
      await new Promise((resolve) => setTimeout(resolve, 30))
      seen.push('first hook ends')
    })
    app.addHook('onListen', (done: (error?: Error) => void) => { seen.push('second hook fails'); done(new Error('listen hook broke')) })
    app.addHook('onListen', async () => { seen.push('third hook runs') })
    await app.listen({ port: 0, host: '127.0.0.1' })
    seen.push('listen() resolved')
    await new Promise((resolve) => setTimeout(resolve, 100))
    await app.close()
    observed.push({ seen, logs: lines.map((line) => `${String(line.level)} ${String(line.msg).replace(/:\d+$/, '')}${line.err === undefined ? '' : ` err=${String(line.err.message)}`}`) })
  }
  t.same(observed[0]!.seen, ['first hook starts', 'listen() resolved', 'first hook ends', 'second hook fails', 'third hook runs'])
  t.same(observed[1], observed[0], 'enclave()')
  t.same(observed[2], observed[0], '@enclave/fastify4')
})

t.test('listening on localhost also binds the other addresses localhost resolves to, as Fastify (::1 beside 127.0.0.1)', async (t) => {
  const dns = (await import('node:dns')).default
  const realLookup = dns.lookup
  // This machine resolves localhost to 127.0.0.1 only: make it answer both, as most do.
  ;(dns as any).lookup = function lookup (host: string, options: any, callback: any) {
    if (host === 'localhost' && options?.all === true) {
      process.nextTick(callback, null, [{ address: '127.0.0.1', family: 4 }, { address: '::1', family: 6 }])
      return
    }
    return (realLookup as any).apply(dns, arguments)
  }
  t.teardown(() => { (dns as any).lookup = realLookup })
  const observed: unknown[] = []
  for (const [face, factory] of faces) {
    const { lines, logger } = capture()
    const app = factory({ logger })
    app.get('/', async () => 'hello')
    const address = await app.listen({ port: 0 })
    const port = app.server.address().port
    const mask = (text: string) => text.split(String(port)).join('PORT')
    const reach = async (host: string) => {
      try {
        return await (await fetch(`http://${host}:${port}/`, { headers: { connection: 'close' } })).text()
      } catch (error: any) {
        return error.cause?.code ?? 'failed'
      }
    }
    const before = [await reach('127.0.0.1'), await reach('[::1]')]
    const addresses = mask(JSON.stringify(app.addresses()))
    await app.close()
    const after = [await reach('127.0.0.1'), await reach('[::1]')]
    observed.push({ address: mask(address), addresses, logs: lines.map((line) => mask(String(line.msg))), before, after, afterClose: app.addresses() })
    t.pass(face)
  }
  t.same((observed[0] as any).before, ['hello', 'hello'])
  t.same((observed[0] as any).after, ['ECONNREFUSED', 'ECONNREFUSED'])
  t.same(observed[1], observed[0], 'enclave()')
  t.same(observed[2], observed[0], '@enclave/fastify4')
})
