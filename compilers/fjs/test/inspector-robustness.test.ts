import t from 'tap'
import { createSerializationInspector } from '../src/index.js'
import { compileResponse } from './fixtures/compile-response.js'

const treeSchema = {
  $id: 'tree',
  type: 'object',
  properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: 'tree#' } }, parent: { $ref: '#' } }
}

t.test('cyclic data under a recursive schema: the cycle is reported where it closes', async function (t) {
  const root: Record<string, unknown> = { name: 'root' }
  const first: Record<string, unknown> = { name: 1, parent: root }
  const second: Record<string, unknown> = { name: 'two', parent: root }
  root.children = [first, second, first]
  const issues = createSerializationInspector(treeSchema, { tree: treeSchema })(root)
  t.match(issues, [
    { path: '/children/0/name', kind: 'coerced' },
    { path: '/children/0/parent', kind: 'type-mismatch', message: /circular reference/ },
    { path: '/children/1/parent', kind: 'type-mismatch', message: /circular reference/ }
  ])
  // `first` appears twice: shared data is reported at its first path only.
  t.equal(issues.length, 3)
})

t.test('the serializer indeed fails on such data', async function (t) {
  const node: Record<string, unknown> = { name: 'n' }
  node.parent = node
  t.throws(function serializeCycle () { compileResponse(treeSchema)(node) }, RangeError)
  t.match(createSerializationInspector(treeSchema, {})(node), [{ path: '/parent', kind: 'type-mismatch' }])
})

t.test('densely cyclic data stays fast', async function (t) {
  const nodes = Array.from({ length: 50 }, function makeNode (_, index) { return { name: `n${index}` } as Record<string, unknown> })
  for (const node of nodes) {
    node.children = [...nodes]
    node.parent = nodes[0]
  }
  const started = Date.now()
  const issues = createSerializationInspector(treeSchema, {})(nodes[0])
  // a walk that revisited shared nodes would be exponential here: minutes, not this bound
  t.ok(Date.now() - started < 20_000)
  t.ok(issues.length > 0)
  t.ok(issues.every(function isCycle (issue) { return /circular reference/.test(issue.message) }))
  const anyOfTree = { $id: 'any', anyOf: [{ type: 'object', properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: 'any#' } } } }] }
  const startedAnyOf = Date.now()
  createSerializationInspector(anyOfTree, {})(nodes[0])
  t.ok(Date.now() - startedAnyOf < 20_000)
})

t.test('an object shared by several properties is reported at the first path only', async function (t) {
  const user = { name: 'ada', password: 'x' }
  const schema = { type: 'object', properties: { author: { $ref: '#/definitions/user' }, editor: { $ref: '#/definitions/user' } }, definitions: { user: { type: 'object', properties: { name: { type: 'string' } } } } }
  t.match(createSerializationInspector(schema, {})({ author: user, editor: user }), [{ path: '/author/password', kind: 'dropped' }])
  const other = { type: 'object', properties: { author: { type: 'object', properties: { name: { type: 'string' } } }, editor: { type: 'object', properties: { name: { type: 'string' } } } } }
  t.equal(createSerializationInspector(other, {})({ author: user, editor: user }).length, 2)
})

t.test('very deep data does not overflow the stack', async function (t) {
  let deep: Record<string, unknown> = { name: 'leaf' }
  for (let level = 0; level < 10_000; level++) deep = { name: 'n', parent: deep }
  t.same(createSerializationInspector(treeSchema, {})(deep), [])
})

t.test('reference loops in the schema end', async function (t) {
  const schema = { definitions: { a: { $ref: '#/definitions/b' }, b: { $ref: '#/definitions/a' } }, $ref: '#/definitions/a' }
  t.same(createSerializationInspector(schema, {})({ x: 1 }), [])
  const viaAllOf = { $id: 'loop', allOf: [{ $ref: 'loop#' }] }
  t.same(createSerializationInspector(viaAllOf, {})({ x: 1 }), [])
})

t.test('cyclic schema objects are indexed without looping', async function (t) {
  const schema: Record<string, unknown> = { $id: 'self', type: 'object', properties: {} }
  ;(schema.properties as Record<string, unknown>).me = schema
  const data: Record<string, unknown> = { me: { me: {} } }
  t.same(createSerializationInspector(schema, { self: schema })(data), [])
})

t.test('values of every JavaScript kind under every type never make it throw', async function (t) {
  const revoked = Proxy.revocable({}, {})
  revoked.revoke()
  const values: unknown[] = [
    undefined, null, 0, -0, 1.5, NaN, Infinity, 10n, '', 'text', '12', true, false, Symbol('s'),
    function named () {}, [], [1, [2]], {}, new Date(0), new Date(Number.NaN), /re/, new Map(), new Set([1]),
    Object.create(null), new Uint8Array(2), Promise.resolve(), new Error('e'), revoked.proxy,
    { get boom () { throw new Error('getter') } }, { toJSON () { throw new Error('toJSON') } }, { toJSON: () => null }
  ]
  const schemas: unknown[] = [
    true, false, {}, { type: 'string' }, { type: 'integer' }, { type: 'number' }, { type: 'boolean' }, { type: 'null' },
    { type: 'object', required: ['boom'], properties: { boom: { type: 'string' } } }, { type: 'array', items: { type: 'string' } },
    { type: ['object', 'array', 'null'] }, { anyOf: [{ type: 'string' }, { type: 'object' }] }, { oneOf: [] },
    { type: 'array', items: [{ type: 'integer' }] }, { const: { a: 1 } }, { if: { type: 'string' }, then: { format: 'date' } },
    { type: 'object', patternProperties: { '(': { type: 'string' } } }, { $ref: 'nowhere#/definitions/x' },
    { type: 'nonsense' }, { type: [] }, { properties: 'oops', required: 'oops', items: 'oops' }, null, 'not a schema', 42
  ]
  for (const schema of schemas) {
    const inspect = createSerializationInspector(schema, {})
    for (const value of values) {
      t.doesNotThrow(function inspectOdd () { inspect(value) })
      t.doesNotThrow(function inspectNested () { inspect({ boom: value, list: [value] }) })
    }
  }
})

t.test('a throwing getter is reported where it is, not thrown', async function (t) {
  const schema = { type: 'object', properties: { user: { type: 'object', properties: { name: { type: 'string' } } } } }
  const data = { user: { get name () { throw new Error('nope') } } }
  t.match(createSerializationInspector(schema, {})(data), [{ path: '/user', kind: 'type-mismatch', message: /threw \(nope\)/ }])
})

t.test('values JSON.stringify cannot write are reported where the schema leaves them untyped', async function (t) {
  const cyclic: Record<string, unknown> = {}
  cyclic.self = cyclic
  const schema = { type: 'object', properties: { free: {}, list: { type: 'array' } } }
  const issues = createSerializationInspector(schema, {})({ free: cyclic, list: [1n] })
  t.match(issues, [{ path: '/free', kind: 'type-mismatch' }, { path: '/list', kind: 'type-mismatch' }])
})

t.test('odd external schema records are tolerated', async function (t) {
  t.doesNotThrow(function createWithNullExternals () {
    createSerializationInspector({ type: 'string' }, null as never)('x')
  })
  t.same(createSerializationInspector({ $ref: 'odd#' }, { odd: 'not an object' as never })('x'), [])
})
