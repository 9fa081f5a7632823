import t from 'tap'
import enclave from '@enclave/core'

function httpError (message: string, statusCode: number, code?: string): Error {
  return Object.assign(new Error(message), { statusCode, code })
}

t.test('a reply missing a required property answers 500 FST_ERR_RESPONSE_SERIALIZATION with a clear message', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.get('/user', {
    schema: { response: { 200: { type: 'object', required: ['id', 'name'], properties: { id: { type: 'integer' }, name: { type: 'string' } } } } }
  }, async () => ({ id: 1, password: 'secret-value' }) as any) // deliberately missing `name`
  const response = await app.inject('/user')
  t.equal(response.statusCode, 500)
  t.equal(response.headers['content-type'], 'application/json; charset=utf-8')
  t.strictSame(response.json(), {
    statusCode: 500,
    code: 'FST_ERR_RESPONSE_SERIALIZATION',
    error: 'Internal Server Error',
    message: 'Response does not match its schema: "name" is required!'
  })
  t.notMatch(response.body, /secret-value/, 'nothing of the payload leaks')
})

t.test('a serialization failure goes through onError and the error handlers', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  const seen: unknown[] = []
  app.addHook('onError', async (_request, _reply, error) => { seen.push(error.code) })
  app.setErrorHandler(async (error: any, _request, reply) => {
    seen.push(error.cause?.message)
    return reply.code(500).send({ failed: error.code })
  })
  app.get('/', { schema: { response: { 200: { type: 'object', required: ['x'], properties: { x: { type: 'string' } } } } } }, async () => ({}) as any)
  const response = await app.inject('/')
  t.equal(response.statusCode, 500)
  t.strictSame(response.json(), { failed: 'FST_ERR_RESPONSE_SERIALIZATION' })
  t.strictSame(seen, ['FST_ERR_RESPONSE_SERIALIZATION', '"x" is required!'], 'the serializer error is the cause')
})

t.test('error payloads of the default error handler keep statusCode, code, error and message whatever the response schemas', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  // Each of these schemas would reduce the error body (to {} or to { error, message }) if it applied.
  app.get('/not-found', { schema: { response: { '4xx': { type: 'object', properties: { error: { type: 'string' }, message: { type: 'string' } } } } } }, async () => {
    throw httpError('nope', 404)
  })
  app.get('/crash', { schema: { response: { default: { type: 'object', properties: { fallback: { type: 'boolean' } } } } } }, async () => {
    throw new Error('boom')
  })
  app.get('/exact', { schema: { response: { 409: { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } } } } }, async () => {
    throw httpError('taken', 409, 'E_TAKEN')
  })
  app.get('/five', { schema: { response: { '5xx': { type: 'string' } } } }, async () => {
    throw httpError('unavailable', 503, 'E_DOWN')
  })
  app.post('/validated', {
    schema: {
      body: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
      response: { '4xx': { type: 'object', properties: { ok: { type: 'boolean' } } } }
    }
  }, async () => ({ ok: true }))

  const notFound = await app.inject('/not-found')
  t.equal(notFound.statusCode, 404)
  t.strictSame(notFound.json(), { statusCode: 404, error: 'Not Found', message: 'nope' }, 'a thrown 404 on a route with a 4xx schema lacking statusCode')

  const crash = await app.inject('/crash')
  t.equal(crash.statusCode, 500)
  t.strictSame(crash.json(), { statusCode: 500, error: 'Internal Server Error', message: 'boom' }, 'a thrown 500 on a route with default: { fallback: boolean }')

  const exact = await app.inject('/exact')
  t.strictSame(exact.json(), { statusCode: 409, code: 'E_TAKEN', error: 'Conflict', message: 'taken' }, 'a required property of the schema does not turn the error into a second failure')

  const five = await app.inject('/five')
  t.strictSame(five.json(), { statusCode: 503, code: 'E_DOWN', error: 'Service Unavailable', message: 'unavailable' })

  const invalid = await app.inject({ method: 'POST', url: '/validated', payload: {} })
  t.equal(invalid.statusCode, 400)
  t.strictSame(invalid.json(), { statusCode: 400, error: 'Bad Request', message: "body should have required property 'name'" })
})

