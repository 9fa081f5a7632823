// Handlers and hooks that misbehave: whatever they throw, the client gets one well-formed response
// on the wire, the failure is logged, and the server keeps serving.
import t from 'tap'
import type { Test } from 'tap'
import net from 'node:net'
import type { AddressInfo } from 'node:net'
import enclave from '@enclave/core'
import { captureLogs } from './fixtures/log-lines.js'
import { until } from './fixtures/until.js'

/** One request on a fresh connection; resolves with the raw bytes the server sent. */
function rawGet (port: number, path: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`))
    let text = ''
    socket.on('data', (chunk) => { text += chunk.toString('latin1') })
    socket.on('error', () => {})
    socket.on('close', () => resolve(text))
  })
}

interface Parsed { status: number, headers: Record<string, string>, body: string, trailing: string }

/** Parses exactly one response and fails the test if it is malformed or followed by anything. */
function parseOne (t: Test, text: string, label: string): Parsed {
  const head = text.indexOf('\r\n\r\n')
  const [statusLine, ...lines] = text.slice(0, Math.max(head, 0)).split('\r\n')
  t.match(statusLine, /^HTTP\/1\.1 \d{3} [A-Za-z' -]+$/, `${label}: well-formed status line`)
  const headers: Record<string, string> = {}
  for (const line of lines) {
    t.match(line, /^[!#$%&'*+.^_`|~0-9A-Za-z-]+: [^\r\n]*$/, `${label}: well-formed header line`)
    const colon = line.indexOf(':')
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 2)
  }
  const length = Number(headers['content-length'])
  t.ok(Number.isInteger(length), `${label}: has a Content-Length`)
  const body = text.slice(head + 4, head + 4 + length)
  t.equal(Buffer.byteLength(body, 'latin1'), length, `${label}: the whole body arrived`)
  const trailing = text.slice(head + 4 + length)
  t.equal(trailing, '', `${label}: nothing after the response`)
  return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(statusLine ?? '')?.[1]), headers, body, trailing }
}

const thrownValues: Array<[string, () => unknown]> = [
  ['an Error', () => new Error('boom')],
  ['a TypeError', () => new TypeError('bad type')],
  ['a string', () => 'just a string'],
  ['null', () => null],
  ['undefined', () => undefined],
  ['a number', () => 42],
  ['a plain object', () => ({ message: 'plain', statusCode: 418 })],
  ['an object with a bad statusCode', () => ({ statusCode: 'nope' })],
  ['an Error with statusCode 99', () => Object.assign(new Error('low'), { statusCode: 99 })],
  ['an Error with a CR/LF message', () => new Error('line1\r\nX-Injected: yes')],
  ['a symbol', () => Symbol('s')],
  ['an object whose getters throw', () => Object.defineProperty({}, 'message', { get () { throw new Error('getter') }, enumerable: true })],
  ['a circular object', () => { const o: any = { message: 'loop' }; o.self = o; return o }],
  ['an object without a prototype', () => Object.create(null)],
  ['an object whose toString throws', () => ({ toString () { throw new Error('toString') } })],
  ['a BigInt', () => 10n]
]

async function startApp (t: Test): Promise<{ port: number, lines: any[] }> {
  const { lines, stream } = captureLogs()
  const app = enclave({ logger: { stream, level: 'info' } })
  thrownValues.forEach(([, make], index) => {
    app.get(`/throw/${index}`, () => { throw make() })
    app.get(`/reject/${index}`, async () => { throw make() })
    app.get(`/hook/${index}`, { preHandler: async () => { throw make() } }, async () => ({ ok: true }))
    app.get(`/callback-hook/${index}`, { onRequest: (_request, _reply, done) => done(make() as Error) }, async () => ({ ok: true }))
  })
  app.get('/on-send-throws', { onSend: async () => { throw new Error('onSend failed') } }, async () => ({ ok: true }))
  app.get('/on-send-throws-string', { onSend: async () => { throw 'onSend string' } }, async () => ({ ok: true })) // eslint-disable-line no-throw-literal
  app.get('/on-response-throws', { onResponse: async () => { throw new Error('onResponse failed') } }, async () => ({ ok: true }))
  app.get('/send-twice', async (_request, reply) => {
    reply.send({ first: true })
    reply.send({ second: true })
    return reply
  })
  app.get('/return-and-send', async (_request, reply) => {
    setImmediate(() => { reply.send({ late: true }) })
    return { returned: true }
  })
  app.get('/crlf-value', async (_request, reply) => {
    reply.header('x-evil', 'a\r\nSet-Cookie: owned=1')
    return { ok: true }
  })
  app.get('/crlf-name', async (_request, reply) => {
    reply.header('x-evil\r\nx-other', 'a')
    return { ok: true }
  })
  app.get('/crlf-redirect', async (_request, reply) => reply.redirect('/next\r\nSet-Cookie: owned=1'))
  app.get('/bad-status', async (_request, reply) => {
    reply.code(99)
    return { ok: true }
  })
  app.get('/error-handler-throws', async () => { throw new Error('first') })
  app.get('/alive', async () => ({ alive: true }))
  app.register(async function brokenErrorHandler (child) {
    child.setErrorHandler(() => { throw new Error('the error handler failed') })
    child.get('/inner', async () => { throw new Error('first') })
  }, { prefix: '/broken' })
  t.teardown(() => app.close())
  await app.listen({ port: 0, host: '127.0.0.1' })
  return { port: (app.server.address() as AddressInfo).port, lines }
}

