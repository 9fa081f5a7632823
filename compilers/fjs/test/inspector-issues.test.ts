import t from 'tap'
import { createSerializationInspector, type SerializationIssue } from '../src/index.js'
import { compileResponse } from './fixtures/compile-response.js'

function kindsAndPaths (issues: SerializationIssue[]): Array<[string, string]> {
  return issues.map(function pathAndKind (issue) { return [issue.path, issue.kind] as [string, string] })
}

const userList = {
  type: 'object',
  properties: {
    users: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id'],
        properties: {
          id: { type: 'integer' },
          name: { type: 'string' },
          email: { type: ['string', 'null'] },
          nickname: { type: 'string', nullable: true },
          active: { type: 'boolean' },
          tags: { type: 'array', items: { type: 'string' } }
        }
      }
    }
  }
}

t.test('data the serializer writes unchanged has no issues', async function (t) {
  const inspect = createSerializationInspector(userList, {})
  const data = { users: [{ id: 1, name: 'ada', email: null, nickname: null, active: true, tags: ['x'] }, { id: 2 }] }
  t.same(inspect(data), [])
  t.equal(compileResponse(userList)(data), JSON.stringify(data))
})

t.test('dropped: undeclared properties, with their JSON pointer, at any depth', async function (t) {
  const data = { users: [{ id: 1, password: 'x' }, { id: 2, 'a/b': 1, 'c~d': 2 }], total: 2 }
  const issues = createSerializationInspector(userList, {})(data)
  t.same(kindsAndPaths(issues), [
    ['/users/0/password', 'dropped'],
    ['/users/1/a~1b', 'dropped'],
    ['/users/1/c~0d', 'dropped'],
    ['/total', 'dropped']
  ])
  t.match(issues[0]?.message, /"password" is not declared/)
  t.equal(compileResponse(userList)(data), '{"users":[{"id":1},{"id":2}]}')
})

t.test('coerced: null under non-nullable types, floats under integer, values of another type', async function (t) {
  const data = { users: [{ id: 1.7, name: null, active: 'false', tags: [3] }] }
  const issues = createSerializationInspector(userList, {})(data)
  t.same(kindsAndPaths(issues), [
    ['/users/0/id', 'coerced'],
    ['/users/0/name', 'coerced'],
    ['/users/0/active', 'coerced'],
    ['/users/0/tags/0', 'coerced']
  ])
  t.match(issues[0]?.message, /1\.7 is not an integer: it is written as 1 \(rounding "trunc"\)/)
  t.match(issues[1]?.message, /null is not allowed \(type "string" is not nullable\): it is written as ""/)
  t.match(issues[2]?.message, /"false" is written as true/)
  t.equal(compileResponse(userList)(data), '{"users":[{"id":1,"name":"","active":true,"tags":["3"]}]}')
})

t.test('coerced: the message follows the rounding option', async function (t) {
  const issues = createSerializationInspector({ type: 'integer' }, {}, { rounding: 'ceil' })(1.2)
  t.match(issues, [{ path: '', kind: 'coerced', message: /written as 2 \(rounding "ceil"\)/ }])
})

t.test('missing-required: the path names the missing property', async function (t) {
  const data = { users: [{ id: 1 }, { name: 'no id' }, { id: undefined }] }
  const issues = createSerializationInspector(userList, {})(data)
  t.same(kindsAndPaths(issues), [['/users/1/id', 'missing-required'], ['/users/2/id', 'missing-required']])
  t.match(issues[0]?.message, /"id" is required!/)
  t.throws(function serialize () { compileResponse(userList)(data) }, { message: '"id" is required!' })
})

