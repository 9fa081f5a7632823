import t from 'tap'
import Fastify from 'fastify4'
import enclave from '@enclave/core'
import { createServer, fastifyProfile } from '@enclave/core/internal'

// Every case runs on fastify@4.29.1, on the Fastify face and on enclave(): all three must agree.
const factories: Record<string, (options?: any) => any> = {
  fastify4: (options) => Fastify(options),
  'fastify face': (options) => createServer(options, fastifyProfile),
  enclave: (options) => enclave(options)
}

function httpError (message: string, statusCode: number, code?: string): Error {
  return Object.assign(new Error(message), { statusCode, code })
}

const required = (name: string) => ({ type: 'object', required: [name], properties: { [name]: { type: 'string' } } })
const messageAndExtra = { type: 'object', properties: { message: { type: 'string' }, extra: { type: 'string', default: 'x' } } }

type Case = [string, (app: any) => void]
const cases: Case[] = [
  ['a reply missing a required property: 500 with the serializer\'s message, no code', (app) => {
    app.get('/', { schema: { response: { 200: required('name') } } }, async () => ({ password: 'secret-value' }))
  }],
  ['a thrown 500 on a route with default: { fallback: boolean } answers {}', (app) => {
    app.get('/', { schema: { response: { default: { type: 'object', properties: { fallback: { type: 'boolean' } } } } } }, async () => { throw new Error('boom') })
  }],
  ['a thrown 404 on a route with a 4xx schema lacking statusCode', (app) => {
    app.get('/', { schema: { response: { '4xx': { type: 'object', properties: { error: { type: 'string' }, message: { type: 'string' } } } } } }, async () => { throw httpError('nope', 404) })
  }],
  ['a 5xx schema with a default value', (app) => {
    app.get('/', { schema: { response: { '5xx': messageAndExtra } } }, async () => { throw new Error('boom') })
  }],
  ['an exact-code schema wins for errors too', (app) => {
    app.get('/', { schema: { response: { 409: messageAndExtra, '4xx': { type: 'object', properties: {} } } } }, async () => { throw httpError('taken', 409, 'E_TAKEN') })
  }],
  ['a content-keyed 4xx schema', (app) => {
    app.get('/', { schema: { response: { '4xx': { content: { 'application/json': { schema: messageAndExtra } } } } } }, async () => { throw httpError('nope', 404) })
  }],
  ['a 2xx schema leaves error payloads alone', (app) => {
    app.get('/', { schema: { response: { '2xx': messageAndExtra } } }, async () => { throw new Error('boom') })
  }],
  ['an error payload the schema rejects: FST_ERR_FAILED_ERROR_SERIALIZATION', (app) => {
    app.get('/', { schema: { response: { 409: required('id') } } }, async () => { throw httpError('taken', 409, 'E_TAKEN') })
  }],
  ['a serialization failure then a 5xx schema the error payload does not fit', (app) => {
    app.get('/', { schema: { response: { 200: required('name'), '5xx': required('zzz') } } }, async () => ({}))
  }],
  ['a serialization failure then a default schema', (app) => {
    app.get('/', { schema: { response: { 200: required('name'), default: messageAndExtra } } }, async () => ({}))
  }],
  ['an error sent by a custom error handler goes through the schema', (app) => {
    app.setErrorHandler((error: any, _request: any, reply: any) => { reply.code(400).send(error) })
    app.get('/', { schema: { response: { '4xx': messageAndExtra } } }, async () => { throw new Error('boom') })
  }],
  ['an object sent by a custom error handler goes through the schema', (app) => {
    app.setErrorHandler(async (error: any, _request: any, reply: any) => { reply.code(422); return { message: error.message, internal: 'ids', retryable: 'yes' } })
    app.get('/', { schema: { response: { '4xx': { type: 'object', properties: { message: { type: 'string' }, retryable: { type: 'boolean' } } } } } }, async () => { throw httpError('bad', 422) })
  }],
  ['a custom error handler payload that fails its schema', (app) => {
    app.setErrorHandler(async (_error: any, _request: any, reply: any) => { reply.code(400); return { nothing: 'required' } })
    app.get('/', { schema: { response: { 400: required('message') } } }, async () => { throw httpError('first', 400) })
  }],
  ['setReplySerializer wins over the response schema', (app) => {
    app.setReplySerializer((payload: unknown, statusCode: number) => `RS${statusCode}:${JSON.stringify(payload)}`)
    app.get('/', { schema: { response: { 200: { type: 'object', properties: { a: { type: 'string' } } } } } }, async () => ({ a: 1, b: 2 }))
  }],
  ['setReplySerializer is not used for the default error payload', (app) => {
    app.setReplySerializer((payload: unknown, statusCode: number) => `RS${statusCode}:${JSON.stringify(payload)}`)
    app.get('/', async () => { throw new Error('x') })
  }],
  ['setReplySerializer serializes a 4xx object a handler sends', (app) => {
    app.setReplySerializer((payload: unknown, statusCode: number) => `RS${statusCode}:${JSON.stringify(payload)}`)
    app.get('/', async (_request: any, reply: any) => reply.code(400).send({ a: 1 }))
  }],
  ['errors of JSON.stringify are answered as they are', (app) => {
    app.get('/', async () => ({ n: 10n }))
  }],
  ['errors of reply.serializer() are answered as they are', (app) => {
    app.get('/', async (_request: any, reply: any) => reply.serializer(() => { throw httpError('cannot encode', 406, 'E_ENCODE') }).send({ a: 1 }))
  }]
]

