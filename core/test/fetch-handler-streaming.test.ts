import t from 'tap'
import { Readable } from 'node:stream'
import { enclaveFaces, fastify5Face } from './fixtures/faces.js'

const entries = [...enclaveFaces, fastify5Face]
const base = 'http://app.test'

/** A request body that never ends: 256-byte chunks for as long as it is read. */
function endlessBody () {
  const state = { pulled: 0, cancelled: false, whenCancelled: null as unknown as Promise<void> }
  let markCancelled: () => void
  state.whenCancelled = new Promise<void>((resolve) => { markCancelled = resolve })
  const body = new ReadableStream<Uint8Array>({
    pull (controller) {
      state.pulled += 256
      controller.enqueue(new Uint8Array(256).fill(0x61))
    },
    cancel () {
      state.cancelled = true
      markCancelled()
    }
  })
  return { body, state }
}

/** Fetches `path` with a signal, waits until `entered` settles (the handler runs), then aborts with `reason`. */
async function leaveWhileHandled (app: any, path: string, entered: Promise<void>, reason: Error): Promise<{ pending: Promise<Response> }> {
  const client = new AbortController()
  const pending: Promise<Response> = app.fetch(new Request(`${base}${path}`, { signal: client.signal }))
  pending.catch(() => {})
  await entered
  client.abort(reason)
  // Wrapped: an async function returning the promise itself would wait for its rejection.
  return { pending }
}

function capturedLogs () {
  const lines: any[] = []
  return { lines, logger: { level: 'info', stream: { write (line: string) { lines.push(JSON.parse(line)) } } } }
}

