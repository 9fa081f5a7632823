import enclave, { type FastifyRequest, type FastifyReply, type EnclaveInstance } from '@enclave/core'
import { z } from 'zod'

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends (<T>() => T extends B ? 1 : 2) ? true : false
declare function expectType<T>(v: T): void
function assert<T extends true>() {}

const app = enclave()

app.post('/users/:id', {
  schema: {
    body: { type: 'object', properties: { name: { type: 'string' }, age: { type: 'integer', default: 3 }, tags: { type: 'array', items: { type: 'string' } } }, required: ['name'] },
    querystring: { limit: { type: 'integer' } },
    headers: { type: 'object', properties: { 'X-Token': { type: 'string' } }, required: ['X-Token'] },
    response: { 201: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] }, '4xx': { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] } }
  }
}, async (request, reply) => {
  assert<Equal<typeof request.body, { name: string, age: number, tags?: string[] }>>()
  assert<Equal<typeof request.query, { limit?: number }>>()
  const t: string = request.headers['x-token']
  const id: string = request.params.id
  reply.code(201).send({ id: 1 })
  // @ts-expect-error wrong payload for 201
  reply.code(201).send({ id: 'x' })
  reply.code(404).send({ message: 'no' })
  // @ts-expect-error
  reply.code(404).send({ msg: 'no' })
  return { id: 2 }
})

app.get('/x', { schema: { body: z.object({ a: z.string() }), querystring: z.object({ q: z.coerce.number() }) } }, (req) => {
  assert<Equal<typeof req.body, unknown>>()
  assert<Equal<typeof req.query, { q: number }>>()
  return 'x'
})

app.post('/fy', async (request: FastifyRequest<{ Body: { a: number } }>, reply: FastifyReply) => {
  const a: number = request.body.a
  return reply.send({ a })
})

const d = app.decorate('db', { q: () => 1 }).decorateRequest('user', null as { name: string } | null).decorateReply('ok', function () { return 1 })
d.get('/d', async function (req, reply) {
  const n = req.user?.name
  this.db.q()
  reply.ok()
  return n
})
d.register(async (child) => {
  child.db.q()
  child.get('/c', (req, reply) => { req.user; reply.ok() })
  child.addHook('onRequest', async (req) => { req.user })
})
// @ts-expect-error
app.db
// @ts-expect-error reference type
app.decorateRequest('obj', { a: 1 })
app.decorateRequest('fn', () => 1)
app.decorateRequest('acc', { getter () { return 1 } })
