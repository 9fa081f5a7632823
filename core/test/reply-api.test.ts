import t from 'tap'
import enclave from '@enclave/core'

t.test('code() and status() set the status; statusCode reads and writes it', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.get('/code', async (_request, reply) => { reply.code(201); return { before: 200, after: reply.statusCode } })
  app.get('/status', async (_request, reply) => reply.status(202).send('accepted'))
  app.get('/assign', async (_request, reply) => { reply.statusCode = 203; return 'assigned' })
  const code = await app.inject('/code')
  t.equal(code.statusCode, 201)
  t.same(code.json(), { before: 200, after: 201 })
  const status = await app.inject('/status')
  t.equal(status.statusCode, 202)
  t.equal(status.body, 'accepted')
  t.equal((await app.inject('/assign')).statusCode, 203)
})

t.test('an invalid status code is a 500 with FST_ERR_BAD_STATUS_CODE', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.get('/:code', async (request, reply) => reply.code(Number((request.params as any).code)).send('x'))
  for (const bad of ['99', '600', 'NaN']) {
    const response = await app.inject('/' + bad)
    t.equal(response.statusCode, 500, bad)
    t.same(response.json(), {
      statusCode: 500,
      code: 'FST_ERR_BAD_STATUS_CODE',
      error: 'Internal Server Error',
      message: `Called reply with an invalid status code: ${bad}`
    })
  }
})

t.test('header, headers, getHeader, getHeaders, hasHeader, removeHeader', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.get('/', async (_request, reply) => {
    reply.header('X-One', '1')
    reply.headers({ 'x-two': '2', 'x-three': '3', 'x-num': 5 })
    reply.raw.setHeader('x-raw', 'raw')
    reply.removeHeader('x-three')
    reply.header('set-cookie', 'a=1').header('Set-Cookie', 'b=2')
    reply.header('x-empty', undefined)
    return {
      one: reply.getHeader('x-one'),
      oneUpper: reply.getHeader('X-ONE'),
      raw: reply.getHeader('x-raw'),
      missing: reply.getHeader('x-missing') ?? null,
      hasTwo: reply.hasHeader('X-Two'),
      hasThree: reply.hasHeader('x-three'),
      hasRaw: reply.hasHeader('x-raw'),
      all: reply.getHeaders()
    }
  })
  const response = await app.inject('/')
  t.equal(response.statusCode, 200)
  t.same(response.json(), {
    one: '1',
    oneUpper: '1',
    raw: 'raw',
    missing: null,
    hasTwo: true,
    hasThree: false,
    hasRaw: true,
    all: { 'x-raw': 'raw', 'x-one': '1', 'x-two': '2', 'x-num': 5, 'set-cookie': ['a=1', 'b=2'], 'x-empty': '' }
  })
  t.equal(response.headers['x-one'], '1')
  t.equal(response.headers['x-two'], '2')
  t.equal(response.headers['x-num'], '5')
  t.equal(response.headers['x-raw'], 'raw')
  t.equal(response.headers['x-three'], undefined)
  t.equal(response.headers['x-empty'], '')
  t.same(response.headers['set-cookie'], ['a=1', 'b=2'])
})

t.test('a header value with CR/LF becomes a 500 with Node\'s error, as in Fastify, not a split response', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.get('/', async (_request, reply) => reply.header('x-bad', 'a\r\nx-injected: 1').send('x'))
  const response = await app.inject('/')
  t.equal(response.statusCode, 500)
  t.equal(response.headers['x-injected'], undefined)
  t.equal(response.headers['x-bad'], undefined)
  t.same(response.json(), {
    statusCode: 500,
    code: 'ERR_INVALID_CHAR',
    error: 'Internal Server Error',
    message: 'Invalid character in header content ["x-bad"]'
  })
})

t.test('an invalid header name or value answers the payload Fastify answers, and error handlers see Node\'s error', async (t) => {
  const { default: Fastify } = await import('fastify4')
  async function outcomes (factory: (options?: any) => any) {
    const app = factory()
    let seen: unknown
    app.get('/value', async (_request: any, reply: any) => reply.header('x', 'a\nb').send('x'))
    app.get('/name', async (_request: any, reply: any) => reply.header('x y', 'v').send('x'))
    app.register(async (child: any) => {
      child.setErrorHandler((error: any, _request: any, reply: any) => {
        seen = { code: error.code, name: error.name, message: error.message }
        reply.send(error)
      })
      child.get('/handled', async (_request: any, reply: any) => reply.header('x', 'a\r\nb').send({ a: 1 }))
    })
    const result: Record<string, unknown> = {}
    for (const path of ['/value', '/name', '/handled']) {
      const response = await app.inject(path)
      result[path] = { status: response.statusCode, body: response.json() }
    }
    await app.close()
    return { result, seen }
  }
  const ours = await outcomes(enclave)
  t.same(ours, await outcomes(Fastify))
  t.match(ours.seen, { code: 'ERR_INVALID_CHAR' })
})

