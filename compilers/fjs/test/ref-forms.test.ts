import t from 'tap'
import { compileResponse } from './fixtures/compile-response.js'

const address = {
  $id: 'address',
  type: 'object',
  definitions: {
    zip: { type: 'string' },
    geo: { $id: '#geo', type: 'object', properties: { lat: { type: 'number' }, lng: { type: 'number' } } }
  },
  properties: {
    street: { type: 'string' },
    zip: { $ref: '#/definitions/zip' },
    location: { $ref: '#geo' }
  }
}

const externals = { address }

function wrapped (ref: string): object {
  return { type: 'object', properties: { value: { $ref: ref } } }
}

t.test("'#<id>' resolves to the object with that $id in the route schema", async function (t) {
  const serialize = compileResponse({
    type: 'object',
    definitions: { point: { $id: '#point', type: 'object', properties: { x: { type: 'integer' } } } },
    properties: { from: { $ref: '#point' }, to: { $ref: '#point' } }
  })
  t.equal(serialize({ from: { x: 1.5, y: 2 }, to: { x: 3 } }), '{"from":{"x":1},"to":{"x":3}}')
})

t.test("'#/definitions/<name>' resolves inside the route schema", async function (t) {
  const serialize = compileResponse({
    type: 'object',
    definitions: { name: { type: 'string' } },
    properties: { first: { $ref: '#/definitions/name' } }
  })
  t.equal(serialize({ first: 42 }), '{"first":"42"}')
})

t.test("'<shared-id>#' resolves to the whole shared schema, including its own references", async function (t) {
  const serialize = compileResponse(wrapped('address#'), externals)
  t.equal(serialize({ value: { street: 'Main', zip: 12345, location: { lat: 1, lng: 2, alt: 3 }, extra: true } }),
    '{"value":{"street":"Main","zip":"12345","location":{"lat":1,"lng":2}}}')
})

t.test("'<shared-id>#/definitions/<name>' resolves to a definition of the shared schema", async function (t) {
  t.equal(compileResponse(wrapped('address#/definitions/zip'), externals)({ value: 9 }), '{"value":"9"}')
})

t.test("'<shared-id>#<anchor>' resolves to the object with $id '#<anchor>' in the shared schema", async function (t) {
  t.equal(compileResponse(wrapped('address#geo'), externals)({ value: { lat: 5, lng: 6, name: 'x' } }),
    '{"value":{"lat":5,"lng":6}}')
})

t.test("'<shared-id>#/properties/<name>' resolves to a property of the shared schema", async function (t) {
  t.equal(compileResponse(wrapped('address#/properties/street'), externals)({ value: true }), '{"value":"true"}')
})

t.test('the response schema itself may be a reference to a shared schema', async function (t) {
  t.equal(compileResponse({ $ref: 'address#' }, externals)({ street: 'Main', secret: 1 }), '{"street":"Main"}')
})

t.test('shared schemas may reference each other, URL-like ids included', async function (t) {
  const person = {
    $id: 'http://example.com/person.json',
    type: 'object',
    properties: { name: { type: 'string' }, home: { $ref: 'address#' } }
  }
  const serialize = compileResponse(wrapped('http://example.com/person.json#'), { address, 'http://example.com/person.json': person })
  t.equal(serialize({ value: { name: 'ada', home: { street: 'Main', x: 1 } } }), '{"value":{"name":"ada","home":{"street":"Main"}}}')
})

t.test('every reference form together in one response schema', async function (t) {
  const serialize = compileResponse({
    type: 'object',
    definitions: { label: { type: 'string' }, tag: { $id: '#tag', type: 'object', properties: { t: { type: 'string' } } } },
    properties: {
      a: { $ref: '#tag' },
      b: { $ref: '#/definitions/label' },
      c: { $ref: 'address#' },
      d: { $ref: 'address#/definitions/zip' },
      e: { $ref: 'address#geo' },
      f: { $ref: 'address#/properties/street' }
    }
  }, externals)
  const output = serialize({ a: { t: 1, u: 2 }, b: 2, c: { street: 's', z: 0 }, d: 4, e: { lat: 1, k: 0 }, f: 6 })
  t.equal(output, '{"a":{"t":"1"},"b":"2","c":{"street":"s"},"d":"4","e":{"lat":1},"f":"6"}')
})