t.test('a serialization failure on a route with a 5xx schema still answers the full error payload', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.get('/', {
    schema: {
      response: {
        200: { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } },
        '5xx': { type: 'object', properties: { fallback: { type: 'boolean' } } }
      }
    }
  }, async () => ({}) as any)
  const response = await app.inject('/')
  t.equal(response.statusCode, 500)
  t.equal(response.json().code, 'FST_ERR_RESPONSE_SERIALIZATION')
  t.equal(response.json().message, 'Response does not match its schema: "id" is required!')
})

t.test('what a custom error handler sends goes through the response schema for its status', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.setErrorHandler(async (error: any, _request, reply) => {
    reply.code(error.statusCode ?? 500)
    return { message: error.message, internal: 'stack or ids', retryable: 'yes' }
  })
  app.get('/', {
    schema: {
      response: {
        '4xx': { type: 'object', properties: { message: { type: 'string' }, retryable: { type: 'boolean' } } }
      }
    }
  }, async () => { throw httpError('bad', 422) })
  app.get('/no-schema-for-status', { schema: { response: { '4xx': { type: 'object', properties: { message: { type: 'string' } } } } } }, async () => {
    throw new Error('crash')
  })
  const response = await app.inject('/')
  t.equal(response.statusCode, 422)
  t.strictSame(response.json(), { message: 'bad', retryable: true }, 'filtered and converted by the 4xx schema')
  const unmatched = await app.inject('/no-schema-for-status')
  t.equal(unmatched.statusCode, 500)
  t.strictSame(unmatched.json(), { message: 'crash', internal: 'stack or ids', retryable: 'yes' }, 'no 5xx/default schema: plain JSON')
})

t.test('a custom error handler payload that fails its schema falls back to the next handler', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.setErrorHandler(async (_error, _request, reply) => {
    reply.code(400)
    return { nothing: 'required' }
  })
  app.get('/', { schema: { response: { 400: { type: 'object', required: ['message'], properties: { message: { type: 'string' } } } } } }, async () => {
    throw httpError('first', 400)
  })
  const response = await app.inject('/')
  t.equal(response.statusCode, 500)
  t.strictSame(response.json(), {
    statusCode: 500,
    code: 'FST_ERR_RESPONSE_SERIALIZATION',
    error: 'Internal Server Error',
    message: 'Response does not match its schema: "message" is required!'
  })
})

t.test('errors of non-schema serializers are answered as they are', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.get('/bigint', async () => ({ n: 10n }))
  app.get('/custom', async (_request, reply) => reply.serializer(() => { throw httpError('cannot encode', 406, 'E_ENCODE') }).send({ a: 1 }))
  app.get('/custom-string-throw', async (_request, reply) => reply.serializer(() => { throw 'plain string' }).send({ a: 1 })) // eslint-disable-line no-throw-literal

  const bigint = await app.inject('/bigint')
  t.equal(bigint.statusCode, 500)
  t.strictSame(bigint.json(), { statusCode: 500, error: 'Internal Server Error', message: 'Do not know how to serialize a BigInt' }, 'JSON.stringify\'s own error, as in Fastify')
  const custom = await app.inject('/custom')
  t.equal(custom.statusCode, 406)
  t.strictSame(custom.json(), { statusCode: 406, code: 'E_ENCODE', error: 'Not Acceptable', message: 'cannot encode' })
  const text = await app.inject('/custom-string-throw')
  t.equal(text.statusCode, 500)
  // A thrown non-Error is answered as the payload itself, as the default handler does for any thrown value.
  t.equal(text.body, 'plain string')
})

t.test('a serialization error is logged with the request, not sent with a stack', async (t) => {
  const lines: Array<Record<string, any>> = []
  const app = enclave({ logger: { level: 'error', stream: { write (line: string) { lines.push(JSON.parse(line)) } } } })
  t.teardown(() => app.close())
  app.get('/', { schema: { response: { 200: { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } } } } }, async () => ({}) as any)
  const response = await app.inject('/')
  t.notMatch(response.body, /at .*\.js/)
  const logged = lines.find((line) => line.err?.code === 'FST_ERR_RESPONSE_SERIALIZATION')
  t.ok(logged, 'logged at error level')
  t.equal(logged?.level, 50)
  t.type(logged?.reqId, 'string')
})
