import t from 'tap'
import enclave, { errorCodes } from '@enclave/core'

t.test('the default error payload is {statusCode, code, error, message}, in that order', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.get('/', async () => { throw Object.assign(new Error('not allowed'), { statusCode: 403, code: 'E_FORBIDDEN' }) })
  const response = await app.inject('/')
  t.equal(response.statusCode, 403)
  t.equal(response.headers['content-type'], 'application/json; charset=utf-8')
  t.equal(response.headers['content-length'], String(Buffer.byteLength(response.body)))
  t.equal(response.body, '{"statusCode":403,"code":"E_FORBIDDEN","error":"Forbidden","message":"not allowed"}')
})

t.test('an error without a code leaves code out; Enclave errors always have one', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.get('/plain', async () => { throw new TypeError('bad type') })
  app.get('/catalogue', async () => { throw new errorCodes.FST_ERR_NOT_FOUND('GET', '/x') })
  t.equal((await app.inject('/plain')).body, '{"statusCode":500,"error":"Internal Server Error","message":"bad type"}')
  t.same((await app.inject('/catalogue')).json(), { statusCode: 404, code: 'FST_ERR_NOT_FOUND', error: 'Not Found', message: 'Not Found GET /x' })
})

t.test('the status comes from error.statusCode, else error.status, else 500', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.get('/status-code', async () => { throw Object.assign(new Error('a'), { statusCode: 409 }) })
  app.get('/status', async () => { throw Object.assign(new Error('b'), { status: 422 }) })
  app.get('/none', async () => { throw new Error('c') })
  app.get('/not-an-error-status', async () => { throw Object.assign(new Error('d'), { statusCode: 302 }) })
  app.get('/nonsense', async () => { throw Object.assign(new Error('e'), { statusCode: 'bad' }) })
  app.get('/out-of-range', async () => { throw Object.assign(new Error('f'), { statusCode: 700 }) })
  const expected: Array<[string, number]> = [
    ['/status-code', 409], ['/status', 422], ['/none', 500], ['/not-an-error-status', 500], ['/nonsense', 500], ['/out-of-range', 500]
  ]
  for (const [url, status] of expected) {
    const response = await app.inject(url)
    t.equal(response.statusCode, status, url)
    t.equal(response.json().statusCode, status)
  }
})

t.test('a status set before the error is kept when it is an error status, never a 2xx', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.get('/404', async (_request, reply) => { reply.code(404); throw new Error('missing') })
  app.get('/201', async (_request, reply) => { reply.code(201); throw new Error('failed after all') })
  t.equal((await app.inject('/404')).statusCode, 404)
  const created = await app.inject('/201')
  t.equal(created.statusCode, 500)
  t.same(created.json(), { statusCode: 500, error: 'Internal Server Error', message: 'failed after all' })
})

t.test('error.headers are sent with the error response', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.get('/', async () => { throw Object.assign(new Error('slow down'), { statusCode: 429, headers: { 'retry-after': '30', 'x-limit': 10 } }) })
  const response = await app.inject('/')
  t.equal(response.statusCode, 429)
  t.equal(response.headers['retry-after'], '30')
  t.equal(response.headers['x-limit'], '10')
})

t.test('headers and content type set before the error do not leak into the error response type', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.get('/', async (_request, reply) => {
    reply.type('text/html').header('x-kept', 'yes')
    throw new Error('boom')
  })
  const response = await app.inject('/')
  t.equal(response.statusCode, 500)
  t.equal(response.headers['content-type'], 'application/json; charset=utf-8')
  t.equal(response.headers['x-kept'], 'yes')
  t.same(response.json(), { statusCode: 500, error: 'Internal Server Error', message: 'boom' })
})

t.test('never a stack in a response, whatever is thrown', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  const withStackProperty = Object.assign(new Error('with frames'), { stack: 'Error: with frames\n    at secret (/srv/app/secret.js:1:1)' })
  const throwables: Record<string, () => unknown> = {
    error: () => { throw new Error('plain') },
    stack: () => { throw withStackProperty },
    // eslint-disable-next-line no-throw-literal -- what the default handler answers to a thrown non-Error is the point
    undefined: () => { throw undefined },
    cause: () => { throw new Error('outer', { cause: new Error('inner secret') }) },
    aggregate: () => { throw new AggregateError([new Error('one')], 'many') }
  }
  for (const [name, thrower] of Object.entries(throwables)) {
    app.get('/' + name, async () => thrower())
  }
  for (const name of Object.keys(throwables)) {
    const response = await app.inject('/' + name)
    t.equal(response.statusCode, 500, name)
    t.notMatch(response.body, /\bat\b.*:\d+|secret|stack|inner/, `${name}: nothing from the stack or cause`)
    const body = response.json()
    t.same(Object.keys(body).filter((key) => key !== 'code'), ['statusCode', 'error', 'message'], name)
  }
})

t.test('framework errors use Fastify\'s payloads, key order included', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.post('/', async (request) => request.body)
  app.get('/item/:id', async (request) => request.params)
  const badJson = await app.inject({ method: 'POST', url: '/', payload: '{', headers: { 'content-type': 'application/json' } })
  t.same(Object.keys(badJson.json()), ['statusCode', 'code', 'error', 'message'])
  const notFound = await app.inject('/missing')
  t.same(Object.keys(notFound.json()), ['message', 'error', 'statusCode'])
  const badUrl = await app.inject('/item/%E0%A4%A')
  t.equal(badUrl.statusCode, 400)
  t.equal(badUrl.headers['content-type'], 'application/json')
  t.equal(badUrl.body, JSON.stringify({ error: 'Bad Request', code: 'FST_ERR_BAD_URL', message: "'/item/%E0%A4%A' is not a valid url component", statusCode: 400 }))
})

t.test('validation errors keep the spec\'s payload (no code)', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.get('/', { schema: { querystring: { type: 'object', required: ['q'], properties: { q: { type: 'string' } } } } }, async () => 'x')
  const response = await app.inject('/')
  t.equal(response.statusCode, 400)
  t.same(response.json(), { statusCode: 400, error: 'Bad Request', message: "querystring should have required property 'q'" })
})

t.test('a malformed request line or header is answered by the server with a complete 400', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.get('/', async () => 'ok')
  await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as { port: number }
  const { connect } = await import('node:net')
  const answer = await new Promise<string>((resolve) => {
    const socket = connect(port, '127.0.0.1')
    let data = ''
    socket.on('data', (chunk) => { data += chunk.toString() })
    socket.on('close', () => resolve(data))
    socket.on('error', () => resolve(data))
    socket.end('GET / HTTP/1.1\r\nHost: x\r\nBad Header Line\r\n\r\n')
  })
  t.match(answer, /^HTTP\/1\.1 400 Bad Request\r\n/)
  t.match(answer, /\r\n\r\n\{"error":"Bad Request","message":"Client Error","statusCode":400\}$/)
})