for (const [name, create] of entries) {
  t.test(`${name}: a body that never ends is refused at the limit and its stream cancelled`, async (t) => {
    const app = create()
    app.post('/upload', { bodyLimit: 1000 }, async () => 'read it all')
    t.teardown(() => app.close())
    const { body, state } = endlessBody()
    const response: Response = await app.fetch(new Request(`${base}/upload`, { method: 'POST', body, headers: { 'content-type': 'text/plain' }, duplex: 'half' } as RequestInit))
    t.equal(response.status, 413)
    t.same(await response.json(), { statusCode: 413, code: 'FST_ERR_CTP_BODY_TOO_LARGE', error: 'Payload Too Large', message: 'Request body is too large' })
    await state.whenCancelled
    t.ok(state.cancelled, 'the request stream was cancelled')
    t.ok(state.pulled < 4096, `stopped reading at the limit (read ${state.pulled} bytes)`)
  })

  t.test(`${name}: the server bodyLimit applies to a streamed body of unknown length`, async (t) => {
    const app = create({ bodyLimit: 2048 })
    app.post('/upload', async (request: any) => request.body.length)
    t.teardown(() => app.close())
    const { body, state } = endlessBody()
    const response: Response = await app.fetch(new Request(`${base}/upload`, { method: 'POST', body, headers: { 'content-type': 'text/plain' }, duplex: 'half' } as RequestInit))
    t.equal(response.status, 413)
    await state.whenCancelled
    t.ok(state.pulled < 4096 + 2048)
  })

  t.test(`${name}: the request body reaches a parser as it arrives`, async (t) => {
    const app = create()
    let firstChunkSeen: () => void
    const firstChunk = new Promise<void>((resolve) => { firstChunkSeen = resolve })
    app.addContentTypeParser('application/octet-stream', (_request: any, payload: any, done: any) => {
      const chunks: Buffer[] = []
      payload.on('data', (chunk: Buffer) => {
        chunks.push(chunk)
        if (chunks.length === 1) firstChunkSeen()
      })
      payload.on('end', () => { done(null, Buffer.concat(chunks).toString()) })
    })
    app.post('/stream', async (request: any) => ({ got: request.body }))
    t.teardown(() => app.close())
    let controller!: ReadableStreamDefaultController<Uint8Array>
    const body = new ReadableStream<Uint8Array>({ start (c) { controller = c } })
    controller.enqueue(new TextEncoder().encode('first,'))
    const pending: Promise<Response> = app.fetch(new Request(`${base}/stream`, { method: 'POST', body, headers: { 'content-type': 'application/octet-stream' }, duplex: 'half' } as RequestInit))
    // The parser has the first chunk while the client has not sent the rest.
    await firstChunk
    controller.enqueue(new TextEncoder().encode('second'))
    controller.close()
    const response = await pending
    t.same(await response.json(), { got: 'first,second' })
  })

  t.test(`${name}: a streamed reply is readable before its source ends; onResponse runs once it is consumed`, async (t) => {
    const app = create()
    const source = new Readable({ read () {} })
    let responded = false
    app.addHook('onResponse', async () => { responded = true })
    app.get('/events', async (_request: any, reply: any) => {
      reply.type('text/plain')
      source.push('chunk one;')
      return reply.send(source)
    })
    t.teardown(() => app.close())
    const response: Response = await app.fetch(new Request(`${base}/events`))
    t.equal(response.status, 200)
    t.equal(response.headers.get('content-type'), 'text/plain')
    const reader = response.body!.getReader()
    const first = await reader.read()
    t.equal(new TextDecoder().decode(first.value), 'chunk one;')
    t.notOk(source.readableEnded, 'the source has not ended')
    t.notOk(responded, 'onResponse waits for the body')
    source.push('chunk two')
    source.push(null)
    let rest = ''
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      rest += new TextDecoder().decode(value)
    }
    t.equal(rest, 'chunk two')
    await new Promise<void>((resolve) => { setImmediate(resolve) })
    t.ok(responded, 'onResponse ran after the body was consumed')
  })

  t.test(`${name}: a slow consumer holds the source back; cancelling the body destroys it`, async (t) => {
    const app = create({ logger: false })
    let produced = 0
    const source = new Readable({
      read () {
        produced++
        this.push(Buffer.alloc(1024, 0x62))
      }
    })
    app.get('/endless', async () => source)
    t.teardown(() => app.close())
    const response: Response = await app.fetch(new Request(`${base}/endless`))
    const reader = response.body!.getReader()
    await reader.read()
    await new Promise<void>((resolve) => { setImmediate(resolve) })
    t.ok(produced < 200, `the source waits for the consumer (produced ${produced} KiB)`)
    await reader.cancel()
    await new Promise<void>((resolve) => { if (source.destroyed) resolve(); else source.once('close', () => { resolve() }) })
    t.ok(source.destroyed, 'the source was destroyed')
  })

  t.test(`${name}: a Web ReadableStream reply is streamed`, async (t) => {
    const app = create()
    app.get('/web', async (_request: any, reply: any) => {
      reply.type('text/plain')
      return new ReadableStream({
        start (controller) {
          controller.enqueue(new TextEncoder().encode('web '))
          controller.enqueue(new TextEncoder().encode('stream'))
          controller.close()
        }
      })
    })
    t.teardown(() => app.close())
    const response: Response = await app.fetch(new Request(`${base}/web`))
    t.equal(await response.text(), 'web stream')
  })

  t.test(`${name}: 204 and 304 answer without a body`, async (t) => {
    const app = create()
    app.get('/none', async (_request: any, reply: any) => reply.code(204).send())
    app.get('/cached', async (_request: any, reply: any) => reply.code(304).send())
    t.teardown(() => app.close())
    const none: Response = await app.fetch(new Request(`${base}/none`))
    t.equal(none.status, 204)
    t.equal(none.body, null)
    const cached: Response = await app.fetch(new Request(`${base}/cached`))
    t.equal(cached.status, 304)
    t.equal(cached.body, null)
  })

  t.test(`${name}: the client going away runs onRequestAbort and rejects the pending call`, async (t) => {
    const app = create()
    let aborted: () => void
    const abortHookRan = new Promise<void>((resolve) => { aborted = resolve })
    let handlerEntered: () => void
    const entered = new Promise<void>((resolve) => { handlerEntered = resolve })
    app.addHook('onRequestAbort', async () => { aborted() })
    app.get('/slow', async () => {
      handlerEntered()
      await abortHookRan
      return 'too late'
    })
    t.teardown(() => app.close())
    const { pending } = await leaveWhileHandled(app, '/slow', entered, new Error('client left'))
    await abortHookRan
    await t.rejects(pending, { message: 'client left' })
  })

  t.test(`${name}: an already aborted request is not run`, async (t) => {
    const app = create()
    let ran = false
    app.get('/', async () => { ran = true; return 'ok' })
    t.teardown(() => app.close())
    await app.ready()
    const controller = new AbortController()
    controller.abort(new Error('gone'))
    await t.rejects(app.fetch(new Request(`${base}/`, { signal: controller.signal })), { message: 'gone' })
    t.notOk(ran)
  })

  t.test(`${name}: trailers are dropped with a logged ENC_ERR_FETCH_UNSUPPORTED; the body is sent`, async (t) => {
    const { lines, logger } = capturedLogs()
    const app = create({ logger })
    app.get('/trailers', async (_request: any, reply: any) => {
      reply.trailer('x-digest', async () => 'abc')
      return 'body'
    })
    t.teardown(() => app.close())
    const response: Response = await app.fetch(new Request(`${base}/trailers`))
    t.equal(response.status, 200)
    t.equal(await response.text(), 'body')
    t.equal(response.headers.get('trailer'), null)
    t.equal(response.headers.get('transfer-encoding'), null)
    const logged = lines.find((line) => line.err?.code === 'ENC_ERR_FETCH_UNSUPPORTED')
    t.ok(logged, 'the refusal is logged')
    t.match(logged.err.message, /^Trailers cannot be sent through app\.fetch\(\) on Node\.js:/)
  })

  t.test(`${name}: early hints on the raw response throw ENC_ERR_FETCH_UNSUPPORTED`, async (t) => {
    const app = create({ logger: false })
    app.get('/hints', async (_request: any, reply: any) => {
      try {
        reply.raw.writeEarlyHints({ link: '</style.css>; rel=preload' })
      } catch (error: any) {
        return { code: error.code, message: error.message }
      }
      return 'sent'
    })
    t.teardown(() => app.close())
    const response: Response = await app.fetch(new Request(`${base}/hints`))
    t.same(await response.json(), { code: 'ENC_ERR_FETCH_UNSUPPORTED', message: 'Early hints (103) cannot be sent through app.fetch() on Node.js: a Web Response has no place for it' })
  })

  t.test(`${name}: a hijacked reply answers through reply.raw`, async (t) => {
    const app = create()
    app.get('/raw', (_request: any, reply: any) => {
      reply.hijack()
      reply.raw.writeHead(201, { 'content-type': 'text/plain', 'x-raw': '1' })
      reply.raw.write('written ')
      reply.raw.end('by hand')
    })
    t.teardown(() => app.close())
    const response: Response = await app.fetch(new Request(`${base}/raw`))
    t.equal(response.status, 201)
    t.equal(response.headers.get('x-raw'), '1')
    t.equal(await response.text(), 'written by hand')
  })

  t.test(`${name}: a raw response destroyed before its head rejects with ENC_ERR_FETCH_NO_RESPONSE`, async (t) => {
    const app = create({ logger: false })
    app.get('/drop', (_request: any, reply: any) => {
      reply.hijack()
      reply.raw.destroy()
    })
    t.teardown(() => app.close())
    await t.rejects(app.fetch(new Request(`${base}/drop`)), { code: 'ENC_ERR_FETCH_NO_RESPONSE' })
  })
}

