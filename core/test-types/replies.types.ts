// Replies checked against the response schema of the status in use. Checked by tsc, never run.
import enclave, { type EnclaveReply, type FastifyReply } from '@enclave/core'
import { assertType, type Equal } from './expect.js'

const app = enclave()

const user = { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } }, required: ['id', 'name'] } as const
const problem = { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] } as const

app.post('/users', {
  schema: {
    response: {
      201: user,
      '4xx': problem,
      default: { type: 'object', properties: { crashed: { type: 'boolean' } }, required: ['crashed'] }
    }
  }
}, async (request, reply) => {
  // An exact code.
  reply.code(201).send({ id: 1, name: 'a' })
  // @ts-expect-error 201 declares an integer id
  reply.code(201).send({ id: '1', name: 'a' })
  // @ts-expect-error 201 requires the name
  reply.code(201).send({ id: 1 })
  // A class key: every 4xx code.
  reply.code(404).send({ message: 'not found' })
  reply.status(422).send({ message: 'invalid' })
  // @ts-expect-error a 4xx reply is a problem, not a user
  reply.code(409).send({ id: 1, name: 'a' })
  // `default` covers what nothing else declares.
  reply.code(500).send({ crashed: true })
  // @ts-expect-error the default schema requires `crashed`
  reply.code(503).send({ message: 'down' })
  // The status survives other reply methods.
  reply.code(201).header('location', '/users/1').type('application/json').send({ id: 1, name: 'a' })
  // @ts-expect-error … and so does the check
  reply.code(201).header('location', '/users/1').send({ message: 'x' })
  // Errors always go to the error handler, whatever the schema.
  reply.code(400).send(new Error('bad'))
  // A status that is not a literal cannot be checked.
  const status: number = Number(request.headers['x-status'])
  reply.code(status).send('anything')
  // The handler's return value is checked against the 2xx payloads (here only 201).
  return { id: 2, name: 'b' }
})

app.get('/wrong-return', { schema: { response: { 200: user } } },
  // @ts-expect-error the returned value is not a 200 payload
  async () => ({ id: 'not a number', name: 'x' })
)

app.get('/return-reply', { schema: { response: { 200: user, 404: problem } } }, async (_request, reply) => {
  // Returning the reply after sending is fine, whatever was sent.
  return reply.code(404).send({ message: 'gone' })
})

app.get('/sync-send', { schema: { response: { 200: user } } }, (_request, reply) => {
  reply.send({ id: 1, name: 'a' })
})

// Without code(), send() takes any 2xx payload.
app.get('/two-success', { schema: { response: { 200: user, 202: problem } } }, (_request, reply) => {
  reply.send({ id: 1, name: 'a' })
  reply.send({ message: 'accepted' })
  // @ts-expect-error neither 2xx payload
  reply.send({ other: true })
})

// A '2xx' class key, and what a response schema may leave out when serializing.
app.get('/class', {
  schema: {
    response: {
      '2xx': { type: 'object', properties: { at: { type: 'string', format: 'date-time' }, page: { type: 'integer', default: 1 } }, required: ['at', 'page'] }
    }
  }
}, async () => {
  // fast-json-stringify writes a Date for a date-time string, and fills in a default.
  return { at: new Date() }
})

// The shorthand works for responses too.
app.get('/short-response', { schema: { response: { 200: { ok: { type: 'boolean' } } } } }, async () => ({ ok: true }))

// Response schemas per media type: any of them.
app.get('/media', {
  schema: {
    response: {
      200: { content: { 'application/json': { schema: user }, 'text/csv': { schema: { type: 'string' } } } }
    }
  }
}, async (_request, reply) => {
  reply.send('id,name')
  reply.send({ id: 1, name: 'a' })
  // @ts-expect-error neither media type's payload
  reply.send(42)
})

// No response schema: nothing to check.
app.get('/free', async (_request, reply) => {
  reply.code(201).send({ whatever: true })
  return 42
})

// The Reply generic: one type for every status, or a map by status.
app.get<{ Reply: { ok: boolean } }>('/generic', async (_request, reply) => {
  reply.code(500).send({ ok: false })
  // @ts-expect-error the Reply generic applies to every status
  reply.send({ ok: 'yes' })
  return { ok: true }
})
app.get<{ Reply: { 200: { data: string }, '4xx': { error: string } } }>('/generic-map', async (_request, reply) => {
  reply.code(404).send({ error: 'missing' })
  // @ts-expect-error 404 is an error payload
  reply.code(404).send({ data: 'x' })
  return { data: 'x' }
})

// The reply type: `send()`'s parameter tracks the status.
app.get('/types', { schema: { response: { 200: user, 404: problem } } }, async (_request, reply) => {
  const notFound = reply.code(404)
  assertType<Equal<Parameters<typeof notFound.send>[0], { message: string } | Error | undefined>>()
  assertType<Equal<Parameters<typeof reply.send>[0], { id: number, name: string } | Error | undefined>>()
})

// A typed reply passes where a plain one is expected (helpers written for any route).
function sendTeapot (reply: FastifyReply): void {
  reply.code(418).send('short and stout')
}
function plain (reply: EnclaveReply): EnclaveReply {
  return reply
}
app.get('/helpers', { schema: { response: { 200: user } } }, async (_request, reply) => {
  sendTeapot(reply)
  plain(reply.code(200))
})

// Trailers, in Fastify 4.29's forms: async, or a done callback; the reply given back is the route's.
app.get('/trailers', async (_request, reply) => {
  reply.trailer('server-timing', async (given, payload) => {
    assertType<Equal<typeof given, typeof reply>>()
    assertType<Equal<typeof payload, string | Buffer | null>>()
    return 'db;dur=53'
  })
  reply.trailer('etag', (_given, _payload, done) => { done(null, 'abc') })
  // @ts-expect-error a trailer is computed by a function
  reply.trailer('etag', 'abc')
  const has: boolean = reply.hasTrailer('etag')
  assertType<Equal<ReturnType<typeof reply.removeTrailer>, typeof reply>>()
  return has ? 'with' : 'without'
})
