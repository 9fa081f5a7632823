import { test } from 'tap'
import net from 'node:net'
import Fastify5 from 'fastify5'
import { fastify5Face, enclaveFaces, type Factory } from './fixtures/faces.js'
import { sameOnBoth } from './fixtures/same-on-fastify5.js'
import { warningsDuring } from './fixtures/warnings-during.js'

// Each case runs on fastify@5.12.8 and on the v5 face and must give the same answer; where Fastify 4
// and 5 conflict, enclave() and the v4 face must keep Fastify 4.29's.
const fastify5 = Fastify5 as unknown as Factory
const [, v5Face] = fastify5Face

/** One raw HTTP/1 exchange: the request bytes written, everything read back until the server closes. */
function rawExchange (port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = ''
    const socket = net.connect(port, '127.0.0.1', () => { socket.write(request) })
    socket.on('data', (chunk) => { data += String(chunk) })
    socket.on('end', () => { resolve(data.replace(/\r\nDate: [^\r]*/g, '')) })
    socket.on('error', reject)
  })
}

// First in the file: Enclave's deprecation warnings are emitted once a process, so a v4 case run
// earlier could hide one the v5 face wrongly emits.
test('the v5 face has none of the members Fastify 5 removed, and reading them warns nothing', async (t) => {
  const expected = await sameOnBoth(t, async (factory) => {
    let seen: unknown = null
    const warnings = await warningsDuring(async () => {
      const app = factory()
      app.get('/', (request: any, reply: any) => {
        const members: Record<string, unknown> = {}
        for (const name of ['context', 'routerPath', 'routerMethod', 'routeConfig', 'routeSchema', 'connection']) {
          members[`request.${name}`] = [name in request, request[name]]
        }
        for (const name of ['getResponseTime', 'context']) members[`reply.${name}`] = [name in reply, reply[name]]
        reply.redirect('/elsewhere', 301)
        seen = members
      })
      app.get('/trailer', (_request: any, reply: any) => {
        reply.trailer('x-direct', function direct (_reply: unknown, _payload: unknown, done: (error: null, value: string) => void) {
          setImmediate(() => { done(null, 'from-done') })
          return 'returned'
        })
        reply.send('body')
      })
      const redirected = await app.inject('/')
      t.equal(redirected.statusCode, 301)
      const trailed = await app.inject('/trailer')
      seen = { members: seen, trailer: trailed.trailers['x-direct'], instance: ['getDefaultRoute' in app, 'setDefaultRoute' in app] }
      await app.close()
    })
    return { seen, warnings }
  })
  t.same(expected.warnings, [], 'no FSTDEP005/010/012-021 on Fastify 5')
  t.same(expected.seen, {
    members: {
      'request.context': [false, undefined],
      'request.routerPath': [false, undefined],
      'request.routerMethod': [false, undefined],
      'request.routeConfig': [false, undefined],
      'request.routeSchema': [false, undefined],
      'request.connection': [false, undefined],
      'reply.getResponseTime': [false, undefined],
      'reply.context': [false, undefined]
    },
    // A trailer function's own return value is not the trailer any more: only `done` or a promise is.
    trailer: 'from-done',
    instance: [false, false]
  })
})

test('request.routeOptions on Fastify 5: a plain object with every option, handlerTimeout among them', async (t) => {
  const expected = await sameOnBoth(t, async (factory) => {
    const app = factory()
    const seen: unknown[] = []
    const look = (request: any): unknown => {
      const view = request.routeOptions
      const keys = Object.keys(view)
      view.bodyLimit = 1
      return { keys, json: JSON.parse(JSON.stringify(view)), frozen: Object.isFrozen(view), fresh: request.routeOptions.bodyLimit, handler: typeof view.handler }
    }
    app.get('/items/:id', { config: { tag: 'items' } }, (request: any) => { seen.push(look(request)); return 'ok' })
    app.setNotFoundHandler((request: any, reply: any) => { seen.push(look(request)); reply.code(404).send('none') })
    await app.inject('/items/1')
    await app.inject('/nowhere')
    await app.close()
    return seen
  })
  t.same((expected[0] as { keys: string[] }).keys, ['method', 'url', 'bodyLimit', 'handlerTimeout', 'attachValidation', 'logLevel', 'exposeHeadRoute', 'prefixTrailingSlash', 'handler', 'config', 'schema', 'version'])
  t.match(expected[0], { json: { handlerTimeout: 0, config: { tag: 'items' } }, frozen: false, fresh: 1048576 })
})

