import t from 'tap'
import { createStringCoercer, declaredPropertyNames } from '@enclave/compiler-kit'

const query = {
  type: 'object',
  properties: {
    n: { type: 'number' },
    flag: { type: 'boolean' },
    ids: { type: 'array', items: { type: 'integer' } },
    code: { type: 'string' },
    either: { anyOf: [{ type: 'number' }, { type: 'string' }] },
    mode: { anyOf: [{ const: 'all' }, { type: 'number' }] }
  }
}

/** Converted data comes back without a prototype (see the __proto__ test); compared as plain objects. */
function plain (value: unknown): unknown {
  return Object.assign({}, value)
}

t.test('numbers, booleans and lone values for arrays are converted; strings the schema takes stay', async (t) => {
  const coerce = createStringCoercer(query)!
  t.strictSame(
    plain(coerce({ n: '5', flag: 'true', ids: '7', code: '007', either: '3', mode: '2' })),
    { n: 5, flag: true, ids: [7], code: '007', either: '3', mode: 2 }
  )
  t.strictSame(plain(coerce({ ids: ['1', '2'], flag: 'false', mode: 'all' })), { ids: [1, 2], flag: false, mode: 'all' })
})

t.test('text that does not read as the declared type is left for the validator to refuse', async (t) => {
  const coerce = createStringCoercer(query)!
  t.strictSame(plain(coerce({ n: '', flag: 'yes', ids: 'x' })), { n: '', flag: 'yes', ids: ['x'] })
  t.strictSame(plain(coerce({ n: ' ' })), { n: ' ' }, 'blank text is not 0')
})

t.test('the input is never modified; unchanged data is returned as it is', async (t) => {
  const coerce = createStringCoercer(query)!
  const input = { n: '5' }
  const output = coerce(input) as Record<string, unknown>
  t.strictSame(input, { n: '5' })
  t.not(output, input)
  const untouched = { code: 'a' }
  t.equal(coerce(untouched), untouched)
  t.equal(coerce('text'), 'text')
  t.equal(coerce(null), null)
})

t.test('a __proto__ key sent by the client stays an ordinary property', async (t) => {
  const coerce = createStringCoercer(query)!
  const input = JSON.parse('{"__proto__":"x","n":"1"}') as Record<string, unknown>
  const output = coerce(input) as Record<string, unknown>
  t.equal(Object.getPrototypeOf(output), null)
  // eslint-disable-next-line no-proto -- an own key named __proto__ is the case under test
  t.equal(output.__proto__, 'x')
  t.equal(output.n, 1)
})

t.test('$ref into definitions is followed, recursive schemas included', async (t) => {
  const schema = {
    type: 'object',
    properties: { page: { $ref: '#/definitions/page' }, self: { $ref: '#' } },
    definitions: { page: { type: 'integer' } }
  }
  t.strictSame(plain(createStringCoercer(schema)!({ page: '3' })), { page: 3 })
})

t.test('null when nothing in the schema calls for a conversion', async (t) => {
  t.equal(createStringCoercer({ type: 'object', properties: { a: { type: 'string' } } }), null)
  t.equal(createStringCoercer(true), null)
})

t.test('declaredPropertyNames lists top-level names, through combinators', async (t) => {
  t.strictSame(declaredPropertyNames({ type: 'object', properties: { a: {} }, anyOf: [{ properties: { 'X-Id': {} } }] }).sort(), ['X-Id', 'a'])
  t.strictSame(declaredPropertyNames({ type: 'string' }), [])
})
