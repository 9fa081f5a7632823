import t from 'tap'
import https from 'node:https'
import http2 from 'node:http2'
import http from 'node:http'
import net from 'node:net'
import { Readable } from 'node:stream'
import Fastify from 'fastify4'
import Fastify5 from 'fastify5'
import enclave from '@enclave/core'
import { createServer, fastifyProfile, fastify5Profile, differingOptions } from '@enclave/core/internal'
import { connect, send, h2request, localhostCertificate, type H2RequestOptions } from './fixtures/http2-client.js'

function delay (ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

/** The same routes on a Fastify 4 app or an Enclave one: what each route sees comes back as JSON. */
function addRoutes (app: any): void {
  app.addHook('onRequest', async (request: any) => { request.seen = ['onRequest'] })
  app.addHook('preHandler', async (request: any) => { request.seen.push('preHandler') })
  app.addHook('onSend', async (request: any, reply: any, payload: unknown) => {
    reply.header('x-hooks', [...request.seen, 'onSend'].join(','))
    return payload
  })
  app.get('/users/:id', async (request: any) => ({
    id: request.params.id,
    query: request.query,
    protocol: request.protocol,
    hostname: request.hostname,
    ip: request.ip
  }))
  app.get('/raw-request', async (request: any) => ({ httpVersion: request.raw.httpVersion, raw: request.raw.constructor.name }))
  app.post('/echo', {
    schema: {
      body: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, age: { type: 'integer' } } },
      response: { 200: { type: 'object', properties: { name: { type: 'string' }, age: { type: 'integer' } } } }
    }
  }, async (request: any) => ({ ...request.body, secret: 'not serialized' }))
  app.post('/small', { bodyLimit: 10 }, async (request: any) => request.body)
  app.get('/boom', async () => { throw new Error('boom') })
  app.get('/teapot', async (_request: any, reply: any) => { reply.code(418).header('x-custom', 'yes'); return 'short and stout' })
  app.get('/stream', async (_request: any, reply: any) => {
    reply.type('text/plain')
    return Readable.from(['chunk one, ', 'chunk two'])
  })
  app.get('/site', { constraints: { host: 'example.com' } }, async () => 'example.com only')
  app.get('/raw', (_request: any, reply: any) => {
    reply.raw.writeHead(200, { 'content-type': 'text/plain' })
    reply.raw.end('written on ' + reply.raw.constructor.name)
    reply.hijack()
  })
}

const cases: Array<[string, H2RequestOptions]> = [
  ['params, querystring, protocol and hostname from :authority', { path: '/users/42?tag=a&tag=b&q=x' }],
  ['a valid body is parsed, validated and serialized by the response schema', { method: 'POST', path: '/echo', headers: { 'content-type': 'application/json' }, body: '{"name":"Ada","age":36}' }],
  ['an invalid body answers 400', { method: 'POST', path: '/echo', headers: { 'content-type': 'application/json' }, body: '{"age":"old"}' }],
  ['malformed JSON answers 400', { method: 'POST', path: '/echo', headers: { 'content-type': 'application/json' }, body: '{"name":' }],
  ['a body over the route limit answers 413', { method: 'POST', path: '/small', headers: { 'content-type': 'application/json' }, body: '{"name":"far too long"}' }],
  ['a declared length over the limit answers 413', { method: 'POST', path: '/small', headers: { 'content-type': 'application/json', 'content-length': '200' }, body: '{"name":"far too long"}'.padEnd(200) }],
  ['an unsupported media type answers 415', { method: 'POST', path: '/echo', headers: { 'content-type': 'application/x-nope' }, body: 'x' }],
  ['a thrown error answers 500', { path: '/boom' }],
  ['status and headers set by the handler', { path: '/teapot' }],
  ['a stream payload', { path: '/stream' }],
  ['a HEAD route answers with the GET headers and no body', { method: 'HEAD', path: '/users/7' }],
  ['a host constraint matches :authority', { path: '/site', headers: { ':authority': 'example.com' } }],
  ['a host constraint that does not match is a 404', { path: '/site' }],
  ['an unknown path is a 404', { path: '/nowhere' }],
  ['a method without a route is a 404', { method: 'PROPFIND', path: '/users/1' }],
  ['reply.raw is the HTTP/2 compatibility response', { path: '/raw' }]
]

