import t from 'tap'
import type { Ajv } from 'ajv'
import ajvFormatsModule from 'ajv-formats'
import { AjvCompilerError, createValidatorCompiler } from '../src/index.js'
import type { AjvPluginEntry } from '../src/index.js'
import { compileFor, messagesOf } from './fixtures/helpers.js'

// ajv-formats is CommonJS; under NodeNext its typed default export sits on `.default`.
const ajvFormats = ajvFormatsModule.default

function evenPlugin (ajv: Ajv): void {
  ajv.addKeyword({
    keyword: 'even',
    type: 'number',
    schemaType: 'boolean',
    validate: function isEven (wanted: boolean, value: number) { return !wanted || value % 2 === 0 }
  })
}

function divisibleByPlugin (ajv: Ajv, options: { keyword: string, by: number }): void {
  ajv.addKeyword({
    keyword: options.keyword,
    type: 'number',
    schemaType: 'boolean',
    validate: function isDivisible (wanted: boolean, value: number) { return !wanted || value % options.by === 0 }
  })
}

t.test('plugins are applied, as functions and as [plugin, options] pairs', async function (t) {
  const plugins: AjvPluginEntry[] = [evenPlugin, [divisibleByPlugin, { keyword: 'byThree', by: 3 }]]
  const validate = compileFor(createValidatorCompiler({}, { plugins }), {
    type: 'object',
    properties: { a: { type: 'integer', even: true }, b: { type: 'integer', byThree: true } }
  })
  const body: Record<string, unknown> = { a: '4', b: '9' }
  t.equal(validate(body), true)
  t.strictSame(body, { a: 4, b: 9 }, 'coercion runs before the plugin keyword')
  t.equal(validate({ a: 3 }), false)
  t.strictSame(messagesOf(validate), ['/a must pass "even" keyword validation'])
  t.equal(validate({ b: 4 }), false)
  t.strictSame(messagesOf(validate), ['/b must pass "byThree" keyword validation'])
})

t.test('plugins run in the order given', async function (t) {
  const order: string[] = []
  createValidatorCompiler({}, {
    plugins: [
      function first () { order.push('first') },
      [function second (_ajv: Ajv, options: string) { order.push(`second:${options}`) }, 'opts'],
      function third () { order.push('third') }
    ],
    onCreate: function recordOnCreate () { order.push('onCreate') }
  })
  t.strictSame(order, ['first', 'second:opts', 'third', 'onCreate'])
})

t.test('an entry that is not a plugin is refused clearly', async function (t) {
  t.throws(function buildWithBadPlugin () {
    createValidatorCompiler({}, { plugins: [['not a function' as never, {}]] })
  }, { code: 'ENC_ERR_AJV_INVALID_PLUGIN', message: /plugin function or a \[plugin, options\] pair/ })
  t.throws(function buildWithBadPlugin () {
    createValidatorCompiler({}, { plugins: [42 as never] })
  }, AjvCompilerError)
})

t.test('ajv-formats is added when the user does not configure it', async function (t) {
  const validate = compileFor(createValidatorCompiler(), {
    type: 'object',
    properties: { email: { type: 'string', format: 'email' }, day: { type: 'string', format: 'date' } }
  })
  t.equal(validate({ email: 'ada@example.com', day: '2024-02-29' }), true)
  t.equal(validate({ email: 'not-an-email' }), false)
  t.strictSame(messagesOf(validate), ['/email must match format "email"'])
  t.equal(validate({ day: '2023-02-29' }), false)
  t.strictSame(messagesOf(validate), ['/day must match format "date"'])
})

t.test('a user-configured ajv-formats replaces the automatic one', async function (t) {
  const compiler = createValidatorCompiler({}, { plugins: [[ajvFormats, { formats: ['date'] }]] })
  const validate = compileFor(compiler, { type: 'string', format: 'date' })
  t.equal(validate('2024-01-01'), true)
  t.equal(validate('yesterday'), false)
  // Had the automatic plugin run too, every format would be known.
  t.throws(function compileEmail () {
    compileFor(compiler, { type: 'string', format: 'email' })
  }, { message: /unknown format "email"/ })
})

t.test('ajv-formats given as a bare function is recognised and not added twice', async function (t) {
  // Installing ajv-formats twice on one instance throws ("Keyword formatMaximum is already defined"),
  // so building at all proves the automatic copy stood aside.
  const validate = compileFor(createValidatorCompiler({}, { plugins: [ajvFormats] }), {
    type: 'string',
    format: 'date',
    formatMinimum: '2024-01-01'
  })
  t.equal(validate('2024-06-01'), true)
  t.equal(validate('2023-06-01'), false)
  t.strictSame(messagesOf(validate), ['should be >= 2024-01-01'])
})

t.test('a plugin function named formatsPlugin counts as ajv-formats (another copy of it)', async function (t) {
  const formatsPlugin = function formatsPlugin (ajv: Ajv): void {
    ajv.addFormat('even-digits', /^(\d\d)+$/)
  }
  const compiler = createValidatorCompiler({}, { plugins: [formatsPlugin] })
  const validate = compileFor(compiler, { type: 'string', format: 'even-digits' })
  t.equal(validate('1234'), true)
  t.equal(validate('123'), false)
  t.throws(function compileEmail () {
    compileFor(compiler, { type: 'string', format: 'email' })
  }, { message: /unknown format "email"/ })
})

t.test('a format defined by a plugin wins over the stock one', async function (t) {
  const compiler = createValidatorCompiler({}, {
    plugins: [function corporateEmail (ajv: Ajv) { ajv.addFormat('email', /@example\.com$/) }]
  })
  const validate = compileFor(compiler, { type: 'string', format: 'email' })
  t.equal(validate('ada@example.com'), true)
  t.equal(validate('ada@elsewhere.org'), false)
  t.strictSame(messagesOf(validate), ['must match format "email"'])
})

t.test('onCreate receives the Ajv instance after the plugins and before the shared schemas', async function (t) {
  const seen: Ajv[] = []
  const compiler = createValidatorCompiler({
    money: { $id: 'money', type: 'string', format: 'money' }
  }, {
    plugins: [function addTag (ajv: Ajv) { ajv.addKeyword('tag') }],
    onCreate: function addMoneyFormat (ajv) {
      seen.push(ajv)
      t.equal(ajv.RULES.keywords.tag, true, 'plugins already ran')
      t.equal(ajv.getSchema('money'), undefined, 'shared schemas are not added yet')
      ajv.addFormat('money', /^\d+\.\d\d$/)
    }
  })
  t.equal(seen.length, 1)
  const validate = compileFor(compiler, { type: 'object', properties: { price: { $ref: 'money#' } } })
  t.equal(validate({ price: '1.50' }), true)
  t.equal(validate({ price: '1.5' }), false)
  t.strictSame(messagesOf(validate), ['/price must match format "money"'])
})

t.test('a plugin may define an annotation keyword itself', async function (t) {
  const compiler = createValidatorCompiler({}, {
    plugins: [function strictExample (ajv: Ajv) {
      ajv.addKeyword({ keyword: 'example', schemaType: 'string', validate: function matchesExample (example: string, data: unknown) { return data === example } })
    }]
  })
  const validate = compileFor(compiler, { type: 'string', example: 'only-this' })
  t.equal(validate('only-this'), true)
  t.equal(validate('other'), false, 'the plugin definition is kept, not replaced by an annotation')
})
