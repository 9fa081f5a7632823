import t from 'tap'
import { withFjsWorkarounds } from '../../src/fjs-workarounds.js'

t.test('the caller schema is never modified, and untouched schemas are returned as they are', async function (t) {
  const schema = {
    type: 'object',
    properties: { a: { type: 'object', patternProperties: {}, additionalProperties: false } },
    required: ['b'],
    additionalProperties: true
  }
  const before = JSON.stringify(schema)
  const rewritten = withFjsWorkarounds(schema)
  t.equal(JSON.stringify(schema), before)
  t.not(rewritten, schema)
  t.same(rewritten, {
    type: 'object',
    properties: { a: { type: 'object', patternProperties: {}, additionalProperties: false }, b: {} },
    required: ['b'],
    additionalProperties: true
  })
  const plain = { type: 'object', properties: { a: { type: 'string' } } }
  t.equal(withFjsWorkarounds(plain), plain)
})

t.test('schemas Ajv validates to choose a member keep additionalProperties false', async function (t) {
  const member = { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false }
  const schema = { anyOf: [member], if: member, not: member }
  t.equal(withFjsWorkarounds(schema), schema)
})

t.test('cyclic schema objects are rewritten without looping', async function (t) {
  const schema: Record<string, unknown> = { type: 'object', additionalProperties: true, required: ['n'], properties: {} }
  ;(schema.properties as Record<string, unknown>).self = schema
  const rewritten = withFjsWorkarounds(schema) as Record<string, Record<string, unknown>>
  t.same(Object.keys(rewritten.properties!), ['self', 'n'])
  t.same(Object.keys(schema.properties as object), ['self'])
})

t.test('non-schema values pass through', async function (t) {
  t.equal(withFjsWorkarounds(true), true)
  t.equal(withFjsWorkarounds(null), null)
  t.equal(withFjsWorkarounds('text'), 'text')
})
