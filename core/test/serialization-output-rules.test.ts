import t from 'tap'
import type { Test } from 'tap'
import enclave from '@enclave/core'

/** Serializes `payload` through a 200 response schema on a fresh app and returns the body. */
async function serialized (t: Test, schema: unknown, payload: unknown): Promise<{ statusCode: number, body: string }> {
  const app = enclave()
  t.teardown(() => app.close())
  app.get('/', { schema: { response: { 200: schema } } }, async () => payload)
  const response = await app.inject('/')
  return { statusCode: response.statusCode, body: response.body }
}

const user = {
  type: 'object',
  properties: { id: { type: 'integer' }, name: { type: 'string' } }
}

t.test('undeclared properties never reach the client, at any depth (spec serialization rule 2)', async (t) => {
  const schema = {
    type: 'object',
    properties: {
      owner: user,
      members: { type: 'array', items: user },
      teams: { type: 'array', items: { type: 'object', properties: { lead: user, people: { type: 'array', items: user } } } },
      tuple: { type: 'array', items: [user, { type: 'integer' }] },
      explicitlyClosed: { type: 'object', additionalProperties: false, properties: { ok: { type: 'boolean' } } }
    }
  }
  const leaky = () => ({ id: 1, name: 'Ada', passwordHash: 'h4sh', token: 'tok-1' })
  const { statusCode, body } = await serialized(t, schema, {
    owner: leaky(),
    members: [leaky(), leaky()],
    teams: [{ lead: leaky(), people: [leaky()], budget: 1e6 }],
    tuple: [leaky(), 2],
    explicitlyClosed: { ok: true, hidden: 'no' },
    apiKey: 'sk_live'
  })
  t.equal(statusCode, 200)
  t.strictSame(JSON.parse(body), {
    owner: { id: 1, name: 'Ada' },
    members: [{ id: 1, name: 'Ada' }, { id: 1, name: 'Ada' }],
    teams: [{ lead: { id: 1, name: 'Ada' }, people: [{ id: 1, name: 'Ada' }] }],
    tuple: [{ id: 1, name: 'Ada' }, 2],
    explicitlyClosed: { ok: true }
  })
  t.notMatch(body, /passwordHash|h4sh|token|tok-1|budget|hidden|apiKey|sk_live/)
})

t.test('undeclared properties are left out with patternProperties next to additionalProperties: false too', async (t) => {
  const { body } = await serialized(t, {
    type: 'object',
    properties: { id: { type: 'integer' } },
    patternProperties: { '^x-': { type: 'string' } },
    additionalProperties: false
  }, { id: 1, 'x-trace': 't', secret: 's' })
  t.strictSame(JSON.parse(body), { id: 1, 'x-trace': 't' })
})

t.test('only additionalProperties opens an object up', async (t) => {
  const open = await serialized(t, { type: 'object', properties: { id: { type: 'integer' } }, additionalProperties: true }, { id: 1, extra: { deep: true } })
  t.strictSame(JSON.parse(open.body), { id: 1, extra: { deep: true } })
  const typed = await serialized(t, { type: 'object', properties: { id: { type: 'integer' } }, additionalProperties: { type: 'integer' } }, { id: 1, count: '3' })
  t.strictSame(JSON.parse(typed.body), { id: 1, count: 3 })
})

t.test('values are converted to the declared types', async (t) => {
  const { body } = await serialized(t, {
    type: 'object',
    properties: {
      int: { type: 'integer' },
      num: { type: 'number' },
      str: { type: 'string' },
      bool: { type: 'boolean' },
      fromString: { type: 'integer' },
      infinite: { type: 'number' }
    }
  }, { int: 1.9, num: '2.5', str: 5, bool: 'false', fromString: '12', infinite: Infinity })
  t.strictSame(JSON.parse(body), { int: 1, num: 2.5, str: '5', bool: true, fromString: 12, infinite: null }, 'floats truncated, "false" is truthy, Infinity is null')
})

t.test('the rounding option of serializerOpts changes the integer conversion', async (t) => {
  const app = enclave({ serializerOpts: { rounding: 'round' } })
  t.teardown(() => app.close())
  app.get('/', { schema: { response: { 200: { type: 'object', properties: { n: { type: 'integer' } } } } } }, async () => ({ n: 1.6 }))
  t.equal((await app.inject('/')).body, '{"n":2}')
})

t.test('nullable types: null is written only where the schema allows it', async (t) => {
  const { body } = await serialized(t, {
    type: 'object',
    properties: {
      typeList: { type: ['string', 'null'] },
      nullableKeyword: { type: 'integer', nullable: true },
      nullableObject: { type: 'object', nullable: true, properties: { a: { type: 'string' } } },
      notNullableString: { type: 'string' },
      notNullableNumber: { type: 'number' },
      notNullableBoolean: { type: 'boolean' },
      notNullableObject: { type: 'object', properties: { a: { type: 'string' } } },
      notNullableArray: { type: 'array', items: { type: 'string' } },
      present: { type: ['string', 'null'] }
    }
  }, {
    typeList: null,
    nullableKeyword: null,
    nullableObject: null,
    notNullableString: null,
    notNullableNumber: null,
    notNullableBoolean: null,
    notNullableObject: null,
    notNullableArray: null,
    present: 'x'
  })
  t.strictSame(JSON.parse(body), {
    typeList: null,
    nullableKeyword: null,
    nullableObject: null,
    notNullableString: '',
    notNullableNumber: 0,
    notNullableBoolean: false,
    notNullableObject: {},
    notNullableArray: [],
    present: 'x'
  })
})

