import t from 'tap'
import {
  AjvCompilerError,
  AsyncSchemaError,
  UnknownKeywordError,
  createValidatorCompiler,
  createValidatorCompilerFactory
} from '../src/index.js'
import { compileFor, messagesOf } from './fixtures/helpers.js'

t.test('OpenAPI annotation keywords do not break strict mode and change nothing', async function (t) {
  const validate = compileFor(createValidatorCompiler(), {
    type: 'object',
    example: { name: 'Ada' },
    examples: [{ name: 'Ada' }],
    externalDocs: { url: 'https://example.com/docs', 'x-internal': true },
    xml: { name: 'person' },
    discriminator: { propertyName: 'kind' },
    deprecated: true,
    properties: {
      kind: { type: 'string' },
      name: { type: 'string', readOnly: true, example: 'Ada' },
      secret: { type: 'string', writeOnly: true }
    },
    required: ['name']
  })
  t.equal(validate({ kind: 'person', name: 'Ada' }), true)
  t.equal(validate({ kind: 'person' }), false)
  t.strictSame(messagesOf(validate), ["must have required property 'name'"])
})

t.test('x-* vendor keywords are accepted anywhere in route and shared schemas', async function (t) {
  const shared = {
    $id: 'vendor',
    type: 'object',
    'x-owner': 'team-a',
    properties: { id: { type: 'integer', 'x-db-column': 'user_id' } },
    definitions: { tag: { type: 'string', 'x-i18n': { fr: 'étiquette' } } }
  }
  const compiler = createValidatorCompiler({ vendor: shared })
  const validate = compileFor(compiler, {
    type: 'object',
    'x-rate-limit': 10,
    properties: {
      user: { $ref: 'vendor#' },
      tags: { type: 'array', items: { $ref: 'vendor#/definitions/tag' }, 'x-max-tags-hint': 3 },
      choice: { anyOf: [{ type: 'integer', 'x-label': 'number' }, { type: 'string' }] }
    }
  })
  const body: Record<string, unknown> = { user: { id: '9' }, tags: 'a', choice: '1' }
  t.equal(validate(body), true)
  t.strictSame(body, { user: { id: 9 }, tags: ['a'], choice: 1 })
  t.equal(validate({ user: { id: 'nine' } }), false)
  t.strictSame(messagesOf(validate), ['/user/id must be integer'])
})

t.test('an x- property name in a headers schema stays a property, not a keyword', async function (t) {
  const validate = compileFor(createValidatorCompiler(), {
    type: 'object',
    properties: { 'x-api-key': { type: 'string', minLength: 3 } },
    required: ['x-api-key']
  }, 'headers')
  t.equal(validate({ 'x-api-key': 'abcd' }), true)
  t.equal(validate({ host: 'localhost' }), false)
  t.strictSame(messagesOf(validate), ["must have required property 'x-api-key'"])
  t.equal(validate({ 'x-api-key': 'ab' }), false)
  t.strictSame(messagesOf(validate), ['/x-api-key must NOT have fewer than 3 characters'])
})

t.test('an unknown keyword is still rejected with Ajv\'s message, and a hint on how to fix it', async function (t) {
  const compiler = createValidatorCompiler()
  let caught: unknown
  try {
    compileFor(compiler, { type: 'object', properties: { a: { type: 'string', minlength: 2 } } })
  } catch (error) {
    caught = error
  }
  t.ok(caught instanceof UnknownKeywordError)
  t.ok(caught instanceof AjvCompilerError)
  t.match(caught, {
    code: 'ENC_ERR_AJV_UNKNOWN_KEYWORD',
    statusCode: 500,
    keyword: 'minlength',
    message: 'strict mode: unknown keyword: "minlength"',
    hint: /addKeyword.*"x-".*strictSchema: false/
  })
  t.match((caught as Error).cause, { message: 'strict mode: unknown keyword: "minlength"' })
})