for (const [name, create] of entries) {
  t.test(`${name}: the client going away mid-upload fails the body and runs onRequestAbort`, async (t) => {
    const app = create({ logger: false })
    let aborted: () => void
    const abortHookRan = new Promise<void>((resolve) => { aborted = resolve })
    let handlerRan = false
    app.addHook('onRequestAbort', async () => { aborted() })
    app.post('/upload', async () => { handlerRan = true; return 'done' })
    t.teardown(() => app.close())
    let controller!: ReadableStreamDefaultController<Uint8Array>
    let cancelled = false
    const body = new ReadableStream<Uint8Array>({ start (c) { controller = c }, cancel () { cancelled = true } })
    controller.enqueue(new TextEncoder().encode('{"partial":'))
    const client = new AbortController()
    const pending: Promise<Response> = app.fetch(new Request(`${base}/upload`, { method: 'POST', body, headers: { 'content-type': 'application/json' }, signal: client.signal, duplex: 'half' } as RequestInit))
    await new Promise<void>((resolve) => { setImmediate(resolve) })
    client.abort(new Error('upload abandoned'))
    await abortHookRan
    await t.rejects(pending, { message: 'upload abandoned' })
    t.ok(cancelled, 'the body stream was cancelled')
    t.notOk(handlerRan)
  })

  // Deno's server fails the body stream of a client gone mid-upload without aborting request.signal.
  t.test(`${name}: a body stream that fails mid-upload, the signal untouched, is the client leaving`, async (t) => {
    const app = create({ logger: false })
    let abortHookRan = false
    let seen: { code?: string, message?: string } = {}
    app.addHook('onRequestAbort', async () => { abortHookRan = true })
    app.addHook('onError', async (_request: unknown, _reply: unknown, error: { code?: string, message?: string }) => { seen = error })
    app.post('/upload', async () => 'done')
    t.teardown(() => app.close())
    let controller!: ReadableStreamDefaultController<Uint8Array>
    const body = new ReadableStream<Uint8Array>({ start (c) { controller = c } })
    controller.enqueue(new TextEncoder().encode('{"partial":'))
    const pending: Promise<Response> = app.fetch(new Request(`${base}/upload`, { method: 'POST', body, headers: { 'content-type': 'application/json' }, duplex: 'half' } as RequestInit), {})
    await new Promise<void>((resolve) => { setImmediate(resolve) })
    controller.error(new TypeError('Cannot read request body as underlying resource unavailable'))
    await t.rejects(pending, { message: 'Cannot read request body as underlying resource unavailable' }, 'nobody is there to take an answer')
    await new Promise<void>((resolve) => { setImmediate(resolve) })
    t.ok(abortHookRan, 'onRequestAbort ran')
    t.match(seen, { code: 'ECONNRESET', message: 'aborted' }, 'the error is the connection reset a socket gives')
  })

  t.test(`${name}: a status a Web Response cannot have rejects with ENC_ERR_FETCH_UNSUPPORTED`, async (t) => {
    const app = create()
    app.get('/switch', (_request: any, reply: any) => {
      reply.hijack()
      reply.raw.writeHead(101, { upgrade: 'websocket' })
      reply.raw.end()
    })
    t.teardown(() => app.close())
    await t.rejects(app.fetch(new Request(`${base}/switch`)), { code: 'ENC_ERR_FETCH_UNSUPPORTED', message: /^Status 101 cannot be sent through app\.fetch\(\) on Node\.js:/ })
  })

  t.test(`${name}: with trustProxy, request.ip follows X-Forwarded-For`, async (t) => {
    const app = create({ trustProxy: true })
    app.get('/ip', async (request: any) => ({ ip: request.ip, ips: request.ips }))
    t.teardown(() => app.close())
    const bunServer = { requestIP: () => ({ address: '10.0.0.2', family: 'IPv4', port: 1 }) }
    const response: Response = await app.fetch(new Request(`${base}/ip`, { headers: { 'x-forwarded-for': '198.51.100.9' } }), bunServer)
    t.same(await response.json(), { ip: '198.51.100.9', ips: ['10.0.0.2', '198.51.100.9'] })
  })

  t.test(`${name}: while close() runs, a request is answered 503 as over a socket`, async (t) => {
    const app = create({ logger: false })
    app.get('/', async () => 'ok')
    let release: () => void
    const held = new Promise<void>((resolve) => { release = resolve })
    let closing: () => void
    const inPreClose = new Promise<void>((resolve) => { closing = resolve })
    app.addHook('preClose', async () => { closing(); await held })
    await app.ready()
    const closed = app.close()
    await inPreClose
    const response: Response = await app.fetch(new Request(`${base}/`))
    t.equal(response.status, 503)
    t.same(await response.json(), { error: 'Service Unavailable', message: 'Service Unavailable', statusCode: 503 })
    release!()
    await closed
  })
}

