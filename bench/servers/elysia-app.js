// The Elysia peer's app for S1–S3 (Bun only; bench/fetch-serve.js serves it with Bun.serve): the same
// answers, its own compiled validation (TypeBox) for S3's body and both response schemas.
import { Elysia, t } from 'elysia'
import { helloWorld, users } from '../scenarios.js'

const user = t.Object({
  id: t.Integer(),
  name: t.String(),
  email: t.String(),
  age: t.Integer(),
  active: t.Boolean(),
  role: t.String(),
  createdAt: t.String(),
  address: t.Object({ street: t.String(), city: t.String(), zip: t.String() })
})

// bench/scenarios.js's itemSchema, written in TypeBox.
const itemBody = t.Object({
  name: t.String({ minLength: 1, maxLength: 120 }),
  description: t.String({ maxLength: 4000 }),
  price: t.Number({ minimum: 0 }),
  quantity: t.Integer({ minimum: 0, maximum: 100000 }),
  category: t.Union([t.Literal('tools'), t.Literal('garden'), t.Literal('kitchen'), t.Literal('office'), t.Literal('toys')]),
  tags: t.Array(t.String({ maxLength: 40 }), { maxItems: 20 }),
  available: t.Boolean(),
  dimensions: t.Object({
    width: t.Number({ minimum: 0 }),
    height: t.Number({ minimum: 0 }),
    depth: t.Number({ minimum: 0 })
  }, { additionalProperties: false })
}, { additionalProperties: false })

const itemAnswer = t.Object({ ok: t.Boolean(), id: t.Integer() })

export function buildElysiaApp () {
  let nextId = 1
  return new Elysia()
    .get('/', () => helloWorld)
    .get('/users', () => users, { response: { 200: t.Array(user) } })
    .post('/items', () => ({ ok: true, id: nextId++ }), { body: itemBody, response: { 200: itemAnswer } })
}
