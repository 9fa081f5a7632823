import t from 'tap'
import { compileResponse } from './fixtures/compile-response.js'

t.test('properties the schema does not declare are left out, at every level', async function (t) {
  const serialize = compileResponse({
    type: 'object',
    properties: {
      id: { type: 'integer' },
      owner: { type: 'object', properties: { name: { type: 'string' } } },
      items: { type: 'array', items: { type: 'object', properties: { sku: { type: 'string' } } } }
    }
  })
  const output = serialize({
    id: 1,
    password: 'hunter2',
    owner: { name: 'ada', token: 'secret' },
    items: [{ sku: 'a', cost: 3 }]
  })
  t.equal(output, '{"id":1,"owner":{"name":"ada"},"items":[{"sku":"a"}]}')
})

t.test('additionalProperties true keeps undeclared properties, a schema converts them', async function (t) {
  t.equal(compileResponse({ type: 'object', additionalProperties: true, properties: {} })({ a: { b: 1 } }), '{"a":{"b":1}}')
  t.equal(compileResponse({ type: 'object', additionalProperties: { type: 'string' } })({ a: 1 }), '{"a":"1"}')
})

t.test('nullable types: a type list with null, or nullable: true', async function (t) {
  const serialize = compileResponse({
    type: 'object',
    properties: {
      listed: { type: ['string', 'null'] },
      flagged: { type: 'string', nullable: true },
      nested: { type: 'object', nullable: true, properties: { a: { type: 'string' } } },
      plain: { type: 'string' }
    }
  })
  t.equal(serialize({ listed: null, flagged: null, nested: null, plain: 'x' }),
    '{"listed":null,"flagged":null,"nested":null,"plain":"x"}')
  t.equal(serialize({ listed: 'a', flagged: 'b', nested: { a: 'c' } }), '{"listed":"a","flagged":"b","nested":{"a":"c"}}')
})

t.test('a null under a non-nullable type is replaced by the empty value of the type', async function (t) {
  const serialize = compileResponse({
    type: 'object',
    properties: {
      s: { type: 'string' },
      i: { type: 'integer' },
      n: { type: 'number' },
      b: { type: 'boolean' },
      o: { type: 'object' },
      a: { type: 'array' }
    }
  })
  t.equal(serialize({ s: null, i: null, n: null, b: null, o: null, a: null }),
    '{"s":"","i":0,"n":0,"b":false,"o":{},"a":[]}')
})

t.test('anyOf serializes with the first member the value satisfies', async function (t) {
  const serialize = compileResponse({
    type: 'object',
    properties: {
      result: {
        anyOf: [
          { type: 'object', properties: { savedId: { type: 'string' } }, required: ['savedId'] },
          { type: 'object', properties: { error: { type: 'string' } }, required: ['error'] }
        ]
      }
    }
  })
  t.equal(serialize({ result: { savedId: 'x', extra: 1 } }), '{"result":{"savedId":"x"}}')
  t.equal(serialize({ result: { error: 'boom', extra: 1 } }), '{"result":{"error":"boom"}}')
  t.throws(function serializeUnmatched () { serialize({ result: { other: 1 } }) }, /does not match schema definition/)
})

t.test('oneOf serializes with the member the value satisfies', async function (t) {
  const serialize = compileResponse({
    type: 'array',
    items: { oneOf: [{ type: 'integer' }, { type: 'string', format: 'email' }, { type: 'boolean' }] }
  })
  t.equal(serialize([1, 'a@example.com', true]), '[1,"a@example.com",true]')
  t.throws(function serializeUnmatched () { serialize(['not an email']) }, /does not match schema definition/)
})

t.test('Date objects are written in the declared date format', async function (t) {
  const when = new Date('2024-03-05T07:08:09.010Z')
  const serialize = compileResponse({
    type: 'object',
    properties: {
      at: { type: 'string', format: 'date-time' },
      day: { type: 'string', format: 'date' },
      time: { type: 'string', format: 'time' },
      plain: { type: 'string' }
    }
  })
  const output = JSON.parse(serialize({ at: when, day: when, time: when, plain: when })) as Record<string, string>
  t.equal(output.at, '2024-03-05T07:08:09.010Z')
  t.equal(output.day, '2024-03-05')
  t.match(output.time, /^\d{2}:\d{2}:\d{2}$/)
  t.equal(output.plain, '2024-03-05T07:08:09.010Z')
})

t.test('nested arrays serialize each level with its item schema', async function (t) {
  const serialize = compileResponse({
    type: 'object',
    properties: {
      grid: { type: 'array', items: { type: 'array', items: { type: 'integer' } } },
      rows: { type: 'array', items: { type: 'array', items: { type: 'object', properties: { v: { type: 'string' } } } } }
    }
  })
  t.equal(serialize({ grid: [[1, 2], [], [3]], rows: [[{ v: 'a', w: 1 }], [{ v: 2 }]] }),
    '{"grid":[[1,2],[],[3]],"rows":[[{"v":"a"}],[{"v":"2"}]]}')
})

t.test('integers are truncated by default and rounded as configured', async function (t) {
  const schema = { type: 'object', properties: { n: { type: 'integer' } } }
  t.equal(compileResponse(schema)({ n: 1.9 }), '{"n":1}')
  t.equal(compileResponse(schema)({ n: -1.9 }), '{"n":-1}')
  t.equal(compileResponse(schema, {}, { rounding: 'round' })({ n: 1.5 }), '{"n":2}')
  t.equal(compileResponse(schema, {}, { rounding: 'floor' })({ n: -1.1 }), '{"n":-2}')
})

t.test('a missing required property throws with the name of the property', async function (t) {
  const serialize = compileResponse({
    type: 'object',
    required: ['id', 'name'],
    properties: { id: { type: 'integer' }, name: { type: 'string' } }
  })
  t.throws(function serializeWithoutName () { serialize({ id: 1 }) }, { message: '"name" is required!' })
  t.throws(function serializeUndefinedName () { serialize({ id: 1, name: undefined }) }, { message: '"name" is required!' })
  t.equal(serialize({ id: 1, name: 'n' }), '{"id":1,"name":"n"}')
})

t.test('values that cannot become the declared type make the serializer throw', async function (t) {
  const serialize = compileResponse({ type: 'object', properties: { n: { type: 'number' }, list: { type: 'array' } } })
  t.throws(function serializeWord () { serialize({ n: 'abc' }) }, { message: 'The value "abc" cannot be converted to a number.' })
  t.throws(function serializeNotArray () { serialize({ list: 'abc' }) }, /does not match schema definition/)
})