async function answer (factory: (options?: any) => any, setup: (app: any) => void, options?: any): Promise<string> {
  const app = factory(options)
  setup(app)
  const response = await app.inject('/')
  await app.close()
  return `${response.statusCode} ${response.headers['content-type']} ${response.body}`
}

t.test('error payloads and response schemas: as fastify@4.29.1 on both faces', async (t) => {
  for (const [name, setup] of cases) {
    const expected = await answer(factories.fastify4!, setup)
    t.equal(await answer(factories['fastify face']!, setup), expected, `fastify face: ${name}`)
    t.equal(await answer(factories.enclave!, setup), expected, `enclave(): ${name}`)
  }
  t.equal(await answer(factories.enclave!, cases[0]![1]), '500 application/json; charset=utf-8 {"statusCode":500,"error":"Internal Server Error","message":"\\"name\\" is required!"}')
  t.equal(await answer(factories.enclave!, cases[1]![1]), '500 application/json; charset=utf-8 {}')
})

t.test('protectErrorPayloads: the default error handler\'s payload is never reshaped by a response schema', async (t) => {
  const full = (status: number, error: string, message: string, code?: string) =>
    `${status} application/json; charset=utf-8 ${JSON.stringify(code === undefined ? { statusCode: status, error, message } : { statusCode: status, code, error, message })}`
  const options = { protectErrorPayloads: true }
  t.equal(await answer(enclave, cases[1]![1], options), full(500, 'Internal Server Error', 'boom'))
  t.equal(await answer(enclave, cases[2]![1], options), full(404, 'Not Found', 'nope'))
  t.equal(await answer(enclave, cases[7]![1], options), full(409, 'Conflict', 'taken', 'E_TAKEN'), 'a required property of the schema does not turn the error into a second failure')
  t.equal(await answer(enclave, cases[8]![1], options), full(500, 'Internal Server Error', '"name" is required!'))
  const custom = await answer(enclave, cases[11]![1], options)
  t.equal(custom, '422 application/json; charset=utf-8 {"message":"bad","retryable":true}', 'what a custom error handler sends is still serialized by the schema')
  t.equal(await answer((o) => createServer(o, fastifyProfile), cases[1]![1], options), full(500, 'Internal Server Error', 'boom'), 'the option works on the Fastify face too')
})

t.test('a serialization failure goes through onError and the error handlers with the serializer\'s own error', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  const seen: unknown[] = []
  app.addHook('onError', async (_request, _reply, error) => { seen.push(error.message) })
  app.setErrorHandler(async (error: any, _request, reply) => reply.code(500).send({ failed: error.message }))
  app.get('/', { schema: { response: { 200: required('x') } } }, async () => ({}) as any)
  const response = await app.inject('/')
  t.equal(response.statusCode, 500)
  t.strictSame(response.json(), { failed: '"x" is required!' })
  t.strictSame(seen, ['"x" is required!'])
})

t.test('a serialization error is logged with the request, not sent with a stack', async (t) => {
  const lines: Array<Record<string, any>> = []
  const app = enclave({ logger: { level: 'error', stream: { write (line: string) { lines.push(JSON.parse(line)) } } } })
  t.teardown(() => app.close())
  app.get('/', { schema: { response: { 200: required('id') } } }, async () => ({}) as any)
  const response = await app.inject('/')
  t.notMatch(response.body, /at .*\.js/)
  const logged = lines.find((line) => line.err?.message === '"id" is required!')
  t.ok(logged, 'logged at error level')
  t.equal(logged?.level, 50)
  t.type(logged?.reqId, 'string')
})

t.test('a string thrown by reply.serializer(): for an object, the TypeError of marking it; for a string, thrown to send()\'s caller as it is (as Fastify)', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.get('/', async (_request, reply) => reply.serializer(() => { throw 'plain string' }).send({ a: 1 })) // eslint-disable-line no-throw-literal
  let caught: unknown
  app.get('/text', (_request, reply) => {
    try {
      reply.type('application/json').serializer(() => { throw 'plain string' }).send('x') // eslint-disable-line no-throw-literal
    } catch (thrown) {
      caught = thrown
      throw thrown
    }
  })
  const response = await app.inject('/')
  t.equal(response.statusCode, 500)
  t.equal(response.json().message, "Cannot create property 'serialization' on string 'plain string'")
  const text = await app.inject('/text')
  t.equal(caught, 'plain string')
  t.equal(text.statusCode, 500)
  t.equal(text.body, 'plain string', 'a thrown string is the payload of the default error handler (thrown values: see error-handler tests)')
})