t.test('type() sets the content type as given', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.get('/html', async (_request, reply) => reply.type('text/html; charset=utf-8').send('<p>hi</p>'))
  app.get('/json', async (_request, reply) => reply.type('application/vnd.api+json').send({ a: 1 }))
  app.get('/json-charset', async (_request, reply) => reply.type('application/json; charset=latin1').send({ a: 1 }))
  const html = await app.inject('/html')
  t.equal(html.headers['content-type'], 'text/html; charset=utf-8')
  t.equal(html.body, '<p>hi</p>')
  const json = await app.inject('/json')
  t.equal(json.headers['content-type'], 'application/vnd.api+json; charset=utf-8', 'a JSON type gets utf-8 when it names no charset')
  t.same(json.json(), { a: 1 })
  t.equal((await app.inject('/json-charset')).headers['content-type'], 'application/json; charset=latin1')
})

t.test('serializer() replaces serialization for one reply, and sets no content type', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.get('/', async (_request, reply) => reply.serializer((payload: any) => `custom:${JSON.stringify(payload)}`).send({ a: 1 }))
  app.get('/typed', async (_request, reply) => reply.type('application/x-custom').serializer(() => 'typed').send({ a: 1 }))
  const response = await app.inject('/')
  t.equal(response.statusCode, 200)
  t.equal(response.body, 'custom:{"a":1}')
  t.equal(response.headers['content-type'], undefined)
  const typed = await app.inject('/typed')
  t.equal(typed.headers['content-type'], 'application/x-custom')
  t.equal(typed.body, 'typed')
})

t.test('serialize() uses the route response schema for the current status', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  // Typed loosely on purpose: the handler returns the serialized string, not the schema's object.
  const schema: Record<string, unknown> = {
    response: {
      200: { type: 'object', properties: { id: { type: 'integer' } } },
      404: { type: 'object', properties: { missing: { type: 'string' } } }
    }
  }
  app.get('/', { schema }, async (_request, reply) => {
    const ok = reply.serialize({ id: 1, secret: 'x' })
    reply.code(404)
    const missing = reply.serialize({ missing: 5, secret: 'x' })
    reply.code(200)
    return `${ok} ${missing}`
  })
  app.get('/plain', async (_request, reply) => reply.serialize({ a: [1, 2] }))
  t.equal((await app.inject('/')).body, '{"id":1} {"missing":"5"}')
  const plain = await app.inject('/plain')
  t.equal(plain.body, '{"a":[1,2]}')
  t.equal(plain.headers['content-type'], 'text/plain; charset=utf-8', 'the serialized string is sent as a string')
})

t.test('redirect() with url, (code, url) and a status set before', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.get('/plain', async (_request, reply) => reply.redirect('/target'))
  app.get('/code-first', async (_request, reply) => reply.redirect(301, '/moved'))
  app.get('/url-first', async (_request, reply) => reply.redirect('/seeother', 303))
  app.get('/preset', async (_request, reply) => reply.code(307).redirect('/temp'))
  const expected: Array<[string, number, string]> = [
    ['/plain', 302, '/target'], ['/code-first', 301, '/moved'], ['/url-first', 303, '/seeother'], ['/preset', 307, '/temp']
  ]
  for (const [url, status, location] of expected) {
    const response = await app.inject(url)
    t.equal(response.statusCode, status, url)
    t.equal(response.headers.location, location)
    t.equal(response.headers['content-length'], '0')
    t.equal(response.body, '')
  }
})

t.test('callNotFound() answers through the not-found handler', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.get('/default', async (_request, reply) => { reply.callNotFound() })
  const response = await app.inject('/default')
  t.equal(response.statusCode, 404)
  t.same(response.json(), { message: 'Route GET:/default not found', error: 'Not Found', statusCode: 404 })

  const custom = enclave()
  t.teardown(() => custom.close())
  custom.setNotFoundHandler(async (request, reply) => { reply.code(404); return { custom: true, url: request.url } })
  custom.get('/item/:id', async (request, reply) => {
    if ((request.params as any).id !== '1') return reply.callNotFound()
    return { id: 1 }
  })
  t.same((await custom.inject('/item/1')).json(), { id: 1 })
  const missing = await custom.inject('/item/2')
  t.equal(missing.statusCode, 404)
  t.same(missing.json(), { custom: true, url: '/item/2' })
})