for (const [name, create] of entries) {
  t.test(`${name}: a body stream failing after the app stopped reading it is not an uncaught error`, async (t) => {
    const app = create({ logger: false })
    app.addHook('onSend', async () => { await new Promise<void>((resolve) => { setImmediate(resolve) }) })
    app.post('/upload', { bodyLimit: 10 }, async () => 'read')
    t.teardown(() => app.close())
    let pulls = 0
    const body = new ReadableStream<Uint8Array>({
      pull (controller) {
        pulls++
        if (pulls === 1) controller.enqueue(new Uint8Array(100))
        else controller.error(new Error('connection reset'))
      }
    })
    const response: Response = await app.fetch(new Request(`${base}/upload`, { method: 'POST', body, headers: { 'content-type': 'text/plain' }, duplex: 'half' } as RequestInit))
    t.equal(response.status, 413)
    t.ok(pulls >= 2, 'the stream failed while the answer was on its way')
  })

  t.test(`${name}: reply.raw.destroy(error) before the head rejects with it as the cause, without an uncaught error`, async (t) => {
    const app = create({ logger: false })
    const cause = new Error('dropped on purpose')
    app.get('/drop', (_request: any, reply: any) => {
      reply.hijack()
      reply.raw.destroy(cause)
    })
    t.teardown(() => app.close())
    await t.rejects(app.fetch(new Request(`${base}/drop`)), { code: 'ENC_ERR_FETCH_NO_RESPONSE', cause })
  })
}

