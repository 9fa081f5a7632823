import t from 'tap'
import { z } from 'zod'
import { toJSONSchema } from '@enclave/zod'

t.test('toJSONSchema writes draft-07 by default, the input form of the schema', async (t) => {
  const schema = z.object({ name: z.string().min(2), age: z.int().min(0).optional(), nick: z.string().nullable() })
  t.strictSame(toJSONSchema(schema), {
    type: 'object',
    properties: {
      name: { type: 'string', minLength: 2 },
      age: { type: 'integer', minimum: 0, maximum: 9007199254740991 },
      nick: { type: ['string', 'null'] }
    },
    required: ['name', 'nick']
  })
})

t.test('toJSONSchema speaks OpenAPI 3.0 (nullable) and 3.1 / 2020-12 ($defs)', async (t) => {
  const Tag = z.object({ label: z.string() }).meta({ id: 'ZodTestTag' })
  const schema = z.object({ tag: Tag, note: z.string().nullable() })
  t.strictSame(toJSONSchema(schema, { target: 'openapi-3.0' }), {
    type: 'object',
    properties: { tag: { $ref: '#/definitions/ZodTestTag' }, note: { type: 'string', nullable: true } },
    required: ['tag', 'note'],
    definitions: { ZodTestTag: { type: 'object', properties: { label: { type: 'string' } }, required: ['label'] } }
  })
  const latest = toJSONSchema(schema, { target: 'openapi-3.1' })
  t.strictSame(latest.properties, { tag: { $ref: '#/$defs/ZodTestTag' }, note: { type: ['string', 'null'] } })
  t.strictSame(Object.keys(latest.$defs as object), ['ZodTestTag'])
  t.strictSame(toJSONSchema(schema, { target: 'draft-2020-12' }), latest)
})

t.test('refinements, transforms and dates are described as closely as possible and marked', async (t) => {
  const schema = z.object({
    even: z.int().refine((n) => n % 2 === 0),
    length: z.string().transform((text) => text.length),
    at: z.date()
  })
  t.strictSame(toJSONSchema(schema).properties, {
    even: { type: 'integer', minimum: -9007199254740991, maximum: 9007199254740991, 'x-enclave-unrepresentable': 'refinement: checked in code (.refine/.superRefine/.check)' },
    length: { type: 'string' },
    at: { 'x-enclave-unrepresentable': 'z.date(): no JSON form' }
  }, 'the request sends a string for `length`: that is representable')
  const output = toJSONSchema(schema, { io: 'output' }).properties as Record<string, unknown>
  t.strictSame(output.length, { 'x-enclave-unrepresentable': 'transform: the value is computed in code' })
})

t.test('toJSONSchema refuses an unknown target or io', async (t) => {
  t.throws(() => toJSONSchema(z.string(), { target: 'draft-04' as never }), /target must be one of draft-07, draft-2020-12, openapi-3.0, openapi-3.1/)
  t.throws(() => toJSONSchema(z.string(), { io: 'both' as never }), /io must be 'input' or 'output'/)
})
