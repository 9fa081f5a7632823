import t from 'tap'
import * as yup from 'yup'
import { toJSONSchema } from '@enclave/yup'

t.test('toJSONSchema converts with @sodaru/yup-to-json-schema, draft-07 by default', async (t) => {
  const schema = yup.object({ name: yup.string().min(2).required(), age: yup.number().integer().nullable() })
  t.strictSame(toJSONSchema(schema), {
    type: 'object',
    properties: { name: { type: 'string', minLength: 2 }, age: { type: ['null', 'integer'] } },
    required: ['name']
  }, 'no default is documented for an object that declares none')
  t.strictSame((toJSONSchema(schema, { target: 'openapi-3.0' }).properties as any).age, { nullable: true, type: 'integer' })
  t.strictSame(toJSONSchema(yup.object({ a: yup.string() }).default({ a: 'x' })).default, { a: 'x' }, 'a declared default is kept')
})

t.test('custom tests, transforms and when() are marked, not dropped silently', async (t) => {
  const schema = yup.object({
    even: yup.number().test('even', 'must be even', (n) => n === undefined || n % 2 === 0),
    upper: yup.string().transform((value: string) => value.toUpperCase()),
    kind: yup.string(),
    extra: yup.string().when('kind', { is: 'a', then: (s) => s.required() })
  })
  const properties = toJSONSchema(schema).properties as Record<string, Record<string, unknown>>
  t.equal(properties.even['x-enclave-unrepresentable'], 'test: checked in code (even)')
  t.equal(properties.upper['x-enclave-unrepresentable'], 'transform: the value is changed in code')
  t.equal(properties.extra['x-enclave-unrepresentable'], 'conditional: when() depends on other values')
  t.equal(properties.kind['x-enclave-unrepresentable'], undefined)
})

t.test('schemas named with .meta({ id }) become definitions', async (t) => {
  const Address = yup.object({ city: yup.string().required() }).meta({ id: 'Address' })
  const json = toJSONSchema(yup.object({ home: Address }), { target: 'openapi-3.1' })
  t.strictSame(json.properties, { home: { $ref: '#/$defs/Address' } })
  t.strictSame(json.$defs, { Address: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } })
})
