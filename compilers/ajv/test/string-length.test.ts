import t from 'tap'
import type { Test } from 'tap'
import { Ajv } from 'ajv'
import type { Options as AjvOptions } from 'ajv'
import { createValidatorCompiler } from '../src/index.js'
import { defaultAjvOptions } from '../src/default-options.js'
import { compileFor } from './fixtures/helpers.js'

// The reference is Ajv itself with the same options: every verdict and every error object
// (keyword, params, message, paths) must be what plain Ajv gives on the same string.

const pieces = ['a', 'é', '😀', '\uD83D', '\uDE00', '\uDBFF\uDFFF', '\uDBFF', 'z\uDC00', '𝄞']

/** A small deterministic PRNG, so a failure reproduces. */
function random (seed: number): () => number {
  let state = seed >>> 0
  return function next () {
    state = (state * 1664525 + 1013904223) >>> 0
    return state / 2 ** 32
  }
}

function stringsAround (limit: number, next: () => number): string[] {
  const out: string[] = []
  // Every mix of plain letters and surrogate pairs at and around the limit, in UTF-16 units and code points.
  for (let pairs = 0; pairs <= limit + 2; pairs++) {
    for (let plain = 0; plain <= limit + 2; plain++) {
      out.push('😀'.repeat(pairs) + 'a'.repeat(plain))
      out.push('a'.repeat(plain) + '\uD83D'.repeat(pairs))
      out.push('\uDE00'.repeat(pairs) + 'a'.repeat(plain))
    }
  }
  for (let i = 0; i < 300; i++) {
    let value = ''
    const count = Math.floor(next() * (2 * limit + 4))
    for (let j = 0; j < count; j++) value += pieces[Math.floor(next() * pieces.length)]
    out.push(value)
  }
  return out
}

function compare (t: Test, schema: object, values: unknown[], extra: AjvOptions = {}): void {
  const reference = new Ajv({ ...defaultAjvOptions, ...extra }).compile(schema)
  const ours = compileFor(createValidatorCompiler({}, { customOptions: extra }), schema)
  let mismatches = 0
  for (const value of values) {
    const expected = reference(structuredClone(value))
    const actual = ours(structuredClone(value))
    const same = expected === actual && JSON.stringify(reference.errors ?? null) === JSON.stringify(ours.errors ?? null)
    if (!same && mismatches++ < 5) {
      t.fail(`differs from Ajv on ${JSON.stringify(value)}`, { expected: reference.errors, actual: ours.errors })
    }
  }
  t.equal(mismatches, 0, `${values.length} values judged exactly as Ajv judges them`)
}

t.test('maxLength and minLength give Ajv\'s verdicts and errors on astral-plane strings at and around the limits', async function (t) {
  const next = random(20)
  for (const limit of [0, 1, 2, 3, 4, 5, 7, 12]) {
    const values = stringsAround(limit, next).map((text) => ({ s: text, m: text }))
    compare(t, {
      type: 'object',
      properties: { s: { type: 'string', maxLength: limit }, m: { type: 'string', minLength: limit } }
    }, values)
    compare(t, { type: 'string', maxLength: limit, minLength: Math.floor(limit / 2) }, stringsAround(limit, next))
  }
})

t.test('with allErrors the length errors keep their place before pattern', async function (t) {
  const schema = { type: 'string', maxLength: 3, minLength: 2, pattern: '^[a-z]*$' }
  compare(t, schema, ['😀😀😀😀', 'A', '😀', 'abcd', 'ab', '\uD83D\uD83D\uD83D\uD83D', 'x@y.z'], { allErrors: true })
  compare(t, schema, ['😀😀😀😀', 'A', '😀', 'abcd', 'ab'])
})

t.test('limits taken from the data ($data) are counted the same way, wrong limits included', async function (t) {
  const schema = {
    type: 'object',
    properties: {
      max: {},
      min: {},
      text: { type: 'string', maxLength: { $data: '1/max' }, minLength: { $data: '1/min' } }
    }
  }
  const next = random(7)
  const values: unknown[] = []
  for (const limit of [0, 1, 2, 3, 2.5, -1, 'x', null]) {
    for (const text of stringsAround(3, next).slice(0, 80)) values.push({ max: limit, min: limit, text })
  }
  compare(t, schema, values, { $data: true })
})

t.test('a non-string value is left to the type keyword, as in Ajv', async function (t) {
  compare(t, { maxLength: 2, minLength: 1 }, [5, null, true, [], {}, 'abc', '', '😀'])
})

t.test('unicode: false keeps counting UTF-16 units', async function (t) {
  const validate = compileFor(createValidatorCompiler({}, { customOptions: { unicode: false } }), { type: 'string', maxLength: 1 })
  t.equal(validate('😀'), false)
  compare(t, { type: 'string', maxLength: 2, minLength: 2 }, stringsAround(2, random(3)), { unicode: false })
})

t.test('over HTTP, @enclave/fastify4 answers astral-plane bodies at the limits exactly as fastify@4 does', async function (t) {
  const { default: fastify4 } = await import('fastify4')
  const { default: enclaveFastify } = await import('@enclave/fastify4')
  const schema = {
    body: {
      type: 'object',
      properties: { name: { type: 'string', minLength: 2, maxLength: 3 }, tags: { type: 'array', items: { type: 'string', maxLength: 1 } } }
    }
  }
  const bodies = [
    { name: '😀😀' }, { name: '😀😀😀' }, { name: '😀😀😀😀' }, { name: '😀' }, { name: 'a😀' }, { name: '\uD83Dab' },
    { name: '\uD83D\uD83D\uD83D\uD83D' }, { name: 'ab\uDE00\uD83D' }, { name: 'é' }, { tags: ['😀', '😀😀', '\uDE00\uD83D'] }
  ]
  async function answers (factory: (options?: object) => unknown): Promise<string[]> {
    const app = factory() as {
      post: (path: string, options: object, handler: (request: { body: unknown }) => unknown) => void
      inject: (options: object) => Promise<{ statusCode: number, body: string }>
      close: () => Promise<void>
    }
    app.post('/', { schema }, async function echo (request) { return { got: request.body } })
    const out: string[] = []
    for (const body of bodies) {
      const response = await app.inject({ method: 'POST', url: '/', payload: body })
      out.push(`${response.statusCode} ${response.body}`)
    }
    await app.close()
    return out
  }
  const expected = await answers(fastify4 as unknown as (options?: object) => unknown)
  t.strictSame(await answers(enclaveFastify as unknown as (options?: object) => unknown), expected)
  t.ok(expected.some((line) => line.startsWith('400')) && expected.some((line) => line.startsWith('200')), 'the bodies include both verdicts')
})