test('enclave() and the v4 face keep Fastify 4.29\'s routeOptions and removed members', async (t) => {
  for (const [name, factory] of enclaveFaces) {
    const app = factory()
    app.get('/', (request: any) => ({
      frozen: Object.isFrozen(request.routeOptions),
      keys: Object.keys(request.routeOptions),
      routerPath: request.routerPath,
      context: 'context' in request
    }))
    t.same((await app.inject('/')).json(), {
      frozen: true,
      keys: ['method', 'url', 'bodyLimit', 'attachValidation', 'logLevel', 'exposeHeadRoute', 'prefixTrailingSlash', 'handler', 'version'],
      routerPath: '/',
      context: true
    }, name)
    t.equal(typeof app.getDefaultRoute, 'function', `${name}: getDefaultRoute`)
    await app.close()
  }
})

test('reply.redirect(url, code) on Fastify 5; a code first is taken as the URL and refused', async (t) => {
  const expected = await sameOnBoth(t, async (factory) => {
    const app = factory()
    app.get('/url-code', (_request: any, reply: any) => { reply.redirect('/x', 301) })
    app.get('/code-url', (_request: any, reply: any) => { reply.redirect(301, '/x') })
    app.get('/code-set', (_request: any, reply: any) => { reply.code(303).redirect('/x') })
    app.get('/code-string', (_request: any, reply: any) => { reply.redirect('/x', '307') })
    app.get('/plain', (_request: any, reply: any) => { reply.redirect('/x') })
    const answers: unknown[] = []
    for (const url of ['/url-code', '/code-url', '/code-set', '/code-string', '/plain']) {
      const response = await app.inject(url)
      answers.push([response.statusCode, response.headers.location, response.body])
    }
    await app.close()
    return answers
  })
  t.same(expected[1], [500, '301', '{"statusCode":500,"code":"FST_ERR_BAD_STATUS_CODE","error":"Internal Server Error","message":"Called reply with an invalid status code: /x"}'])
  t.same(expected[2], [303, '/x', ''])

  for (const [name, factory] of enclaveFaces) {
    const app = factory()
    app.get('/', (_request: any, reply: any) => { reply.redirect(301, '/x') })
    const response = await app.inject('/')
    t.same([response.statusCode, response.headers.location], [301, '/x'], `${name} keeps Fastify 4.29's redirect(code, url)`)
    await app.close()
  }
})

test('reply.sent is read-only on Fastify 5: assigning it throws the engine\'s TypeError', async (t) => {
  const expected = await sameOnBoth(t, async (factory) => {
    const app = factory()
    app.get('/', (_request: any, reply: any) => {
      try {
        reply.sent = true
        return 'assigned'
      } catch (error) {
        return { name: (error as Error).name, message: (error as Error).message, code: (error as { code?: string }).code ?? null }
      }
    })
    const body = (await app.inject('/')).json()
    await app.close()
    return body
  })
  t.same(expected, { name: 'TypeError', message: 'Cannot set property sent of #<Reply> which has only a getter', code: null })

  for (const [name, factory] of enclaveFaces) {
    const app = factory()
    app.get('/', (_request: any, reply: any) => {
      try {
        reply.sent = false
        return 'assigned'
      } catch (error) {
        return { code: (error as { code?: string }).code }
      }
    })
    t.same((await app.inject('/')).json(), { code: 'FST_ERR_REP_SENT_VALUE' }, `${name} keeps Fastify 4.29's setter`)
    await app.close()
  }
})

const hosts = ['example.com:8080', 'example.com', '[::1]:3000', '[::1]', '[::1', '::1', 'a:b:c', 'h:1:2', 'host:0080', 'host:', 'ex.com:+1', ':80']