t.test('type-mismatch: values the serializer throws on or writes as something unrelated', async function (t) {
  const schema = {
    type: 'object',
    properties: {
      count: { type: 'number' },
      list: { type: 'array', items: { type: 'integer' } },
      nested: { type: 'object', properties: { a: { type: 'string' } } },
      label: { type: 'string' },
      choice: { type: ['integer', 'string'] }
    }
  }
  const inspect = createSerializationInspector(schema, {})
  t.same(kindsAndPaths(inspect({ count: 'many' })), [['/count', 'type-mismatch']])
  t.same(kindsAndPaths(inspect({ list: 'x' })), [['/list', 'type-mismatch']])
  t.same(kindsAndPaths(inspect({ list: [1, 'two', NaN] })), [['/list/1', 'type-mismatch'], ['/list/2', 'type-mismatch']])
  t.same(kindsAndPaths(inspect({ nested: 'text' })), [['/nested', 'type-mismatch']])
  t.same(kindsAndPaths(inspect({ nested: [1] })), [['/nested', 'type-mismatch']])
  t.same(kindsAndPaths(inspect({ nested: new Map([['a', 'b']]) })), [['/nested', 'type-mismatch']])
  t.same(kindsAndPaths(inspect({ label: { a: 1 } })), [['/label', 'type-mismatch']])
  t.same(kindsAndPaths(inspect({ choice: 1.5 })), [['/choice', 'type-mismatch']])
  t.same(kindsAndPaths(inspect({ choice: true })), [['/choice', 'type-mismatch']])
  const serialize = compileResponse(schema)
  t.throws(function serializeCount () { serialize({ count: 'many' }) })
  t.throws(function serializeList () { serialize({ list: [1, 'two'] }) })
  t.equal(serialize({ nested: 'text' }), '{"nested":{}}')
  t.equal(serialize({ label: { a: 1 } }), '{"label":"[object Object]"}')
  t.throws(function serializeChoice () { serialize({ choice: 1.5 }) })
})

t.test('type lists: the member is chosen by the JavaScript type, null only when listed', async function (t) {
  const inspect = createSerializationInspector({ type: ['integer', 'string'] }, {})
  t.same(inspect(3), [])
  t.same(inspect('3'), [])
  t.match(inspect(null), [{ path: '', kind: 'coerced', message: /written as 0/ }])
  t.same(createSerializationInspector({ type: ['integer', 'null'] }, {})(null), [])
})

t.test('type lists: an array is never an object, an object with its own toString may be a string', async function (t) {
  const listOrRecord = { type: ['object', 'array'], items: { type: 'integer' } }
  t.same(createSerializationInspector(listOrRecord, {})([1, 2]), [])
  t.equal(compileResponse(listOrRecord)([1, 2]), '[1,2]')

  const recordOrNull = { type: ['object', 'null'] }
  t.match(createSerializationInspector(recordOrNull, {})([1]), [{ path: '', kind: 'type-mismatch', message: /throws/ }])
  t.throws(function serializeArray () { compileResponse(recordOrNull)([1]) })

  const recordOrText = { type: ['object', 'string'] }
  const inspect = createSerializationInspector(recordOrText, {})
  t.not(inspect([1, 2]).length, 0, 'an array is written as the joined string, and that is reported')
  t.equal(compileResponse(recordOrText)([1, 2]), '"1,2"')
  t.match(inspect({ a: 1 }), [{ path: '/a', kind: 'dropped' }], 'a plain object takes the object branch')
  t.equal(compileResponse(recordOrText)({ a: 1 }), '{}')
})

t.test('anyOf/oneOf: issues are reported against the member the serializer picks', async function (t) {
  const schema = {
    type: 'object',
    properties: {
      result: {
        anyOf: [
          { type: 'object', properties: { savedId: { type: 'string' } }, required: ['savedId'] },
          { type: 'object', properties: { error: { type: 'string' } }, required: ['error'] }
        ]
      },
      value: { oneOf: [{ type: 'integer' }, { type: 'string' }] }
    }
  }
  const inspect = createSerializationInspector(schema, {})
  t.same(kindsAndPaths(inspect({ result: { error: 'x', stack: '...' } })), [['/result/stack', 'dropped']])
  t.same(kindsAndPaths(inspect({ result: { other: 1 } })), [['/result', 'type-mismatch']])
  t.same(kindsAndPaths(inspect({ value: 2.5 })), [['/value', 'type-mismatch']])
  t.same(inspect({ value: 'two' }), [])
  t.match(inspect({ result: null })[0]?.message, /matches none of the anyOf members/)
  t.equal(compileResponse(schema)({ result: { error: 'x', stack: '...' } }), '{"result":{"error":"x"}}')
  t.throws(function serializeFloat () { compileResponse(schema)({ value: 2.5 }) })
})

