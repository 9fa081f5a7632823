// Generated comparison of @enclave/fjs's two ways of building a serializer: fast-json-stringify's
// string code (`objectMechanism: 'default'`) and the default, `'native'` (the value copied into
// schema-shaped objects, then the engine's JSON.stringify). Random schemas of the shapes the native
// mechanism covers, and of some it does not, each fed conforming and non-conforming values; both
// serializers must give the same string, or throw the same message. Plain JavaScript so that Node,
// Bun and Deno run it as it is (run.mjs is the child-process entry).

/** A small seeded generator (mulberry32): the same cases on every runtime and every run. */
export function seededRandom (seed) {
  let state = seed >>> 0
  return function next () {
    state = (state + 0x6d2b79f5) >>> 0
    let x = state
    x = Math.imul(x ^ (x >>> 15), x | 1)
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61)
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296
  }
}

const wordNames = ['id', 'name', 'a', 'b', 'createdAt', 'with space', 'quote"d', 'back\\slash', 'é', 'constructor', 'toString']
const propertyNames = [...wordNames, '0', '10']

const strings = ['', 'plain', 'quote " inside', 'back \\ slash', 'line\nbreak', 'tab\t', '\u0001\u001f', '\u2028\u2029', 'é ü 漢字', '😀', '\ud800 lone', 'lone \udfff', 'x'.repeat(60) + '"' + 'y'.repeat(10), '2024-02-03T04:05:06.000Z']

class Row {
  constructor (fields) { Object.assign(this, fields) }
}

class WithGetter {
  get name () { return 'from a getter' }
  get id () { return 7 }
}

export function createGenerator (random) {
  const pick = (list) => list[Math.floor(random() * list.length)]
  const chance = (p) => random() < p

  // Half the schemas use only what the native mechanism covers, so that it is taken often.
  let plain = false

  function primitiveSchema () {
    const type = pick(['string', 'string', 'integer', 'number', 'boolean'])
    const schema = { type }
    if (type === 'string' && !plain && chance(0.25)) schema.format = pick(['date-time', 'date', 'time'])
    if (chance(0.15) && (!plain || type !== 'integer')) schema.type = chance(0.5) ? [type, 'null'] : ['null', type]
    else if (!plain && chance(0.08)) schema.nullable = true
    if (chance(0.08)) schema.default = sampleOf(schema, 0)
    // Validation keywords: the serializer ignores them, both ways.
    if (chance(0.1) && type !== 'boolean') Object.assign(schema, type === 'string' ? { minLength: 1, maxLength: 8 } : { minimum: 0 })
    return schema
  }

  function schemaOf (depth) {
    const roll = random()
    if (depth >= 3 || roll < 0.4) return primitiveSchema()
    if (roll < 0.7) {
      const properties = {}
      const count = 1 + Math.floor(random() * 4)
      for (let i = 0; i < count; i++) properties[pick(plain ? wordNames : propertyNames)] = schemaOf(depth + 1)
      const schema = { type: 'object', properties }
      const names = Object.keys(properties)
      if (chance(0.3)) schema.required = names.filter(() => chance(0.5))
      if (chance(0.1)) schema.additionalProperties = false
      else if (chance(0.05)) schema.additionalProperties = true
      if (!plain && chance(0.05)) schema.nullable = true
      return schema
    }
    if (roll < 0.95 || plain) return { type: 'array', items: schemaOf(depth + 1) }
    // Outside what the native mechanism covers: both must still agree (it falls back).
    return pick([{ type: 'object', properties: {} }, { type: 'string', enum: ['a', 'b'] }, { type: 'integer', const: 3 }, { anyOf: [{ type: 'string' }, { type: 'integer' }] }, {}])
  }

  /** Up to three items, each made by `make` for the items' schema. */
  function arrayOf (items, depth, make) {
    const length = Math.floor(random() * 4)
    const value = []
    for (let i = 0; i < length; i++) value.push(make(items, depth + 1))
    return value
  }

  /** A value that fits the schema (usually), the kind a handler returns. */
  function sampleOf (schema, depth) {
    const type = Array.isArray(schema.type) ? schema.type.find((each) => each !== 'null') : schema.type
    if (type === 'object' && schema.properties !== undefined) {
      const value = {}
      for (const name of Object.keys(schema.properties)) {
        if (chance(0.85)) value[name] = sampleOf(schema.properties[name], depth + 1)
      }
      return value
    }
    if (type === 'array') return arrayOf(schema.items, depth, sampleOf)
    if (type === 'string') {
      if (schema.format !== undefined && chance(0.5)) return new Date(Date.UTC(2024, 1, 3, 4, 5, 6, 789))
      return pick(strings)
    }
    if (type === 'integer') return pick([0, 1, -1, 42, 2 ** 31, Number.MAX_SAFE_INTEGER, 1e21])
    if (type === 'number') return pick([0, -0, 1.5, -2.25, 1e-7, 1e21, 3.141592653589793])
    if (type === 'boolean') return chance(0.5)
    return pick([1, 'a', null, true])
  }

  /** Anything at all: the wrong type, undefined, odd numbers, objects with toJSON, class instances. */
  function oddValue (depth) {
    const odd = [
      null, undefined, '12', '1.5', 'abc', '', 'true', 'false', 0, 1.7, -1.2, NaN, Infinity, -Infinity, -0, true, false,
      new Date(Date.UTC(2020, 0, 2)), new Date(Number.NaN), { toJSON () { return { id: 1, name: 'from toJSON' } } },
      { toJSON () { return 'json text' } }, new Row({ id: 3, name: 'row', secret: 's' }), new WithGetter(), [], [1, 'two', null],
      { id: '5', name: 9, extra: 'leak?' }, { toString () { return 'custom' } }, /re/g, Object.create(null)
    ]
    if (depth < 2 && chance(0.3)) return [oddValue(depth + 1), oddValue(depth + 1)]
    return pick(odd)
  }

  /** A fitting value with some of its parts replaced, added or removed. */
  function valueFor (schema, depth) {
    if (chance(0.15)) return oddValue(depth)
    const type = Array.isArray(schema.type) ? schema.type.find((each) => each !== 'null') : schema.type
    if (chance(0.05) && (schema.nullable === true || Array.isArray(schema.type))) return null
    if (type === 'object' && schema.properties !== undefined) {
      const value = chance(0.1) ? new Row({}) : {}
      const names = Object.keys(schema.properties)
      // Properties in another order than the schema's, sometimes: the output follows the schema.
      if (chance(0.3)) names.reverse()
      for (const name of names) {
        if (chance(0.85)) value[name] = valueFor(schema.properties[name], depth + 1)
      }
      if (chance(0.3)) value.undeclared = pick(strings)
      if (chance(0.1)) value.nested = { deep: [1, 2] }
      return value
    }
    if (type === 'array') return arrayOf(schema.items, depth, valueFor)
    return sampleOf(schema, depth)
  }

  function rootSchema () {
    plain = chance(0.5)
    return schemaOf(chance(0.5) ? 0 : 1)
  }

  return { rootSchema, valueFor }
}