/** What to compare: the date changes between two answers, and HTTP/1.1's connection headers have no HTTP/2 form. */
function comparable (response: { status: number, headers: Record<string, unknown>, text: string }) {
  const headers: Record<string, unknown> = {}
  for (const name of Object.keys(response.headers).sort()) {
    if (!name.startsWith(':') && name !== 'date' && name !== 'connection' && name !== 'keep-alive' && name !== 'transfer-encoding') headers[name] = response.headers[name]
  }
  return { status: response.status, headers, body: response.text }
}

/** The same case over HTTP/1.1 through inject(), with the :authority as Host. */
async function overHttp1 (app: any, options: H2RequestOptions, authority: string) {
  const headers: Record<string, string> = { host: authority }
  for (const [name, value] of Object.entries(options.headers ?? {})) headers[name === ':authority' ? 'host' : name] = value
  const response = await app.inject({ method: options.method ?? 'GET', url: options.path ?? '/', headers, payload: options.body })
  return { status: response.statusCode, headers: response.headers, text: response.payload }
}

// First in the file: Node warns once per process, so a warning from Fastify's server in a later test
// would hide one of ours.
t.test('connection-level headers are never sent over HTTP/2, and no warning is raised', async (t) => {
  const warnings: string[] = []
  const onWarning = (warning: Error): void => { warnings.push(warning.message) }
  process.on('warning', onWarning)
  t.teardown(() => { process.removeListener('warning', onWarning) })
  for (const app of [enclave({ http2: true }), createServer({ http2: true }, fastifyProfile) as any]) {
    app.get('/headers', async (_request: any, reply: any) => {
      reply.header('connection', 'close').header('keep-alive', 'timeout=5').header('transfer-encoding', 'chunked')
      reply.header('upgrade', 'websocket').header('proxy-connection', 'keep-alive').header('x-kept', 'yes')
      return { ok: true }
    })
    app.get('/stream', async (_request: any, reply: any) => {
      reply.header('connection', 'keep-alive').header('transfer-encoding', 'chunked')
      return Readable.from(['a', 'b'])
    })
    app.post('/tiny', { bodyLimit: 2 }, async () => 'never')
    t.teardown(() => app.close())
    const url = await app.listen({ port: 0, host: '127.0.0.1' })
    const session = await connect(url)
    t.teardown(() => { session.close() })
    const forbidden = ['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection']
    const plain = await send(session, { path: '/headers' })
    t.equal(plain.status, 200)
    t.same(plain.json, { ok: true })
    t.equal(plain.headers['x-kept'], 'yes')
    const streamed = await send(session, { path: '/stream' })
    t.equal(streamed.status, 200)
    t.equal(streamed.text, 'ab')
    // A body refused for its size is answered with `connection: close` over HTTP/1.1 only.
    const tooLarge = await send(session, { method: 'POST', path: '/tiny', headers: { 'content-type': 'application/json', 'content-length': '20' }, body: '{"a":"xxxxxxxxxxxx"}' })
    t.equal(tooLarge.status, 413)
    for (const response of [plain, streamed, tooLarge]) {
      for (const name of forbidden) t.equal(response.headers[name], undefined, `${name} is not sent`)
    }
  }
  await delay(20)
  t.same(warnings, [])
})

