import t from 'tap'
import ajvErrorsModule from 'ajv-errors'
import ajvMergePatch from 'ajv-merge-patch'
import { createValidatorCompiler } from '../src/index.js'
import { compileFor, messagesOf } from './fixtures/helpers.js'

// ajv-errors is CommonJS; under NodeNext its typed default export sits on `.default`.
const ajvErrors = ajvErrorsModule.default

const base = {
  $id: 'base',
  type: 'object',
  properties: { q: { type: 'string' }, keep: { type: 'boolean' } }
}

t.test('ajv-merge-patch: $merge with a shared schema as source', async function (t) {
  const compiler = createValidatorCompiler({ base }, { plugins: [ajvMergePatch] })
  const validate = compileFor(compiler, {
    $merge: { source: { $ref: 'base#' }, with: { required: ['q'], properties: { n: { type: 'integer' } } } }
  })
  const body: Record<string, unknown> = { q: 12, n: '3', keep: 'true' }
  t.equal(validate(body), true)
  t.strictSame(body, { q: '12', n: 3, keep: true })
  t.equal(validate({}), false)
  t.strictSame(messagesOf(validate), ["must have required property 'q'", 'must pass "$merge" keyword validation'])
})

t.test('ajv-merge-patch: $patch with a shared schema as source', async function (t) {
  const compiler = createValidatorCompiler({ base }, { plugins: [ajvMergePatch] })
  const validate = compileFor(compiler, {
    $patch: { source: { $ref: 'base#' }, with: [{ op: 'replace', path: '/properties/q/type', value: 'number' }] }
  })
  const body: Record<string, unknown> = { q: '12' }
  t.equal(validate(body), true)
  t.strictSame(body, { q: 12 })
  t.equal(validate({ q: 'abc' }), false)
  t.strictSame(messagesOf(validate), ['/q must be number', 'must pass "$patch" keyword validation'])
})

t.test('ajv-merge-patch: x- keywords inside the merged part are accepted', async function (t) {
  const compiler = createValidatorCompiler({ base }, { plugins: [ajvMergePatch] })
  const validate = compileFor(compiler, {
    $merge: { source: { $ref: 'base#' }, with: { properties: { q: { 'x-search': true, minLength: 2 } } } }
  })
  t.equal(validate({ q: 'ab' }), true)
  t.equal(validate({ q: 'a' }), false)
  t.match(messagesOf(validate), ['/q must NOT have fewer than 2 characters'])
})

const person = {
  type: 'object',
  required: ['name', 'work'],
  properties: { age: { type: 'integer', errorMessage: { type: 'Bad age' } }, name: { type: 'string' }, work: { type: 'string' } },
  errorMessage: { required: { name: 'Why no name!', work: 'Work please' } }
}

t.test('ajv-errors with allErrors enabled through customOptions', async function (t) {
  const compiler = createValidatorCompiler({}, { customOptions: { allErrors: true }, plugins: [ajvErrors] })
  const validate = compileFor(compiler, person)
  t.equal(validate({ name: 'Ada', work: 'math', age: '36' }), true)
  t.equal(validate({ age: 'old' }), false)
  t.strictSame(messagesOf(validate), ['/age Bad age', 'Why no name!', 'Work please'])
  t.match(validate.errors, [{ keyword: 'errorMessage', instancePath: '/age' }, { keyword: 'errorMessage' }, { keyword: 'errorMessage' }])
})

t.test('ajv-errors options through a [plugin, options] pair', async function (t) {
  const compiler = createValidatorCompiler({}, { customOptions: { allErrors: true }, plugins: [[ajvErrors, { singleError: '@@' }]] })
  const validate = compileFor(compiler, {
    type: 'object',
    properties: { foo: { type: 'integer', maximum: 10, multipleOf: 2, errorMessage: { maximum: 'too big', multipleOf: 'odd' } } }
  })
  t.equal(validate({ foo: 11 }), false)
  t.strictSame(messagesOf(validate), ['/foo too big@@odd'])
})

t.test('ajv-errors refuses to install without allErrors, as documented', async function (t) {
  t.throws(function buildWithoutAllErrors () {
    createValidatorCompiler({}, { plugins: [ajvErrors] })
  }, { message: /allErrors must be true/ })
})