// request.signal is Fastify 5's: on enclave() and the v5 face.
for (const [name, create] of [enclaveFaces[0]!, fastify5Face]) {
  // Deno's server aborts its request's signal once it has the answer, as soon as the promise resolves.
  t.test(`${name}: the Web signal aborting once the whole answer is handed over is not the client leaving`, async (t) => {
    const app = create({ logger: false })
    let signal!: AbortSignal
    let rawAborted = false
    app.get('/done', async (request: { signal: AbortSignal, raw: { on: (event: string, listener: () => void) => void } }) => {
      signal = request.signal
      request.raw.on('aborted', () => { rawAborted = true })
      return 'done'
    })
    t.teardown(() => app.close())
    await app.ready()
    const client = new AbortController()
    const response = await app.fetch(new Request(`${base}/done`, { signal: client.signal }), {}).then((answer: Response) => {
      client.abort()
      return answer
    })
    t.equal(await response.text(), 'done')
    await new Promise<void>((resolve) => { setImmediate(resolve) })
    t.notOk(signal.aborted, 'request.signal did not abort')
    t.notOk(rawAborted, 'no \'aborted\' on request.raw')
  })

  t.test(`${name}: request.signal aborts when the Web request's signal does`, async (t) => {
    const app = create({ logger: false })
    let handlerEntered: () => void
    const entered = new Promise<void>((resolve) => { handlerEntered = resolve })
    let signalAborted: () => void
    const abortedInHandler = new Promise<void>((resolve) => { signalAborted = resolve })
    app.get('/wait', async (request: any) => {
      request.signal.addEventListener('abort', () => { signalAborted() })
      handlerEntered()
      await abortedInHandler
      return 'gone'
    })
    app.get('/quick', async (request: any) => ({ aborted: request.signal.aborted }))
    t.teardown(() => app.close())
    const { pending } = await leaveWhileHandled(app, '/wait', entered, new Error('left'))
    await abortedInHandler
    await t.rejects(pending, { message: 'left' })
    const quick: Response = await app.fetch(new Request(`${base}/quick`))
    t.same(await quick.json(), { aborted: false })
  })
}