t.test('thrown and rejected non-Errors, from handlers and hooks, give a well-formed error response', async (t) => {
  const { port, lines } = await startApp(t)
  for (const [name, make] of thrownValues) {
    const index = thrownValues.findIndex(([other]) => other === name)
    // done(null) and done(undefined) from a callback hook mean "no error": not part of this loop.
    const kinds = name === 'null' || name === 'undefined' ? ['throw', 'reject', 'hook'] : ['throw', 'reject', 'hook', 'callback-hook']
    for (const kind of kinds) {
      const label = `${kind}: ${name}`
      const response = parseOne(t, await rawGet(port, `/${kind}/${index}`), label)
      t.ok(response.status >= 400 && response.status <= 599, `${label}: error status ${response.status}`)
      t.notMatch(response.headers, { 'x-injected': /./ }, `${label}: no injected header`)
      // Errors get the error envelope; any other thrown value is sent as the payload itself (Fastify 4).
      if (make() instanceof Error) t.equal(JSON.parse(response.body).statusCode, response.status, `${label}: statusCode in the body`)
      t.notMatch(response.body, /at .*\.js:\d+/, `${label}: no stack trace`)
    }
  }
  t.ok(lines.some((line) => line.level >= 50), 'the failures are logged as errors')
  t.equal((await fetch(`http://127.0.0.1:${port}/alive`)).status, 200)
})

t.test('an Error thrown by a handler is a 500 with its message, logged with the request id', async (t) => {
  const { port, lines } = await startApp(t)
  const response = parseOne(t, await rawGet(port, '/throw/0'), 'Error')
  t.equal(response.status, 500)
  t.strictSame(JSON.parse(response.body), { statusCode: 500, error: 'Internal Server Error', message: 'boom' })
  const logged = lines.find((line) => line.err?.message === 'boom')
  t.ok(logged, 'logged')
  t.equal(logged?.level, 50)
  t.type(logged?.reqId, 'string')
})

t.test('errors in onSend and onResponse', async (t) => {
  const { port, lines } = await startApp(t)
  for (const path of ['/on-send-throws', '/on-send-throws-string']) {
    const response = parseOne(t, await rawGet(port, path), path)
    t.equal(response.status, 500, `${path}: a failing onSend turns the reply into a 500`)
  }
  const afterResponse = parseOne(t, await rawGet(port, '/on-response-throws'), 'onResponse')
  t.equal(afterResponse.status, 200, 'onResponse runs after the response: it cannot change it')
  await until(() => lines.some((line) => line.err?.message === 'onResponse failed'))
  t.ok(lines.some((line) => line.err?.message === 'onResponse failed'), 'the onResponse failure is logged')
})

t.test('a reply sent twice: the first wins, the second is a logged warning', async (t) => {
  const { port, lines } = await startApp(t)
  for (const [path, expected] of [['/send-twice', { first: true }], ['/return-and-send', { returned: true }]] as const) {
    const response = parseOne(t, await rawGet(port, path), path)
    t.equal(response.status, 200)
    t.strictSame(JSON.parse(response.body), expected)
  }
  const warned = (): boolean => lines.some((line) => line.level === 40 && /already sent/i.test(line.msg ?? line.err?.message ?? ''))
  await until(warned)
  t.ok(warned(), 'a warning is logged')
})

t.test('CR/LF in a header name, value or redirect target is a 500, never a split response', async (t) => {
  const { port, lines } = await startApp(t)
  for (const path of ['/crlf-value', '/crlf-name', '/crlf-redirect']) {
    const text = await rawGet(port, path)
    const response = parseOne(t, text, path)
    t.equal(response.status, 500, path)
    t.notMatch(text, /set-cookie/i, `${path}: no injected header`)
    // Node's own error, as Fastify answers it: ERR_INVALID_CHAR for a value, ERR_INVALID_HTTP_TOKEN for a name.
    t.match(JSON.parse(response.body), { statusCode: 500, code: /^ERR_INVALID_(CHAR|HTTP_TOKEN)$/ }, path)
  }
  t.ok(lines.some((line) => /^ERR_INVALID_(CHAR|HTTP_TOKEN)$/.test(line.err?.code ?? '')), 'logged')
})

t.test('an invalid status code and a throwing error handler still give a complete response', async (t) => {
  const { port } = await startApp(t)
  const badStatus = parseOne(t, await rawGet(port, '/bad-status'), 'bad status')
  t.equal(badStatus.status, 500)
  const broken = parseOne(t, await rawGet(port, '/broken/inner'), 'throwing error handler')
  t.equal(broken.status, 500)
  t.notMatch(broken.body, /at .*\.js:\d+/)
})
