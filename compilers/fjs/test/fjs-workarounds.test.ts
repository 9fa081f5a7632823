import t from 'tap'
import { compileResponse } from './fixtures/compile-response.js'

// fast-json-stringify 6.4 on its own gets each of these wrong; see src/fjs-workarounds.ts.

t.test('additionalProperties false next to patternProperties does not leak undeclared properties', async function (t) {
  const nested = compileResponse({
    type: 'object',
    properties: {
      account: { type: 'object', properties: { id: { type: 'string' } }, patternProperties: { '^x-': { type: 'integer' } }, additionalProperties: false }
    }
  })
  t.equal(nested({ account: { id: 'a', password: 'secret', 'x-n': '2' } }), '{"account":{"id":"a","x-n":2}}')
  t.equal(compileResponse({ type: 'object', patternProperties: {}, additionalProperties: false })({ password: 'secret' }), '{}')
  t.equal(compileResponse({ patternProperties: {}, additionalProperties: false })({ password: 'secret' }), '{}')
})

t.test('the same holds inside a shared schema', async function (t) {
  const shared = { $id: 'open', type: 'object', patternProperties: { '^a': { type: 'string' } }, additionalProperties: false }
  const serialize = compileResponse({ type: 'object', properties: { o: { $ref: 'open#' } } }, { open: shared })
  t.equal(serialize({ o: { a1: 1, token: 'secret' } }), '{"o":{"a1":"1"}}')
})

t.test('additionalProperties false merged from allOf or if/then keeps undeclared properties out, as in Fastify', async function (t) {
  const allOf = compileResponse({
    allOf: [
      { type: 'object', properties: { id: { type: 'integer' } }, additionalProperties: false },
      { type: 'object', properties: { name: { type: 'string' } } }
    ]
  })
  // fast-json-stringify (and so Fastify 5.12) writes a property merged in from another member as it is.
  t.equal(allOf({ id: 1.5, name: 5, secret: 'x' }), '{"id":1,"name":5}')
  const opened = compileResponse({
    allOf: [
      { type: 'object', properties: { id: { type: 'integer' } }, additionalProperties: false },
      { type: 'object', additionalProperties: true }
    ]
  })
  t.equal(opened({ id: 1, secret: 'x' }), '{"id":1}')
  const conditional = compileResponse({
    type: 'object',
    properties: { kind: { type: 'string' } },
    additionalProperties: false,
    if: { required: ['kind'] },
    then: { additionalProperties: true }
  })
  t.equal(conditional({ kind: 'box', secret: 'x' }), '{"kind":"box"}')
})

t.test('additionalProperties false still decides which anyOf member matches', async function (t) {
  const serialize = compileResponse({
    anyOf: [
      { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false },
      { type: 'object', properties: { a: { type: 'string' }, b: { type: 'integer' } } }
    ]
  })
  t.equal(serialize({ a: 'x' }), '{"a":"x"}')
  t.equal(serialize({ a: 'x', b: 1 }), '{"a":"x","b":1}')
  t.throws(function serializeUnmatched () { serialize({ a: 'x', b: 1.5 }) })
})

t.test('a required property written as an additional or pattern property gives valid JSON', async function (t) {
  const additional = compileResponse({ type: 'object', properties: { id: { type: 'integer' } }, additionalProperties: true, required: ['name'] })
  t.equal(additional({ name: 'n', extra: 2 }), '{"name":"n","extra":2}')
  t.throws(function serializeMissing () { additional({ extra: 2 }) }, { message: '"name" is required!' })
  const typed = compileResponse({ type: 'object', properties: {}, additionalProperties: { type: 'string' }, required: ['name'] })
  t.equal(typed({ name: 1, other: 2 }), '{"name":"1","other":"2"}')
  const pattern = compileResponse({ type: 'object', properties: { id: { type: 'integer' } }, patternProperties: { '^n': { type: 'integer' } }, required: ['n1'] })
  t.equal(pattern({ n1: 1.5, n2: 2 }), '{"n1":1,"n2":2}')
  const inAnyOf = compileResponse({ anyOf: [{ type: 'object', properties: { id: { type: 'integer' } }, additionalProperties: true, required: ['name'] }] })
  t.equal(inAnyOf({ name: 'n' }), '{"name":"n"}')
})