function outcomeOf (serialize, value) {
  try {
    return { json: serialize(value) }
  } catch (error) {
    // The engine's own TypeErrors (a value without toString) quote the generated code's variable
    // names, which differ between the two ways: only their kind is compared. The serializer's own
    // errors ("x" is required!, a value that is no integer) must say the same.
    return { error: error instanceof TypeError ? 'TypeError' : `${error?.constructor?.name}: ${error?.message}` }
  }
}

function describe (value) {
  try {
    return JSON.stringify(value, (_key, each) => typeof each === 'bigint' ? `${each}n` : each === undefined ? '<undefined>' : each)
  } catch {
    return String(value)
  }
}

/**
 * Runs the comparison. `createSerializerCompiler` is @enclave/fjs's; `options` are added to both
 * sides (the Node test adds fast-json-stringify's `forceProjection`, to take the native way on an
 * engine whose V8 predates it). Returns the counts and the first disagreements.
 */
export function compareMechanisms ({ createSerializerCompiler, seed = 20261129, schemas = 300, valuesPerSchema = 8, options = {} }) {
  const random = seededRandom(seed)
  const { rootSchema, valueFor } = createGenerator(random)
  const native = createSerializerCompiler({}, { ...options })
  const stringCode = createSerializerCompiler({}, { ...options, objectMechanism: 'default' })
  const mismatches = []
  let compared = 0
  let threw = 0
  let projected = 0
  for (let s = 0; s < schemas; s++) {
    const schema = rootSchema()
    const input = { schema, method: 'GET', url: '/generated', httpStatus: '200' }
    const nativeSerializer = native(input)
    const stringSerializer = stringCode(input)
    // fast-json-stringify's native mechanism works on scratch objects: how many schemas took it.
    if (String(nativeSerializer).includes('scratch_')) projected++
    for (let v = 0; v < valuesPerSchema; v++) {
      const value = valueFor(schema, 0)
      const expected = outcomeOf(stringSerializer, value)
      const seen = outcomeOf(nativeSerializer, value)
      compared++
      if (expected.error !== undefined) threw++
      if (seen.json !== expected.json || seen.error !== expected.error) {
        if (mismatches.length < 5) mismatches.push({ schema: describe(schema), value: describe(value), native: seen, stringCode: expected })
      }
    }
  }
  return { compared, threw, projected, schemas, mismatches }
}