t.test('sent is false before and true after sending; raw is the ServerResponse', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  let states: unknown[] = []
  app.get('/', (_request, reply) => {
    states = [reply.sent, typeof reply.raw.writeHead, reply.raw.headersSent]
    reply.send('done')
    states.push(reply.sent)
  })
  const response = await app.inject('/')
  t.equal(response.body, 'done')
  t.same(states, [false, 'function', false, true])
})

t.test('elapsedTime grows while the request runs and freezes once it is answered', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  let atEnd = 0
  let afterEnd = 0
  let hookDone: () => void = () => {}
  const whenHookDone = new Promise<void>((resolve) => { hookDone = resolve })
  app.addHook('onResponse', async (_request, reply) => {
    atEnd = reply.elapsedTime
    await new Promise((resolve) => setTimeout(resolve, 20))
    afterEnd = reply.elapsedTime
    hookDone()
  })
  app.get('/', async (_request, reply) => {
    const start = reply.elapsedTime
    await new Promise((resolve) => setTimeout(resolve, 30))
    return { start, later: reply.elapsedTime }
  })
  const body = (await app.inject('/')).json()
  t.ok(body.start >= 0)
  t.ok(body.later - body.start >= 25, `elapsed ${String(body.start)} then ${String(body.later)}`)
  await whenHookDone
  t.ok(atEnd >= body.later)
  t.equal(afterEnd, atEnd, 'elapsedTime stops at the end of the response')
})

t.test('hijack() hands the raw response to the handler; Enclave stays out of the way', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  const after: string[] = []
  app.addHook('onSend', async () => { after.push('onSend') })
  app.get('/', async (_request, reply) => {
    reply.hijack()
    reply.raw.writeHead(200, { 'content-type': 'text/event-stream', 'x-hijacked': 'yes' })
    reply.raw.write('data: one\n\n')
    reply.raw.end('data: two\n\n')
    return 'ignored'
  })
  const response = await app.inject('/')
  t.equal(response.statusCode, 200)
  t.equal(response.headers['x-hijacked'], 'yes')
  t.equal(response.body, 'data: one\n\ndata: two\n\n')
  t.same(after, [], 'no onSend for a hijacked reply')
})

t.test('sent = true is the legacy form of hijack; other values are refused', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.get('/', (_request, reply) => {
    ;(reply as any).sent = true
    reply.raw.end('manual')
  })
  app.get('/bad', (_request, reply) => {
    try {
      ;(reply as any).sent = false
    } catch (error: any) {
      reply.send({ code: error.code })
    }
  })
  t.equal((await app.inject('/')).body, 'manual')
  t.same((await app.inject('/bad')).json(), { code: 'FST_ERR_REP_SENT_VALUE' })
})

t.test('await reply waits for the response to be written', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  const events: string[] = []
  app.get('/', async (_request, reply) => {
    setTimeout(() => { events.push('send'); reply.send('later') }, 20)
    await reply
    events.push(`resumed sent=${String(reply.sent)}`)
    return reply
  })
  const response = await app.inject('/')
  t.equal(response.statusCode, 200)
  t.equal(response.body, 'later')
  await new Promise((resolve) => setTimeout(resolve, 10))
  t.same(events, ['send', 'resumed sent=true'])
})

t.test('returning the reply from an async handler means "I will send it myself"', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.get('/', async (_request, reply) => {
    setTimeout(() => { reply.code(202).send({ late: true }) }, 30)
    return reply
  })
  app.get('/sync', (_request, reply) => {
    setImmediate(() => { reply.send('sync later') })
    return reply
  })
  const response = await app.inject('/')
  t.equal(response.statusCode, 202)
  t.same(response.json(), { late: true })
  t.equal((await app.inject('/sync')).body, 'sync later')
})

t.test('awaiting a reply that is already sent or hijacked resolves at once', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.get('/sent', async (_request, reply) => {
    reply.send('first')
    await reply
    return reply
  })
  app.get('/hijacked', async (_request, reply) => {
    reply.hijack()
    await reply
    reply.raw.end('after await')
  })
  t.equal((await app.inject('/sent')).body, 'first')
  t.equal((await app.inject('/hijacked')).body, 'after await')
})

t.test('reply.then settles when the client goes away mid-response', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  let settled = ''
  app.get('/', async (_request, reply) => {
    reply.raw.destroy()
    await reply.then(() => { settled = 'fulfilled' }, () => { settled = 'rejected' })
  })
  await app.inject('/').catch(() => undefined)
  await new Promise((resolve) => setTimeout(resolve, 20))
  t.equal(settled, 'fulfilled', 'a premature close is not an error')
})

t.test('reply.server is the instance of the route; getResponseTime is elapsedTime', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.get('/', async (_request, reply: any) => ({ same: reply.server === app, time: typeof reply.getResponseTime() }))
  t.same((await app.inject('/')).json(), { same: true, time: 'number' })
})