test('request.host, hostname and port on Fastify 5: hostname without the port, port a number or null', async (t) => {
  const expected = await sameOnBoth(t, async (factory) => {
    const app = factory()
    app.get('/', (request: any) => ({ host: request.host, hostname: request.hostname, port: request.port }))
    const answers: unknown[] = []
    for (const host of hosts) answers.push((await app.inject({ url: '/', headers: { host } })).json())
    await app.close()
    const proxied = factory({ trustProxy: true })
    proxied.get('/', (request: any) => ({ host: request.host, hostname: request.hostname, port: request.port }))
    for (const forwarded of ['front.example:9000', 'a.example, b.example:81']) {
      answers.push((await proxied.inject({ url: '/', headers: { host: 'inner:1', 'x-forwarded-host': forwarded } })).json())
    }
    await proxied.close()
    return answers
  })
  t.same(expected[0], { host: 'example.com:8080', hostname: 'example.com', port: 8080 })
  t.same(expected[2], { host: '[::1]:3000', hostname: '[::1]', port: 3000 })
  t.same(expected[13], { host: 'b.example:81', hostname: 'b.example', port: 81 })
})

test('enclave() keeps Fastify 4.29\'s hostname (with the port) and adds host and port; the v4 face adds nothing', async (t) => {
  const [[, enclaveFactory], [, fastify4Face]] = enclaveFaces
  const app = enclaveFactory()
  app.get('/', (request: any) => ({ host: request.host, hostname: request.hostname, port: request.port }))
  t.same((await app.inject({ url: '/', headers: { host: 'example.com:8080' } })).json(), { host: 'example.com:8080', hostname: 'example.com:8080', port: 8080 })
  await app.close()

  const face = fastify4Face()
  face.get('/', (request: any, reply: any) => ({
    hostname: request.hostname,
    request: ['host', 'port', 'mediaType', 'signal', 'getDecorator', 'setDecorator'].filter((name) => name in request),
    reply: ['writeEarlyHints', 'getDecorator'].filter((name) => name in reply)
  }))
  t.same((await face.inject({ url: '/', headers: { host: 'example.com:8080' } })).json(), { hostname: 'example.com:8080', request: [], reply: [] })
  await face.close()
})

test('request.mediaType: the lower-cased type/subtype of Content-Type, undefined when absent or malformed', async (t) => {
  const types = ['Application/JSON; charset=utf-8', ' text/plain ; x=1', 'application/json;', 'text/plain;charset', 'invalid', 'text/', 'text /plain', 'x/y z', '']
  const expected = await sameOnBoth(t, async (factory) => {
    const app = factory()
    app.get('/', (request: any) => ({ mediaType: request.mediaType ?? 'undefined' }))
    const answers: unknown[] = [(await app.inject('/')).json().mediaType]
    for (const type of types) answers.push((await app.inject({ url: '/', headers: { 'content-type': type } })).json().mediaType)
    await app.close()
    return answers
  })
  t.same(expected, ['undefined', 'application/json', 'text/plain', 'application/json', 'text/plain', 'undefined', 'undefined', 'undefined', 'undefined', 'undefined'])
})

test('getDecorator / setDecorator: request, reply and instance members by name, FST_ERR_DEC_UNDECLARED when missing', async (t) => {
  const failure = (action: () => unknown): unknown => {
    try {
      return ['returned', action()]
    } catch (error) {
      const e = error as Error & { code?: string, statusCode?: number }
      return [e.name, e.code, e.message, e.statusCode]
    }
  }
  const expected = await sameOnBoth(t, async (factory) => {
    const app = factory()
    app.decorateRequest('user', null)
    app.decorateRequest('requestId', function (this: { id: string }) { return this.id })
    app.decorateReply('status', function (this: { statusCode: number }) { return this.statusCode })
    app.decorate('answer', 42)
    app.get('/', (request: any, reply: any) => {
      request.setDecorator('user', 'ada')
      return {
        user: request.getDecorator('user'),
        requestId: request.getDecorator('requestId')() === request.id,
        builtin: typeof request.getDecorator('headers'),
        missing: failure(() => request.getDecorator('nope')),
        symbol: failure(() => request.getDecorator(Symbol('s'))),
        setMissing: failure(() => { request.setDecorator('acount', 1) }),
        replyStatus: reply.code(201).getDecorator('status')(),
        replyMissing: failure(() => reply.getDecorator('nope')),
        replySetter: 'setDecorator' in reply,
        instance: app.getDecorator('answer'),
        instanceMissing: failure(() => app.getDecorator('nope')),
        instanceSetter: 'setDecorator' in app
      }
    })
    const body = (await app.inject('/')).json()
    await app.close()
    return body
  })
  t.match(expected, {
    user: 'ada',
    requestId: true,
    missing: ['FastifyError', 'FST_ERR_DEC_UNDECLARED', "No decorator 'nope' has been declared on request.", 500],
    setMissing: ['FastifyError', 'FST_ERR_DEC_UNDECLARED', "No decorator 'acount' has been declared on request.", 500],
    replyStatus: 201,
    replyMissing: ['FastifyError', 'FST_ERR_DEC_UNDECLARED', "No decorator 'nope' has been declared on reply.", 500],
    replySetter: false,
    instanceMissing: ['FastifyError', 'FST_ERR_DEC_UNDECLARED', "No decorator 'nope' has been declared on instance.", 500]
  })
})

