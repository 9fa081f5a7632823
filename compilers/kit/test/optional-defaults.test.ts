import t from 'tap'
import { withOptionalDefaults } from '@enclave/compiler-kit'

t.test('properties with a default are no longer required, at any depth', async (t) => {
  const schema = {
    type: 'object',
    properties: {
      role: { type: 'string', default: 'user' },
      name: { type: 'string' },
      nested: { type: 'object', properties: { n: { type: 'number', default: 1 } }, required: ['n'] }
    },
    required: ['role', 'name', 'nested']
  }
  const before = JSON.stringify(schema)
  t.strictSame(withOptionalDefaults(schema), {
    type: 'object',
    properties: {
      role: { type: 'string', default: 'user' },
      name: { type: 'string' },
      nested: { type: 'object', properties: { n: { type: 'number', default: 1 } }, required: [] }
    },
    required: ['name', 'nested']
  })
  t.equal(JSON.stringify(schema), before, 'the input is not modified')
})

t.test('literal values are copied as they are, not read as subschemas', async (t) => {
  const literal = { properties: { a: { default: 1 } }, required: ['a'] }
  const schema = { default: literal, const: literal, enum: [literal], examples: [literal] }
  t.strictSame(withOptionalDefaults(schema), schema)
})