t.test('over h2c, every kind of request is answered as Fastify 4 answers it, and as over HTTP/1.1', async (t) => {
  const fastify = Fastify({ http2: true })
  const app = createServer({ http2: true }, fastifyProfile) as any
  addRoutes(fastify)
  addRoutes(app)
  t.teardown(async () => { await fastify.close(); await app.close() })
  const fastifyUrl = await fastify.listen({ port: 0, host: '127.0.0.1' })
  const appUrl = await app.listen({ port: 0, host: '127.0.0.1' })
  // The same routes without http2, to compare with what HTTP/1.1 gets.
  const fastifyHttp1App = Fastify()
  const appHttp1App = createServer({}, fastifyProfile) as any
  addRoutes(fastifyHttp1App)
  addRoutes(appHttp1App)
  const fastifySession = await connect(fastifyUrl)
  const appSession = await connect(appUrl)
  t.teardown(() => { fastifySession.close(); appSession.close() })
  // Both servers see the same :authority, so hostname-dependent answers compare.
  const authority = 'app.test:8443'
  for (const [name, options] of cases) {
    const withAuthority = { ...options, headers: { ':authority': authority, ...options.headers } }
    const expected = comparable(await send(fastifySession, withAuthority))
    const actual = comparable(await send(appSession, withAuthority))
    const appHttp1 = comparable(await overHttp1(appHttp1App, withAuthority, authority))
    if (options.path !== '/raw') t.same(actual, appHttp1, `${name}: the same answer as over HTTP/1.1`)
    if (options.method === 'HEAD') t.equal(actual.body, '', `${name}: no body`)
    // Where the Fastify face already answers as Fastify 4 over HTTP/1.1, HTTP/2 must not add a difference.
    const fastifyHttp1 = comparable(await overHttp1(fastifyHttp1App, withAuthority, authority))
    if (JSON.stringify(appHttp1) === JSON.stringify(fastifyHttp1)) t.same(actual, expected, `${name}: as Fastify 4 over HTTP/2`)
    else t.equal(actual.status, expected.status, `${name}: the status Fastify 4 answers over HTTP/2`)
  }
  const seen = await send(appSession, { path: '/users/42?tag=a' })
  t.same(seen.json, { id: '42', query: { tag: 'a' }, protocol: 'http', hostname: `127.0.0.1:${appSession.socket.remotePort!}`, ip: '127.0.0.1' })
  t.equal(seen.headers['x-hooks'], 'onRequest,preHandler,onSend')
  t.same((await send(appSession, { path: '/raw-request' })).json, { httpVersion: '2.0', raw: 'Http2ServerRequest' })
  t.same((await send(appSession, { path: '/raw-request' })).json, (await send(fastifySession, { path: '/raw-request' })).json)
})

t.test('a method Node does not know gets Fastify 4\'s bare 404, before any hook or not-found handler', async (t) => {
  const answers: any[] = []
  for (const app of [Fastify({ http2: true }), enclave({ http2: true }), createServer({ http2: true }, fastifyProfile) as any]) {
    let hooked = false
    app.addHook('onRequest', async () => { hooked = true })
    app.setNotFoundHandler((_request: any, reply: any) => { reply.code(404).send('custom not found') })
    app.get('/x', async () => 'x')
    t.teardown(() => app.close())
    const url = await app.listen({ port: 0, host: '127.0.0.1' })
    const session = await connect(url)
    t.teardown(() => { session.close() })
    const response = await send(session, { method: 'FOO', path: '/x' })
    answers.push({ status: response.status, type: response.headers['content-type'], body: response.text })
    t.notOk(hooked, 'no hook ran')
    // A method Node knows but no route serves still goes to the not-found handler.
    t.equal((await send(session, { method: 'PURGE', path: '/x' })).text, 'custom not found')
  }
  t.same(answers[0], { status: 404, type: 'application/json; charset=utf-8', body: '{"statusCode":404,"code":"FST_ERR_NOT_FOUND","error":"Not Found","message":"Not Found"}' })
  t.same(answers[1], answers[0])
  t.same(answers[2], answers[0])
})