t.test('Dates under date formats are fine, under number types they become timestamps', async function (t) {
  const schema = {
    type: 'object',
    properties: { at: { type: 'string', format: 'date-time' }, either: { anyOf: [{ type: 'string', format: 'date' }, { type: 'integer' }] }, ms: { type: 'integer' } }
  }
  const issues = createSerializationInspector(schema, {})({ at: new Date(0), either: new Date(0), ms: new Date(5) })
  t.same(kindsAndPaths(issues), [['/ms', 'coerced']])
})

t.test('references into local definitions and shared schemas are followed', async function (t) {
  const shared = {
    $id: 'shared',
    definitions: { money: { $id: '#money', type: 'object', properties: { cents: { type: 'integer' } } }, id: { type: 'integer' } },
    type: 'object',
    properties: { label: { type: 'string' }, price: { $ref: '#money' } }
  }
  const schema = {
    type: 'object',
    definitions: { note: { $id: '#note', type: 'string' }, count: { type: 'integer' } },
    properties: {
      a: { $ref: '#note' },
      b: { $ref: '#/definitions/count' },
      c: { $ref: 'shared#' },
      d: { $ref: 'shared#/definitions/id' },
      e: { $ref: 'shared#money' },
      f: { $ref: 'shared#/properties/label' }
    }
  }
  const issues = createSerializationInspector(schema, { shared })({
    a: null,
    b: 1.5,
    c: { label: 'x', price: { cents: 2.5, currency: 'EUR' } },
    d: 'seven',
    e: { cents: 1, extra: true },
    f: 3
  })
  t.same(kindsAndPaths(issues), [
    ['/a', 'coerced'],
    ['/b', 'coerced'],
    ['/c/price/cents', 'coerced'],
    ['/c/price/currency', 'dropped'],
    ['/d', 'type-mismatch'],
    ['/e/extra', 'dropped'],
    ['/f', 'coerced']
  ])
})

t.test('a route schema whose $id is also shared is inspected as the route schema', async function (t) {
  const shared = { $id: 'thing', type: 'object', properties: { a: { type: 'string' } } }
  const route = { $id: 'thing', type: 'object', properties: { b: { $ref: 'thing#/definitions/n' } }, definitions: { n: { type: 'integer' } } }
  t.same(kindsAndPaths(createSerializationInspector(route, { thing: shared })({ a: 'x', b: 1.5 })),
    [['/b', 'coerced'], ['/a', 'dropped']])
})

t.test('allOf members and if/then/else branches are combined like the serializer does', async function (t) {
  const schema = {
    allOf: [
      { type: 'object', properties: { kind: { type: 'string' } } },
      { type: 'object', properties: { size: { type: 'integer' } } }
    ],
    if: { properties: { kind: { const: 'box' } } },
    then: { properties: { depth: { type: 'integer' } } },
    else: { properties: { radius: { type: 'number' } } }
  }
  const inspect = createSerializationInspector(schema, {})
  t.same(kindsAndPaths(inspect({ kind: 'box', size: 1, depth: 2.5, radius: 3 })), [['/depth', 'coerced'], ['/radius', 'dropped']])
  t.same(kindsAndPaths(inspect({ kind: 'ball', size: 1, depth: 2, radius: 3 })), [['/depth', 'dropped']])
})

