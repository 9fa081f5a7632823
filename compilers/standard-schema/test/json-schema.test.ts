import t from 'tap'
import * as v from 'valibot'
import { z } from 'zod'
import Joi from 'joi'
import { toJSONSchema } from '@enclave/standard-schema'

t.test('toJSONSchema goes through ~standard.jsonSchema and re-expresses the library\'s dialect', async (t) => {
  const joi = Joi.object({ n: Joi.number().allow(null) })
  // joi 18 writes 2020-12 only: draft-07 and OpenAPI 3.0 are derived from it.
  t.strictSame(toJSONSchema(joi as never, { target: 'openapi-3.0' }), { type: 'object', properties: { n: { type: 'number', nullable: true } }, additionalProperties: false })
  t.strictSame(toJSONSchema(z.object({ n: z.number() }), { target: 'draft-2020-12' }), { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] })
})

t.test('a library without ~standard.jsonSchema gets a marked empty schema, not a silent hole', async (t) => {
  t.strictSame(toJSONSchema(v.object({ a: v.string() })), { 'x-enclave-unrepresentable': 'no JSON Schema: valibot does not implement ~standard.jsonSchema' })
})