t.test('enclave({ http2: true }) serves h2c with the spec validation payload', async (t) => {
  const app = enclave({ http2: true })
  addRoutes(app)
  t.teardown(() => app.close())
  const url = await app.listen({ port: 0, host: '127.0.0.1' })
  t.match(url, /^http:\/\/127\.0\.0\.1:\d+$/)
  const ok = await h2request(url, { method: 'POST', path: '/echo', headers: { 'content-type': 'application/json' }, body: '{"name":"Ada"}' })
  t.equal(ok.status, 200)
  t.same(ok.json, { name: 'Ada' })
  const invalid = await h2request(url, { method: 'POST', path: '/echo', headers: { 'content-type': 'application/json' }, body: '{}' })
  t.equal(invalid.status, 400)
  t.same(invalid.json, { statusCode: 400, error: 'Bad Request', message: "body should have required property 'name'" })
  const raw = await h2request(url, { path: '/raw' })
  t.equal(raw.text, 'written on Http2ServerResponse')
})

t.test('with https, HTTP/2 is served over TLS, request.protocol is https and listen() gives the https:// address', async (t) => {
  const { key, cert } = await localhostCertificate()
  const lines: any[] = []
  const app = enclave({ http2: true, https: { key, cert }, logger: { level: 'info', stream: { write: (line: string) => { lines.push(JSON.parse(line)) } } } })
  addRoutes(app)
  t.teardown(() => app.close())
  const url = await app.listen({ port: 0, host: '127.0.0.1' })
  t.match(url, /^https:\/\/127\.0\.0\.1:\d+$/)
  t.ok(lines.some((line) => line.msg === `Server listening at ${url}`))
  const response = await h2request(url, { path: '/users/1' }, cert)
  t.equal(response.status, 200)
  t.same(response.json, { id: '1', query: {}, protocol: 'https', hostname: url.slice('https://'.length), ip: '127.0.0.1' })
  t.equal(app.server.constructor.name, 'Http2SecureServer')
})

t.test('https.allowHTTP1 also answers HTTP/1.1 on the same port', async (t) => {
  const { key, cert } = await localhostCertificate()
  const app = enclave({ http2: true, https: { key, cert, allowHTTP1: true } })
  addRoutes(app)
  t.teardown(() => app.close())
  const url = await app.listen({ port: 0, host: '127.0.0.1' })
  t.same(app.initialConfig.https, { allowHTTP1: true })
  const overH2 = await h2request(url, { path: '/raw-request' }, cert)
  t.same(overH2.json, { httpVersion: '2.0', raw: 'Http2ServerRequest' })
  const overH1 = await new Promise<{ status: number, body: any }>((resolve, reject) => {
    https.get(url + '/raw-request', { ca: cert, agent: false }, (res) => {
      let data = ''
      res.on('data', (chunk) => { data += chunk })
      res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(data) }))
    }).on('error', reject)
  })
  t.equal(overH1.status, 200)
  t.same(overH1.body, { httpVersion: '1.1', raw: 'IncomingMessage' })
})

t.test('initialConfig shows http2 and https as Fastify 4 does', async (t) => {
  const { key, cert } = await localhostCertificate()
  for (const options of [{ http2: true }, { http2: true, https: { key, cert } }, { http2: true, https: { key, cert, allowHTTP1: false } }]) {
    const fastify = Fastify(options as any)
    const app = enclave(options as any)
    t.equal(app.initialConfig.http2, fastify.initialConfig.http2)
    t.same(app.initialConfig.https, fastify.initialConfig.https)
    t.equal(app.initialConfig.http2SessionTimeout, 72000)
  }
})