test('request.params has no prototype on Fastify 5, on matched and not-found requests alike', async (t) => {
  const expected = await sameOnBoth(t, async (factory) => {
    const app = factory()
    const look = (request: any): unknown => [JSON.stringify(request.params), typeof request.params.hasOwnProperty, 'toString' in request.params]
    app.get('/users/:id', (request: any) => look(request))
    app.get('/', (request: any) => look(request))
    app.setNotFoundHandler((request: any, reply: any) => { reply.code(404).send(look(request)) })
    const answers: unknown[] = []
    for (const url of ['/users/7', '/', '/no/such%20page']) answers.push((await app.inject(url)).json())
    await app.close()
    return answers
  })
  t.same(expected, [['{"id":"7"}', 'undefined', false], ['{}', 'undefined', false], ['{"*":"no/such page"}', 'undefined', false]])
})

test('trailers on Fastify 5: the callback and async forms', async (t) => {
  const expected = await sameOnBoth(t, async (factory) => {
    const app = factory()
    app.get('/', (_request: any, reply: any) => {
      reply.trailer('x-callback', (_reply: unknown, payload: string, done: (error: null, value: string) => void) => { done(null, `cb:${payload}`) })
      reply.trailer('x-async', async () => 'async')
      reply.send('body')
    })
    const response = await app.inject('/')
    await app.close()
    return [response.headers.trailer, response.trailers]
  })
  t.same(expected, ['x-callback x-async', { 'x-callback': 'cb:body', 'x-async': 'async' }])
})

test('reply.writeEarlyHints sends an HTTP/1 103 before the response, and returns the reply', async (t) => {
  const expected = await sameOnBoth(t, async (factory) => {
    const app = factory()
    let outcome: unknown = null
    app.get('/', async (_request: any, reply: any) => {
      let written = false
      const returned = reply.writeEarlyHints({ link: '</style.css>; rel=preload; as=style' }, () => { written = true })
      outcome = returned === reply
      await new Promise((resolve) => setImmediate(resolve))
      outcome = [outcome, written]
      return 'page'
    })
    app.get('/capitalised', (_request: any, reply: any) => {
      // Node sends early hints only with a lower-case `link` key.
      reply.writeEarlyHints({ Link: '</style.css>; rel=preload' })
      reply.send('page')
    })
    await app.listen({ port: 0, host: '127.0.0.1' })
    const port = app.server.address().port
    const bytes = await rawExchange(port, 'GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')
    const capitalised = await rawExchange(port, 'GET /capitalised HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')
    const injected = await app.inject('/')
    await app.close()
    return { bytes, capitalised, outcome, injected: [injected.statusCode, injected.body] }
  })
  t.equal(expected.bytes, 'HTTP/1.1 103 Early Hints\r\nLink: </style.css>; rel=preload; as=style\r\n\r\n' +
    'HTTP/1.1 200 OK\r\ncontent-type: text/plain; charset=utf-8\r\ncontent-length: 4\r\nConnection: close\r\n\r\npage')
  t.notMatch(expected.capitalised, /103/)
  t.same(expected.outcome, [true, true])
  t.same(expected.injected, [200, 'page'])
})

