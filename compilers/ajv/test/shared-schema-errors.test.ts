import t from 'tap'
import { AjvCompilerError, InvalidSharedSchemaError, UnknownKeywordError, createValidatorCompiler } from '../src/index.js'

t.test('an invalid shared schema is reported with its $id', async function (t) {
  const error = t.throws(() => createValidatorCompiler({ broken: { $id: 'broken', type: 'nonsense' } })) as unknown
  t.ok(error instanceof InvalidSharedSchemaError)
  t.ok(error instanceof AjvCompilerError)
  const failure = error as InvalidSharedSchemaError
  t.equal(failure.code, 'ENC_ERR_AJV_INVALID_SHARED_SCHEMA')
  t.equal(failure.schemaId, 'broken')
  t.match(failure.message, /^The shared schema "broken" cannot be added: schema is invalid: data\/type must be equal to one of the allowed values/)
  t.ok(failure.cause instanceof Error, "Ajv's own error is the cause")
})

t.test('a shared schema without $id is named by the key it was registered under', async function (t) {
  t.throws(() => createValidatorCompiler({ keyed: { type: 'object', properties: { a: { minimum: 'x' } } } }), {
    code: 'ENC_ERR_AJV_INVALID_SHARED_SCHEMA',
    message: /^The shared schema "keyed" cannot be added: schema is invalid/
  })
})

t.test('a duplicate $id among shared schemas names the schema too', async function (t) {
  t.throws(() => createValidatorCompiler({ a: { $id: 'same', type: 'string' }, b: { $id: 'same', type: 'integer' } }), {
    code: 'ENC_ERR_AJV_INVALID_SHARED_SCHEMA',
    message: /^The shared schema "same" cannot be added: schema with key or id "same" already exists/
  })
})

t.test('errors of this package keep their own class', async function (t) {
  // An unknown keyword is found when a route compiles the schema (shared schemas compile lazily).
  const compile = createValidatorCompiler({ loose: { $id: 'loose', type: 'object', colour: 'red' } })
  t.throws(() => compile({ schema: { $ref: 'loose#' }, method: 'POST', url: '/', httpPart: 'body' }), UnknownKeywordError)
})