t.test('inject() into an HTTP/2-only app is refused with 505, as Fastify 4 refuses HTTP/1.1 there', async (t) => {
  const { key, cert } = await localhostCertificate()
  for (const options of [{ http2: true }, { http2: true, https: { key, cert } }]) {
    const fastify = Fastify(options as any)
    const app = enclave(options)
    let hooked = false
    app.addHook('onRequest', async () => { hooked = true })
    addRoutes(fastify)
    addRoutes(app)
    const expected = await fastify.inject('/users/5')
    const actual = await app.inject('/users/5')
    t.equal(actual.statusCode, 505)
    t.equal(actual.payload, expected.payload)
    t.equal(actual.headers['content-type'], expected.headers['content-type'])
    t.same(actual.json(), { error: 'HTTP Version Not Supported', message: 'HTTP Version Not Supported', statusCode: 505 })
    t.notOk(hooked, 'no hook runs')
  }
})

t.test('inject() works as usual with https.allowHTTP1, and with a serverFactory', async (t) => {
  const { key, cert } = await localhostCertificate()
  const app = enclave({ http2: true, https: { key, cert, allowHTTP1: true } })
  addRoutes(app)
  const response = await app.inject({ method: 'GET', url: '/users/5?x=1' })
  t.equal(response.statusCode, 200)
  t.same(response.json(), { id: '5', query: { x: '1' }, protocol: 'http', hostname: 'localhost:80', ip: '127.0.0.1' })
  t.equal((await app.inject('/raw-request')).json().httpVersion, '1.1')
  const factory = enclave({ http2: true, serverFactory: (handler: any) => http2.createServer(handler) as any })
  factory.get('/', async () => 'not checked')
  t.equal((await factory.inject('/')).payload, 'not checked')
})

t.test('serverFactory may return an HTTP/2 server; its sessions are ended by close(), not by http2SessionTimeout (as in Fastify 4)', async (t) => {
  const app = enclave({ http2: true, http2SessionTimeout: 100, serverFactory: (handler: any) => http2.createServer(handler) as any })
  app.get('/', async (request) => ({ httpVersion: request.raw.httpVersion }))
  t.teardown(() => app.close())
  const url = await app.listen({ port: 0, host: '127.0.0.1' })
  const session = await connect(url)
  t.teardown(() => { session.destroy() })
  let closed = false
  session.on('close', () => { closed = true })
  t.same((await send(session)).json, { httpVersion: '2.0' })
  await delay(350)
  t.notOk(closed, 'the session outlived http2SessionTimeout')
  await app.close()
  await waitUntil(() => closed)
  t.ok(closed, 'close() ended the session')
})

t.test("forceCloseConnections defaults to false on h2c and 'idle' is refused, as in Fastify 4", async (t) => {
  t.notOk('forceCloseConnections' in enclave({ http2: true }).initialConfig, 'not in initialConfig unless given, as in Fastify 4')
  t.throws(() => Fastify({ http2: true, forceCloseConnections: 'idle' }), { code: 'FST_ERR_FORCE_CLOSE_CONNECTIONS_IDLE_NOT_AVAILABLE' })
  t.throws(() => enclave({ http2: true, forceCloseConnections: 'idle' }), {
    code: 'FST_ERR_FORCE_CLOSE_CONNECTIONS_IDLE_NOT_AVAILABLE',
    statusCode: 500,
    message: "Cannot set forceCloseConnections to 'idle' as your HTTP server does not support closeIdleConnections method"
  })
  t.throws(() => enclave({ http2: 'yes' as any }), { code: 'FST_ERR_INIT_OPTS_INVALID' })
  t.throws(() => enclave({ http2GracefulClose: 1 as any }), { code: 'FST_ERR_INIT_OPTS_INVALID' })
})