t.test('patternProperties and additionalProperties decide what undeclared properties become', async function (t) {
  const schema = {
    type: 'object',
    properties: { id: { type: 'integer' } },
    patternProperties: { '^x-': { type: 'string' } },
    additionalProperties: { type: 'integer' }
  }
  t.same(kindsAndPaths(createSerializationInspector(schema, {})({ id: 1, 'x-a': 2, other: 'three' })),
    [['/x-a', 'coerced'], ['/other', 'type-mismatch']])
  const open = { type: 'object', additionalProperties: true }
  t.same(createSerializationInspector(open, {})({ anything: { goes: [1] } }), [])
})

t.test('tuples are checked strictly, position by position', async function (t) {
  const schema = { type: 'array', items: [{ type: 'string' }, { type: 'object', properties: { a: { type: 'string' } } }] }
  const inspect = createSerializationInspector(schema, {})
  t.same(kindsAndPaths(inspect(['a', { a: 'b', c: 1 }])), [['/1/c', 'dropped']])
  t.same(kindsAndPaths(inspect([1, { a: 'b' }, 'extra'])), [['/0', 'type-mismatch'], ['/2', 'type-mismatch']])
  t.throws(function serializeTuple () { compileResponse(schema)([1, { a: 'b' }]) })
})

t.test('const: a different value is replaced by the constant', async function (t) {
  const schema = { type: 'object', properties: { version: { const: 2 } } }
  t.same(kindsAndPaths(createSerializationInspector(schema, {})({ version: 3 })), [['/version', 'coerced']])
  t.equal(compileResponse(schema)({ version: 3 }), '{"version":2}')
})

t.test('toJSON is applied before an object is inspected, as the serializer does', async function (t) {
  const schema = { type: 'object', properties: { a: { type: 'string' } } }
  const data = { toJSON () { return { a: 'x', b: 1 } } }
  t.same(kindsAndPaths(createSerializationInspector(schema, {})(data)), [['/b', 'dropped']])
  t.equal(compileResponse(schema)(data), '{"a":"x"}')
})

t.test('date formats accept Dates and strings only: anything else makes the serializer throw', async function (t) {
  const schema = { type: 'object', properties: { at: { type: 'string', format: 'date-time' } } }
  t.same(kindsAndPaths(createSerializationInspector(schema, {})({ at: 1700000000000 })), [['/at', 'type-mismatch']])
  t.throws(function serializeNumberDate () { compileResponse(schema)({ at: 1700000000000 }) })
})

t.test('numbers are read through Number(), so arrays of one number pass as that number', async function (t) {
  const schema = { type: 'object', properties: { n: { type: 'number' } } }
  const issues = createSerializationInspector(schema, {})({ n: [7] })
  t.match(issues, [{ path: '/n', kind: 'type-mismatch', message: /written as 7/ }])
  t.equal(compileResponse(schema)({ n: [7] }), '{"n":7}')
})

t.test('a non-object under an object type: required properties are still read off it', async function (t) {
  const schema = { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } }
  t.same(kindsAndPaths(createSerializationInspector(schema, {})('text')), [['', 'type-mismatch'], ['/id', 'missing-required']])
  t.throws(function serializeText () { compileResponse(schema)('text') }, { message: '"id" is required!' })
})

t.test('undefined where the schema leaves the value untyped is reported as left out', async function (t) {
  t.match(createSerializationInspector({}, {})(undefined), [{ path: '', kind: 'dropped' }])
})

t.test('additionalProperties false merged with a member that opens it still drops undeclared properties', async function (t) {
  const schema = {
    allOf: [
      { type: 'object', properties: { id: { type: 'integer' } }, additionalProperties: false },
      { type: 'object', additionalProperties: true }
    ]
  }
  const inspect = createSerializationInspector(schema, {})
  t.same(kindsAndPaths(inspect({ id: 1, secret: 'x' })), [['/secret', 'dropped']])
  t.equal(compileResponse(schema)({ id: 1, secret: 'x' }), '{"id":1}')
})
