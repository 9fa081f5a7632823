import t from 'tap'
import { isDeepStrictEqual } from 'node:util'
import { createSerializationInspector } from '../src/index.js'
import { compileResponse } from './fixtures/compile-response.js'

/**
 * Random schemas and data, seeded so failures reproduce. The inspector's claims must match what
 * the compiled serializer does: it throws exactly when an issue says so, and data without issues
 * comes out as JSON.stringify would write it. Guards against a fast-json-stringify upgrade
 * changing behaviour under the inspector's feet.
 */

function createRandom (seed: number): () => number {
  let state = seed >>> 0
  return function nextRandom () {
    state = (state + 0x6d2b79f5) >>> 0
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state)
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296
  }
}

const random = createRandom(20240611)
function pick<T> (list: readonly T[]): T {
  return list[Math.floor(random() * list.length)] as T
}

const leafSchemas: object[] = [
  { type: 'string' }, { type: 'integer' }, { type: 'number' }, { type: 'boolean' }, { type: ['string', 'null'] },
  { type: 'integer', nullable: true }, { type: ['integer', 'string'] }, { type: 'string', format: 'date-time' },
  { anyOf: [{ type: 'integer' }, { type: 'string' }] }, { oneOf: [{ type: 'boolean' }, { type: 'null' }] }, {},
  { const: 'k' }, { type: ['object', 'array'] }, { type: ['array', 'null'], items: { type: 'integer' } },
  { type: 'array', items: [{ type: 'string' }, { type: 'integer' }] }, { $ref: '#/definitions/d' }, { type: ['boolean', 'integer'] }
]

function randomSchema (depth: number): object {
  const roll = random()
  if (depth > 2 || roll < 0.4) return pick(leafSchemas)
  if (roll < 0.75) {
    const properties: Record<string, object> = {}
    const count = 1 + Math.floor(random() * 3)
    for (let index = 0; index < count; index++) properties[`p${index}`] = randomSchema(depth + 1)
    const schema: Record<string, unknown> = { type: 'object', properties }
    if (random() < 0.3) schema.required = ['p0']
    if (random() < 0.2) schema.additionalProperties = pick([true, false, { type: 'string' }])
    if (random() < 0.15) schema.patternProperties = { '^x': { type: 'integer' } }
    if (random() < 0.1) return { allOf: [schema, { type: 'object', properties: { x: { type: 'string' } } }] }
    if (random() < 0.1) return { anyOf: [{ ...schema, required: ['p1'] }, { type: 'object', properties: { x: { type: 'string' } }, required: ['x'] }, { type: 'string' }] }
    return schema
  }
  return { type: 'array', items: randomSchema(depth + 1) }
}

const leafValues: unknown[] = ['abc', '12', '', 'k', 'false', 3, 2.5, -1, NaN, true, false, null, new Date(0), 10n, /re/]

function randomValue (depth: number): unknown {
  const roll = random()
  if (depth > 3 || roll < 0.5) return pick(leafValues)
  if (roll < 0.8) {
    const value: Record<string, unknown> = {}
    const count = Math.floor(random() * 4)
    for (let index = 0; index < count; index++) value[pick(['p0', 'p1', 'p2', 'x', 'x1'])] = randomValue(depth + 1)
    return value
  }
  return Array.from({ length: Math.floor(random() * 3) }, function item () { return randomValue(depth + 1) })
}

function asJson (value: unknown): unknown {
  return JSON.parse(JSON.stringify(value, function bigIntAsNumber (_key, entry: unknown) {
    return typeof entry === 'bigint' ? Number(entry) : entry
  }) ?? 'null')
}

t.test('on random schemas and data the inspector predicts the serializer', async function (t) {
  let compared = 0
  for (let round = 0; round < 1500; round++) {
    const schema = { definitions: { d: { type: 'object', properties: { p0: { type: 'integer' } } } }, ...randomSchema(0) }
    const data = randomValue(0)
    let serialize
    try {
      serialize = compileResponse(schema)
    } catch {
      continue // fast-json-stringify rejects some generated schemas (e.g. conflicting merges)
    }
    let output: string | undefined
    let thrown: unknown
    try {
      output = serialize(data)
    } catch (error) {
      thrown = error
    }
    const issues = createSerializationInspector(schema, {})(data)
    const predictsFailure = issues.some(function saysItFails (issue) {
      return issue.kind === 'missing-required' || /throws|fails/.test(issue.message)
    })
    const context = { schema, data: String(JSON.stringify(asJsonSafe(data))), issues, output, thrown: String(thrown) }
    if (predictsFailure !== (thrown !== undefined)) {
      t.fail('the inspector and the serializer disagree on failing', context)
      continue
    }
    if (thrown === undefined && issues.length === 0 && !(data instanceof Date)) {
      if (!isDeepStrictEqual(JSON.parse(output as string), asJson(data))) t.fail('clean data was changed', context)
    }
    compared++
  }
  t.ok(compared > 1000, `${compared} cases compared`)
})

function asJsonSafe (value: unknown): unknown {
  try {
    return asJson(value)
  } catch {
    return '<not JSON>'
  }
}
