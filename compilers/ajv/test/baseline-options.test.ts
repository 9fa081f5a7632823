import t from 'tap'
import fastUri from 'fast-uri'
import { createValidatorCompiler, defaultAjvOptions } from '../src/index.js'
import { compileFor, messagesOf } from './fixtures/helpers.js'

t.test('defaultAjvOptions is the frozen baseline', async function (t) {
  t.same(defaultAjvOptions, {
    coerceTypes: 'array',
    useDefaults: true,
    removeAdditional: true,
    uriResolver: fastUri,
    addUsedSchema: false,
    allErrors: false,
    code: { optimize: false }
  })
  t.equal(defaultAjvOptions.uriResolver, fastUri)
  t.ok(Object.isFrozen(defaultAjvOptions))
  t.throws(function mutate () {
    (defaultAjvOptions as Record<string, unknown>).allErrors = true
  }, TypeError)
})

t.test('customOptions.code is merged with the default code options, not swapped for them', async function (t) {
  function codeOptionsWith (customOptions: Record<string, unknown>): Record<string, unknown> {
    let seen: Record<string, unknown> = {}
    const compiler = createValidatorCompiler({}, {
      customOptions,
      onCreate (ajv) { seen = ajv.opts.code as unknown as Record<string, unknown> }
    })
    compileFor(compiler, { type: 'object' }, 'body')
    return seen
  }
  // Ajv normalises `optimize` to a number of passes: 0 (off) or 1.
  t.equal(codeOptionsWith({}).optimize, 0)
  const withLines = codeOptionsWith({ code: { lines: true } })
  t.equal(withLines.optimize, 0)
  t.equal(withLines.lines, true)
  t.equal(codeOptionsWith({ code: { optimize: true } }).optimize, 1)
})

t.test('coerceTypes "array" coerces scalars and wraps them in arrays', async function (t) {
  const compiler = createValidatorCompiler()
  const validate = compileFor(compiler, {
    type: 'object',
    properties: {
      n: { type: 'integer' },
      ids: { type: 'array', items: { type: 'integer' } },
      tags: { type: 'array', items: { type: 'string' } }
    }
  }, 'querystring')

  const query: Record<string, unknown> = { n: '5', ids: '7', tags: 'x' }
  t.equal(validate(query), true)
  t.strictSame(query, { n: 5, ids: [7], tags: ['x'] })

  const bad: Record<string, unknown> = { n: 'five' }
  t.equal(validate(bad), false)
  t.strictSame(messagesOf(validate), ['/n must be integer'])
  t.equal(bad.n, 'five', 'a value that cannot be coerced is left as it was')
})

t.test('useDefaults fills a missing property with its default, a fresh copy each time', async function (t) {
  const validate = compileFor(createValidatorCompiler(), {
    type: 'object',
    properties: {
      ids: { type: 'array', items: { type: 'string' }, default: [] },
      page: { type: 'integer', default: 1 }
    }
  }, 'querystring')

  const first: Record<string, unknown> = {}
  const second: Record<string, unknown> = {}
  t.equal(validate(first), true)
  t.equal(validate(second), true)
  t.strictSame(first, { ids: [], page: 1 })
  t.not(first.ids, second.ids, 'defaults are not shared between requests')

  const given: Record<string, unknown> = { ids: 'a', page: '3' }
  t.equal(validate(given), true)
  t.strictSame(given, { ids: ['a'], page: 3 }, 'a present value wins over the default')
})

t.test('removeAdditional drops properties that additionalProperties: false forbids', async function (t) {
  const validate = compileFor(createValidatorCompiler(), {
    type: 'object',
    properties: { a: { type: 'string' } },
    additionalProperties: false
  })
  const body: Record<string, unknown> = { a: 'x', extra: 1 }
  t.equal(validate(body), true)
  t.strictSame(body, { a: 'x' })
  t.equal(validate.errors, null)
})

t.test('allErrors false stops at the first error', async function (t) {
  const validate = compileFor(createValidatorCompiler(), {
    type: 'object',
    required: ['a', 'b'],
    properties: { c: { type: 'integer' } }
  })
  t.equal(validate({ c: 'x' }), false)
  t.strictSame(messagesOf(validate), ["must have required property 'a'"])
})

t.test('customOptions are merged over the defaults and win', async function (t) {
  const schema = {
    type: 'object',
    required: ['a', 'b'],
    properties: { c: { type: 'integer' } },
    additionalProperties: false
  }

  const keepAdditional = compileFor(createValidatorCompiler({}, { customOptions: { removeAdditional: false } }), schema)
  t.equal(keepAdditional({ a: 1, b: 2, d: 3 }), false)
  t.strictSame(messagesOf(keepAdditional), ['must NOT have additional properties'])

  const allErrors = compileFor(createValidatorCompiler({}, { customOptions: { allErrors: true } }), schema)
  t.equal(allErrors({ c: 'x' }), false)
  t.strictSame(messagesOf(allErrors), [
    "must have required property 'a'",
    "must have required property 'b'",
    '/c must be integer'
  ])

  const noCoercion = compileFor(createValidatorCompiler({}, { customOptions: { coerceTypes: false } }), schema)
  const body = { a: 1, b: 2, c: '5' }
  t.equal(noCoercion(body), false)
  t.strictSame(messagesOf(noCoercion), ['/c must be integer'])

  const defaultsKept = compileFor(createValidatorCompiler({}, { customOptions: { allErrors: true } }), {
    type: 'object',
    properties: { p: { type: 'integer', default: 2 } },
    additionalProperties: false
  })
  const other: Record<string, unknown> = { q: 1 }
  t.equal(defaultsKept(other), true)
  t.strictSame(other, { p: 2 }, 'options not overridden keep their baseline value')
  t.equal(defaultAjvOptions.allErrors, false, 'the baseline itself is untouched')
})
