import t from 'tap'
import Joi from 'joi'
import { toJSONSchema } from '@enclave/joi'

t.test('toJSONSchema uses Joi\'s own converter and writes draft-07 by default', async (t) => {
  const schema = Joi.object({ name: Joi.string().min(2).required(), tags: Joi.array().items(Joi.string()), note: Joi.string().allow(null) })
  t.strictSame(toJSONSchema(schema), {
    type: 'object',
    properties: {
      name: { type: 'string', minLength: 2 },
      tags: { type: 'array', items: { type: 'string', minLength: 1 } },
      note: { type: ['string', 'null'], minLength: 1 }
    },
    required: ['name'],
    additionalProperties: false
  })
  t.strictSame((toJSONSchema(schema, { target: 'openapi-3.0' }).properties as any).note, { type: 'string', nullable: true, minLength: 1 })
})

t.test('a tuple keeps its positions in 2020-12 and draft-07 and is marked in OpenAPI 3.0', async (t) => {
  const schema = Joi.array().ordered(Joi.string(), Joi.number())
  t.strictSame(toJSONSchema(schema, { target: 'draft-2020-12' }).prefixItems, [{ type: 'string', minLength: 1 }, { type: 'number' }])
  t.strictSame(toJSONSchema(schema).items, [{ type: 'string', minLength: 1 }, { type: 'number' }])
  const openapi = toJSONSchema(schema, { target: 'openapi-3.0' })
  t.strictSame(openapi.items, { anyOf: [{ type: 'string', minLength: 1 }, { type: 'number' }] })
  t.equal(openapi['x-enclave-unrepresentable'], 'tuple: item positions are not checked by OpenAPI 3.0')
})

t.test('custom rules, when() and externals are marked, not dropped silently', async (t) => {
  const schema = Joi.object({
    code: Joi.string().custom((value) => value),
    kind: Joi.string(),
    extra: Joi.when('kind', { is: 'a', then: Joi.number(), otherwise: Joi.string() })
  }).external(async () => undefined)
  const json = toJSONSchema(schema)
  t.equal(json['x-enclave-unrepresentable'], 'external: checked asynchronously in code (.external())')
  const properties = json.properties as Record<string, Record<string, unknown>>
  t.equal(properties.code['x-enclave-unrepresentable'], 'custom rule: checked in code (.custom())')
  t.equal(properties.extra['x-enclave-unrepresentable'], 'conditional: when() depends on other values')
  t.equal(properties.kind['x-enclave-unrepresentable'], undefined)
})

t.test('schemas named with .meta({ id }) or shared and linked become definitions', async (t) => {
  const Address = Joi.object({ city: Joi.string().required() }).id('Address')
  const schema = Joi.object({ home: Joi.link('#Address'), owner: Joi.object({ name: Joi.string() }).meta({ id: 'Owner' }) }).shared(Address)
  const json = toJSONSchema(schema, { target: 'openapi-3.0' })
  t.strictSame(json.properties, { home: { $ref: '#/definitions/Address' }, owner: { $ref: '#/definitions/Owner' } })
  t.strictSame(Object.keys(json.definitions as object).sort(), ['Address', 'Owner'])
  const named = toJSONSchema(Joi.object({ a: Joi.string() }).meta({ id: 'Root' }))
  t.strictSame(named, { $ref: '#/definitions/Root', definitions: { Root: { type: 'object', properties: { a: { type: 'string', minLength: 1 } }, additionalProperties: false } } })
})