t.test('an idle session is closed after http2SessionTimeout', async (t) => {
  const app = enclave({ http2: true, http2SessionTimeout: 200 })
  app.get('/', async () => 'ok')
  t.teardown(() => app.close())
  const url = await app.listen({ port: 0, host: '127.0.0.1' })
  const session = await connect(url)
  t.teardown(() => { session.destroy() })
  let goaway = false
  session.on('goaway', () => { goaway = true })
  const closed = new Promise<void>((resolve) => session.once('close', () => resolve()))
  // the session's last activity is this exchange, so it cannot be closed sooner than 200 ms after it began
  const started = Date.now()
  t.equal((await send(session)).text, 'ok')
  await closed
  t.ok(goaway, 'the server sent GOAWAY')
  t.ok(Date.now() - started >= 190, 'not before the timeout')
})

/** Resolves once `check()` holds, polling; rejects after `ms` (generous: the machine may be loaded). */
async function waitUntil (check: () => boolean, ms = 10_000): Promise<void> {
  const started = Date.now()
  while (!check()) {
    if (Date.now() - started > ms) throw new Error('timed out')
    await delay(5)
  }
}

/** A route that answers after `handlerMs` (or once `release` settles), and a session with one stream in flight on it. */
async function inFlight (app: any, cert?: string, handlerMs = 300, release?: Promise<void>) {
  let handlerStarted: () => void = () => {}
  const whenHandlerStarted = new Promise<void>((resolve) => { handlerStarted = resolve })
  app.get('/slow', async () => { handlerStarted(); await (release ?? delay(handlerMs)); return 'finished' })
  app.get('/', async () => 'ok')
  const url = await app.listen({ port: 0, host: '127.0.0.1' })
  const session = await connect(url, cert)
  const events = { goaway: false, closed: false }
  session.on('goaway', () => { events.goaway = true })
  const closed = new Promise<void>((resolve) => session.once('close', () => { events.closed = true; resolve() }))
  const slow = send(session, { path: '/slow' })
  await whenHandlerStarted
  return { url, session, events, closed, slow }
}

t.test('close() ends HTTP/2 sessions gracefully: the stream in flight finishes, new streams are refused', async (t) => {
  for (const secure of [false, true]) {
    const { key, cert } = await localhostCertificate()
    const app = enclave(secure ? { http2: true, https: { key, cert } } : { http2: true })
    const { session, events, closed, slow } = await inFlight(app, secure ? cert : undefined)
    t.teardown(() => { session.destroy() })
    const closing = app.close()
    await waitUntil(() => events.goaway)
    t.ok(events.goaway, 'GOAWAY was sent')
    await t.rejects(send(session, { path: '/' }), 'a new stream is refused')
    const response = await slow
    t.equal(response.status, 200)
    t.equal(response.text, 'finished')
    await closing
    await closed
    t.ok(events.closed, 'the session is closed')
  }
})

t.test('close() with forceCloseConnections: true destroys the sessions at once', async (t) => {
  const app = enclave({ http2: true, forceCloseConnections: true })
  // the handler finishes only after close() has resolved: close() must not wait for it
  let release: () => void = () => {}
  const released = new Promise<void>((resolve) => { release = resolve })
  const { session, closed, slow } = await inFlight(app, undefined, 0, released)
  t.teardown(() => { release(); session.destroy() })
  slow.catch(() => {})
  await app.close()
  await closed
  release()
  const outcome = await slow.then((response) => response.text, () => 'reset')
  t.not(outcome, 'finished', 'the stream in flight was cut')
})

t.test('on Fastify 5 and its face, forceCloseConnections: true closes the sessions at close(): the stream in flight finishes', async (t) => {
  for (const make of [(options: any) => Fastify5(options), (options: any) => createServer(options, fastify5Profile) as any]) {
    const app = make({ http2: true, forceCloseConnections: true })
    const { session, events, closed, slow } = await inFlight(app)
    t.teardown(() => { session.destroy() })
    const closing = app.close()
    await waitUntil(() => events.goaway)
    t.equal((await slow).text, 'finished')
    await closing
    await closed
    t.ok(events.closed, 'the session is closed')
  }
})

