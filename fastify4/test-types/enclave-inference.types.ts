// Enclave's own inference reaches `fastify` through a type provider, `EnclaveTypeProvider`: schemas
// type the route from JSON Schema literals (no `as const`), Zod or TypeBox, and `code()` ties the
// reply to the status's schema. Without it, `fastify` types routes as Fastify 4.29 does (`unknown`
// parts, see fastify-type-contracts.types.ts). Checked by tsc (skipLibCheck off), never run.
import Fastify, { type EnclaveTypeProvider } from 'fastify'
import { Type } from '@sinclair/typebox'
import { z } from 'zod'
import { assertType, type Equal } from './expect.js'

const app = Fastify().withTypeProvider<EnclaveTypeProvider>()

// A JSON Schema literal, no provider and no `as const`.
app.post('/items/:id', {
  schema: {
    params: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] },
    body: {
      type: 'object',
      properties: { name: { type: 'string' }, tags: { type: 'array', items: { type: 'string' } } },
      required: ['name'],
      additionalProperties: false
    },
    response: {
      201: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } }, required: ['id', 'name'] },
      '4xx': { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] }
    }
  }
}, async (request, reply) => {
  assertType<Equal<typeof request.params.id, number>>()
  assertType<Equal<typeof request.body, { name: string, tags?: string[] }>>()
  if (request.body.name === '') return reply.code(400).send({ message: 'empty name' })
  // @ts-expect-error a 201 needs the id
  void reply.code(201).send({ name: request.body.name })
  return reply.code(201).send({ id: request.params.id, name: request.body.name })
})

// Zod, no provider.
const Body = z.object({ email: z.string().email(), age: z.number().int().optional() })
const Ok = z.object({ ok: z.boolean() })
app.post('/zod', { schema: { body: Body, response: { 200: Ok } } }, async (request) => {
  assertType<Equal<typeof request.body, z.output<typeof Body>>>()
  return { ok: request.body.age !== 0 }
})
// @ts-expect-error the handler's return value is checked against the 200 schema: ok is a boolean
app.post('/zod-bad', { schema: { body: Body, response: { 200: Ok } } }, async () => ({ ok: 'no' }))

// TypeBox, no provider.
app.get('/typebox', { schema: { querystring: Type.Object({ page: Type.Integer() }) } }, async (request) => {
  const page: number = request.query.page
  // @ts-expect-error the querystring has no such key
  void request.query.size
  return { page }
})

// Path parameters are not typed from the path (Fastify's types do not read it): give a params schema.
app.get('/teams/:team', async (request) => {
  assertType<Equal<typeof request.params, unknown>>()
  return {}
})