t.test('an unknown keyword in a shared schema is reported by the route that uses it', async function (t) {
  // Ajv compiles a shared schema when it is first referenced, not when it is added.
  const compiler = createValidatorCompilerFactory()({ broken: { $id: 'broken', type: 'object', requird: ['a'] } })
  t.throws(function compileWithTypo () {
    compileFor(compiler, { type: 'object', properties: { item: { $ref: 'broken#' } } })
  }, { code: 'ENC_ERR_AJV_UNKNOWN_KEYWORD', keyword: 'requird' })
  t.throws(function compileSharedDirectly () {
    compileFor(compiler, { $id: 'broken', type: 'object' })
  }, UnknownKeywordError, 'also when the route schema is the shared schema itself')
})

t.test('strict mode can be relaxed through customOptions', async function (t) {
  const compiler = createValidatorCompiler({}, { customOptions: { strictSchema: false } })
  const validate = compileFor(compiler, { type: 'object', kind: 'Object', properties: { a: { type: 'integer' } } })
  t.equal(validate({ a: 'x' }), false)
  t.strictSame(messagesOf(validate), ['/a must be integer'])
})

t.test('discriminator keeps its Ajv meaning when customOptions enables it', async function (t) {
  const compiler = createValidatorCompiler({}, { customOptions: { discriminator: true } })
  const validate = compileFor(compiler, {
    type: 'object',
    discriminator: { propertyName: 'kind' },
    required: ['kind'],
    oneOf: [
      { properties: { kind: { const: 'cat' }, meows: { type: 'boolean' } }, required: ['meows'] },
      { properties: { kind: { const: 'dog' }, barks: { type: 'boolean' } }, required: ['barks'] }
    ]
  })
  t.equal(validate({ kind: 'dog', barks: true }), true)
  t.equal(validate({ kind: 'dog', meows: true }), false)
  t.strictSame(messagesOf(validate), ["must have required property 'barks'"])
  t.equal(validate({ kind: 'cow' }), false)
  t.match(validate.errors, [{ keyword: 'discriminator' }])
})

t.test('$async is rejected at compile time', async function (t) {
  const compiler = createValidatorCompiler()
  t.throws(function compileAsyncRoot () {
    compileFor(compiler, { $async: true, type: 'object' })
  }, AsyncSchemaError)
  t.throws(function compileAsyncRoot () {
    compileFor(compiler, { $async: true, type: 'object' })
  }, {
    code: 'ENC_ERR_AJV_ASYNC_SCHEMA',
    statusCode: 500,
    message: /^The body schema of POST \/test declares "\$async: true".*preHandler/
  })
  t.throws(function compileAsyncNested () {
    compileFor(compiler, {
      type: 'object',
      properties: { a: { $ref: '#/definitions/remote' } },
      definitions: { remote: { $id: 'remote', $async: true, type: 'string' } }
    }, 'querystring')
  }, { code: 'ENC_ERR_AJV_ASYNC_SCHEMA', message: /^The querystring schema of POST \/test/ })

  const sync = compileFor(compiler, { $async: false, type: 'integer' })
  t.equal(sync('1'), true, '$async: false is just a sync schema')
})

t.test('an async shared schema is rejected when the context is built', async function (t) {
  t.throws(function buildWithAsyncShared () {
    createValidatorCompiler({ lookup: { $id: 'lookup', $async: true, type: 'string' } })
  }, { code: 'ENC_ERR_AJV_ASYNC_SCHEMA', message: /^The shared schema "lookup" declares "\$async: true"/ })
})

t.test('an async validator added by onCreate never comes out of the compiler', async function (t) {
  const compiler = createValidatorCompiler({}, {
    onCreate: function addAsyncSchema (ajv) {
      ajv.addSchema({ $id: 'sneaky', $async: true, type: 'string' })
    }
  })
  t.throws(function compileKnownAsync () {
    compileFor(compiler, { $id: 'sneaky', type: 'string' })
  }, { code: 'ENC_ERR_AJV_ASYNC_SCHEMA' })
})