t.test('on the Fastify face (http2GracefulClose: false) close() waits for the session, as Fastify 4 does', async (t) => {
  for (const make of [(options: any) => Fastify(options), (options: any) => createServer(options, fastifyProfile) as any]) {
    const app = make({ http2: true, http2SessionTimeout: 400 })
    const { session, events, closed, slow } = await inFlight(app)
    t.teardown(() => { session.destroy() })
    let done = false
    const closing = app.close().then(() => { done = true })
    await delay(100)
    t.notOk(events.goaway, 'no GOAWAY at close()')
    t.notOk(done, 'close() is still waiting')
    // A request on the open session while closing: 503, and no connection header over HTTP/2.
    const refused = await send(session, { path: '/' })
    t.equal(refused.status, 503)
    t.equal(refused.headers.connection, undefined)
    t.equal((await slow).text, 'finished')
    // The session ends once idle for http2SessionTimeout; then close() resolves.
    await closing
    await closed
    t.ok(done)
  }
})

t.test('onTimeout hooks run for each HTTP/2 stream that times out, with its own request', async (t) => {
  const app = enclave({ http2: true })
  const timedOut: string[] = []
  app.addHook('onTimeout', async (request) => { timedOut.push(request.url) })
  app.get('/hang/:n', async (request) => {
    request.raw.setTimeout(100)
    await delay(400)
    return 'late'
  })
  t.teardown(() => app.close())
  const session = await connect(await app.listen({ port: 0, host: '127.0.0.1' }))
  t.teardown(() => { session.close() })
  const responses = await Promise.all([send(session, { path: '/hang/1' }), send(session, { path: '/hang/2' })])
  t.same(responses.map((response) => response.text), ['late', 'late'])
  t.same(timedOut.sort(), ['/hang/1', '/hang/2'])
})

t.test('garbage and HTTP/1.1 sent to an h2c port are refused without harm; the server keeps serving', async (t) => {
  const app = enclave({ http2: true })
  app.get('/', async () => 'still here')
  t.teardown(() => app.close())
  const url = await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as net.AddressInfo
  await new Promise<void>((resolve) => {
    const socket = net.connect(port, '127.0.0.1')
    socket.on('error', () => {})
    socket.on('close', () => resolve())
    socket.write('garbage\r\n\r\n\u0000\u0001\u0002')
    setTimeout(() => socket.destroy(), 300)
  })
  const http1 = await new Promise<string>((resolve) => {
    http.get(`http://127.0.0.1:${port}/`, (res) => { res.resume(); resolve(`status ${res.statusCode!}`) }).on('error', (error: any) => resolve(String(error.code)))
  })
  t.not(http1, 'status 200', 'HTTP/1.1 is not served on h2c')
  t.equal((await h2request(url)).text, 'still here')
})

t.test('http2GracefulClose is listed with Fastify\'s value and enclave()\'s default, and either entry may set it', async (t) => {
  t.strictSame(differingOptions.http2GracefulClose, { fastify: false, enclave: true })

  // enclave() at Fastify's value: close() leaves the session open until the client leaves.
  const app = enclave({ http2: true, http2GracefulClose: false })
  const { session, events, closed, slow } = await inFlight(app)
  t.teardown(() => { session.destroy() })
  let done = false
  const closing = app.close().then(() => { done = true })
  t.equal((await slow).text, 'finished')
  await delay(100)
  t.notOk(events.goaway, 'no GOAWAY')
  t.notOk(done, 'close() waits for the session')
  session.close()
  await closed
  await closing
  t.ok(done)

  // The Fastify face opting in: GOAWAY at close().
  const opted = createServer({ http2: true, http2GracefulClose: true }, fastifyProfile) as any
  const second = await inFlight(opted)
  t.teardown(() => { second.session.destroy() })
  const closingOpted = opted.close()
  await waitUntil(() => second.events.goaway)
  t.equal((await second.slow).text, 'finished')
  await closingOpted
  await second.closed
})