/** A route that never answers: the test closes the client and reads the request's signal afterwards. */
async function signalAfterClientLeaves (factory: Factory, readSignal: 'before' | 'after-hijack' | 'hijack-after' | 'late'): Promise<unknown> {
  const app = factory()
  const events: string[] = []
  let onClosed: () => void = () => {}
  const closed = new Promise<void>((resolve) => { onClosed = resolve })
  let saved: any = null
  app.addHook('onRequestAbort', async (request: any) => { events.push(`onRequestAbort ${String(request.signal.aborted)}`) })
  app.get('/', (request: any, reply: any) => {
    saved = request
    request.raw.once('close', () => { setImmediate(onClosed) })
    if (readSignal === 'before' || readSignal === 'hijack-after') {
      request.signal.addEventListener('abort', () => {
        const reason = request.signal.reason
        events.push(`abort ${String(reason.name)} ${String(reason.code)} ${String(reason.message)}`)
      })
    }
    if (readSignal === 'hijack-after' || readSignal === 'after-hijack') reply.hijack()
    if (readSignal === 'after-hijack') void request.signal
    socket.destroy()
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const socket = net.connect(app.server.address().port, '127.0.0.1', () => { socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n') })
  socket.on('error', () => {})
  await closed
  const result = { events, aborted: saved.signal.aborted }
  await app.close()
  return result
}

test('request.signal aborts when the client goes away before the response is finished', async (t) => {
  const before = await sameOnBoth(t, (factory) => signalAfterClientLeaves(factory, 'before'))
  t.same(before, { events: ['abort AbortError 20 This operation was aborted', 'onRequestAbort true'], aborted: true })
  // As Fastify 5: the signal watches from its first read; hijacking stops a signal already read.
  t.same(await sameOnBoth(t, (factory) => signalAfterClientLeaves(factory, 'late')), { events: ['onRequestAbort false'], aborted: false })
  t.same(await sameOnBoth(t, (factory) => signalAfterClientLeaves(factory, 'hijack-after')), { events: ['onRequestAbort false'], aborted: false })
  t.same(await sameOnBoth(t, (factory) => signalAfterClientLeaves(factory, 'after-hijack')), { events: ['onRequestAbort true'], aborted: true })
})

/** A signal read by a handler that answers; the client leaves once the server has finished the response. */
async function signalAfterFinishedResponse (factory: Factory, withOnResponse: boolean): Promise<boolean> {
  const app = factory()
  let signal: AbortSignal | null = null
  let onClosed: () => void = () => {}
  const closed = new Promise<void>((resolve) => { onClosed = resolve })
  let onFinished: () => void = () => {}
  const finished = new Promise<void>((resolve) => { onFinished = resolve })
  if (withOnResponse) app.addHook('onResponse', async () => {})
  app.get('/', (request: any, reply: any) => {
    signal = request.signal
    request.raw.socket.once('close', () => { setImmediate(onClosed) })
    reply.raw.once('finish', onFinished)
    reply.send('done')
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const socket = net.connect(app.server.address().port, '127.0.0.1', () => { socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n') })
  const answered = new Promise((resolve) => socket.once('data', resolve))
  await Promise.all([answered, finished])
  socket.destroy()
  await closed
  await app.close()
  return signal!.aborted
}

test('request.signal stays unaborted once the response is finished, however the client leaves', async (t) => {
  t.equal(await sameOnBoth(t, (factory) => signalAfterFinishedResponse(factory, true)), false)
  // Fastify 5.12.8 aborts it after every finished response of a route without onResponse hooks or
  // request logging, against its documentation ("aborts when … the client disconnects"): the v5 face
  // keeps the documented behaviour there (docs/migrating-from-fastify.md, "What differs").
  t.equal(await signalAfterFinishedResponse(fastify5, false), true, 'fastify@5.12.8 without onResponse hooks')
  t.equal(await signalAfterFinishedResponse(v5Face, false), false, '@enclave/fastify (v5) without onResponse hooks')
})

test('enclave() has Fastify 5\'s additive request and reply members', async (t) => {
  const [[, enclaveFactory]] = enclaveFaces
  const app = enclaveFactory()
  app.decorateRequest('user', null)
  app.get('/', (request: any, reply: any) => {
    request.setDecorator('user', 'ada')
    return {
      user: request.getDecorator('user'),
      mediaType: request.mediaType,
      signal: request.signal instanceof AbortSignal,
      writeEarlyHints: reply.writeEarlyHints({ link: '</a.css>; rel=preload' }) === reply,
      replyGetDecorator: typeof reply.getDecorator('send'),
      elapsedTime: typeof reply.elapsedTime
    }
  })
  t.same((await app.inject({ url: '/', headers: { 'content-type': 'Text/Plain' } })).json(), {
    user: 'ada', mediaType: 'text/plain', signal: true, writeEarlyHints: true, replyGetDecorator: 'function', elapsedTime: 'number'
  })
  await app.close()
})