t.test('anyOf and oneOf: the first matching member writes the value', async (t) => {
  const schema = {
    type: 'object',
    properties: {
      shape: {
        anyOf: [
          { type: 'object', required: ['radius'], properties: { kind: { type: 'string' }, radius: { type: 'number' } } },
          { type: 'object', required: ['side'], properties: { kind: { type: 'string' }, side: { type: 'number' } } }
        ]
      },
      idOrName: { oneOf: [{ type: 'integer' }, { type: 'string' }] },
      maybe: { anyOf: [{ type: 'null' }, { type: 'object', properties: { v: { type: 'integer' } } }] }
    }
  }
  const circle = await serialized(t, schema, { shape: { kind: 'circle', radius: 2, secret: 1 }, idOrName: 7, maybe: null })
  t.strictSame(JSON.parse(circle.body), { shape: { kind: 'circle', radius: 2 }, idOrName: 7, maybe: null })
  const square = await serialized(t, schema, { shape: { kind: 'square', side: 3, secret: 1 }, idOrName: 'seven', maybe: { v: 1, w: 2 } })
  t.strictSame(JSON.parse(square.body), { shape: { kind: 'square', side: 3 }, idOrName: 'seven', maybe: { v: 1 } })

  const noMatch = await serialized(t, schema, { shape: { kind: 'blob' }, idOrName: 1 })
  t.equal(noMatch.statusCode, 500, 'a value no member matches cannot be written')
  t.match(JSON.parse(noMatch.body), { statusCode: 500, error: 'Internal Server Error', message: /does not match schema definition/ })
})

t.test('dates: a Date is written per its string format', async (t) => {
  const when = new Date('2024-03-05T07:08:09.010Z')
  const { body } = await serialized(t, {
    type: 'object',
    properties: {
      dateTime: { type: 'string', format: 'date-time' },
      date: { type: 'string', format: 'date' },
      time: { type: 'string', format: 'time' },
      plain: { type: 'string' },
      list: { type: 'array', items: { type: 'string', format: 'date-time' } }
    }
  }, { dateTime: when, date: when, time: when, plain: when, list: [when, when] })
  t.strictSame(JSON.parse(body), {
    dateTime: '2024-03-05T07:08:09.010Z',
    date: '2024-03-05',
    time: '07:08:09',
    plain: '2024-03-05T07:08:09.010Z',
    list: ['2024-03-05T07:08:09.010Z', '2024-03-05T07:08:09.010Z']
  })
})

t.test('nested arrays are written item by item, each through its schema', async (t) => {
  const { body } = await serialized(t, {
    type: 'object',
    properties: {
      matrix: { type: 'array', items: { type: 'array', items: { type: 'integer' } } },
      groups: { type: 'array', items: { type: 'array', items: user } }
    }
  }, {
    matrix: [[1.5, '2'], [], [3]],
    groups: [[{ id: 1, name: 'a', x: 1 }], [{ id: '2', name: 'b', y: 2 }, { id: 3, name: 'c' }]]
  })
  t.strictSame(JSON.parse(body), {
    matrix: [[1, 2], [], [3]],
    groups: [[{ id: 1, name: 'a' }], [{ id: 2, name: 'b' }, { id: 3, name: 'c' }]]
  })
})

t.test('a root array schema: a list of 100 records, each filtered', async (t) => {
  const rows = Array.from({ length: 100 }, (_, i) => ({ id: i, name: `user${i}`, password: `p${i}` }))
  const { body } = await serialized(t, { type: 'array', items: user }, rows)
  const parsed = JSON.parse(body) as Array<Record<string, unknown>>
  t.equal(parsed.length, 100)
  t.strictSame(parsed[42], { id: 42, name: 'user42' })
  t.notMatch(body, /password/)
})

t.test('toJSON() is honoured before the schema applies', async (t) => {
  const money = { amount: 10, currency: 'EUR', toJSON () { return { amount: this.amount, currency: this.currency, internal: 1 } } }
  const { body } = await serialized(t, { type: 'object', properties: { price: { type: 'object', properties: { amount: { type: 'number' }, currency: { type: 'string' } } } } }, { price: money })
  t.strictSame(JSON.parse(body), { price: { amount: 10, currency: 'EUR' } })
})

t.test('a value the schema cannot convert is a 500, not a malformed body', async (t) => {
  const { statusCode, body } = await serialized(t, user, { id: 'abc', name: 'x' })
  t.equal(statusCode, 500)
  t.strictSame(JSON.parse(body), {
    statusCode: 500,
    error: 'Internal Server Error',
    message: 'The value "abc" cannot be converted to an integer.'
  })
})
