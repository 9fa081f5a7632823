// Explicit route generics (Fastify's RouteGenericInterface) and annotated handlers.
// Checked by tsc, never run.
import enclave, { type EnclaveRequest, type FastifyReply, type FastifyRequest, type RouteGenericInterface } from '@enclave/core'
import { assertType, type Equal } from './expect.js'

const app = enclave()

interface CreateItem extends RouteGenericInterface {
  Body: { title: string }
  Querystring: { dryRun?: boolean }
  Params: { list: string }
  Headers: { 'x-tenant': string }
  Reply: { id: number }
}

// Type arguments, as with Fastify.
app.post<CreateItem>('/lists/:list/items', async (request, reply) => {
  assertType<Equal<typeof request.body, { title: string }>>()
  assertType<Equal<typeof request.query, { dryRun?: boolean }>>()
  assertType<Equal<typeof request.params, { list: string }>>()
  const tenant: string = request.headers['x-tenant']
  reply.code(201).send({ id: 1 })
  // @ts-expect-error the Reply generic
  reply.send({ id: 'one' })
  return { id: 2, tenant }
})

// A generic names only some parts; the schema types the others.
app.post<{ Body: { title: string } }>('/mixed', {
  schema: { querystring: { type: 'object', properties: { page: { type: 'integer' } } } }
}, async (request) => {
  assertType<Equal<typeof request.body, { title: string }>>()
  // With type arguments given, the schema's type is not inferred (TypeScript infers all or none).
  assertType<Equal<typeof request.query, unknown>>()
})

// A handler whose parameters are annotated, as Fastify code often is.
app.post('/annotated', async (request: FastifyRequest<{ Body: { n: number } }>, reply: FastifyReply) => {
  const n: number = request.body.n
  return reply.send({ n })
})
app.get('/annotated-schema', {
  schema: { querystring: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] } }
}, async (request: EnclaveRequest) => {
  // A plain request annotation is allowed on a typed route: it only forgets the types.
  assertType<Equal<typeof request.query, unknown>>()
})
// As in Fastify, a part given by the generic (here through the annotation) wins over the schema.
app.post('/annotation-wins', {
  schema: { body: { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] } }
}, async (request: FastifyRequest<{ Body: { n: bigint } }>) => {
  assertType<Equal<typeof request.body.n, bigint>>()
})

// A lowercase part name is a typo the constraint catches.
// @ts-expect-error `body` is not a RouteGeneric part (`Body` is)
app.post<{ body: { a: string } }>('/typo', async () => 'x')

// route(): the same inference, from one options object.
app.route({
  method: 'POST',
  url: '/route/:id',
  schema: {
    body: { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
    response: { 200: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] } }
  },
  handler: async (request) => {
    assertType<Equal<typeof request.body, { a: string }>>()
    const id: string = request.params.id
    return { ok: id === request.body.a }
  }
})
app.route({
  method: ['GET', 'HEAD'],
  url: '/route-wrong',
  schema: { response: { 200: { type: 'string' } } },
  // @ts-expect-error 200 is a string
  handler: async () => 42
})

// The options-with-handler form of the shorthands.
app.put('/with-handler', {
  schema: { body: { type: 'object', properties: { v: { type: 'integer' } }, required: ['v'] } },
  handler: async (request) => {
    assertType<Equal<typeof request.body, { v: number }>>()
  }
})

// Route-level hooks see the route's types.
app.post('/hooks', {
  schema: { body: { type: 'object', properties: { token: { type: 'string' } }, required: ['token'] } },
  preHandler: async (request) => {
    assertType<Equal<typeof request.body, { token: string }>>()
  },
  preValidation: [(request, _reply, done) => {
    // Before validation, a hook still sees the validated type: the route's declared contract.
    const token: string = request.body.token
    done(token === '' ? new Error('empty') : undefined)
  }]
}, async () => 'ok')

// A method chosen at run time.
const method = 'get' as 'get' | 'post'
app[method]('/dynamic', async () => 'ok')
