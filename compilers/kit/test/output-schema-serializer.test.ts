import t from 'tap'
import { createOutputSchemaSerializer } from '@enclave/compiler-kit'

const input = { schema: {}, method: 'GET', url: '/', httpStatus: '200' }

t.test('serializes through fast-json-stringify, writing only declared properties and defaults of absent ones', async (t) => {
  const serializerFor = createOutputSchemaSerializer()
  const serialize = serializerFor(input, {
    type: 'object',
    properties: { name: { type: 'string' }, role: { type: 'string', default: 'user' } },
    required: ['name', 'role']
  })!
  t.equal(serialize({ name: 'Ada', secret: 'x' }), '{"name":"Ada","role":"user"}')
})

t.test('undefined when fast-json-stringify cannot compile the schema, so the adapter falls back', async (t) => {
  const serializerFor = createOutputSchemaSerializer({})
  t.equal(serializerFor(input, { $ref: '#/definitions/missing' }), undefined)
})
