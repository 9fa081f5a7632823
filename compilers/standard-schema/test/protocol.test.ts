import t, { type Test } from 'tap'
import type { StandardSchemaV1 } from '@standard-schema/spec'
import * as v from 'valibot'
import { createValidatorCompiler, StandardSchemaValidationError, validatorCompiler } from '@enclave/standard-schema'
import { appWith } from '../../kit/test/fixtures/app.js'

/** A schema written by hand against the spec: whatever implements `~standard` works. */
function evenNumber (options: { async?: boolean } = {}): StandardSchemaV1<unknown, number> & { seen: Array<StandardSchemaV1.Options | undefined> } {
  const seen: Array<StandardSchemaV1.Options | undefined> = []
  function check (value: unknown): StandardSchemaV1.Result<number> {
    if (typeof value === 'number' && value % 2 === 0) return { value }
    return { issues: [{ message: 'must be an even number', path: [] }] }
  }
  return {
    seen,
    '~standard': {
      version: 1,
      vendor: 'hand-made',
      validate (value, validateOptions) {
        seen.push(validateOptions)
        return options.async === true ? Promise.resolve(check(value)) : check(value)
      }
    }
  }
}

const build = (t: Test) => appWith(t, { validatorCompiler })

t.test('any object implementing ~standard is a schema, with no adapter code for it', async (t) => {
  const app = build(t)
  app.post('/even', { schema: { body: evenNumber() } }, async (request) => ({ got: request.body }))
  t.strictSame((await app.inject({ method: 'POST', url: '/even', payload: '4', headers: { 'content-type': 'application/json' } })).json(), { got: 4 })
  t.strictSame((await app.inject({ method: 'POST', url: '/even', payload: '3', headers: { 'content-type': 'application/json' } })).json(), {
    statusCode: 400, error: 'Bad Request', message: 'body should be an even number'
  }, 'the default formatter gives a leading "must" the spec\'s "should", whoever wrote it')
})

t.test('synchronous schemas validate synchronously; a promise from validate is awaited', async (t) => {
  const sync = validatorCompiler({ schema: evenNumber(), method: 'POST', url: '/', httpPart: 'body' })
  const result = sync(2)
  t.notOk(result instanceof Promise)
  t.strictSame(result, { value: 2 })

  const async = validatorCompiler({ schema: evenNumber({ async: true }), method: 'POST', url: '/', httpPart: 'body' })
  const pending = async(3)
  t.ok(pending instanceof Promise)
  const failed = await pending as { error: StandardSchemaValidationError }
  t.ok(failed.error instanceof StandardSchemaValidationError)
  t.strictSame(failed.error.validation, [{ instancePath: '', schemaPath: 'hand-made', keyword: 'invalid', params: {}, message: 'must be an even number' }])
  t.strictSame(failed.error.cause, { issues: [{ message: 'must be an even number', path: [] }] }, 'cause is what validate returned')
})

t.test('libraryOptions reach every validate call', async (t) => {
  const schema = evenNumber()
  const validate = createValidatorCompiler({ libraryOptions: { locale: 'fr' } })({ schema, method: 'POST', url: '/', httpPart: 'body' })
  await validate(2)
  t.strictSame(schema.seen, [{ libraryOptions: { locale: 'fr' } }])
})

t.test('issue paths become JSON pointers, escaped, from keys or { key } segments', async (t) => {
  const schema = v.object({ 'a/b': v.object({ 'c~d': v.array(v.number()) }) })
  const validate = validatorCompiler({ schema, method: 'POST', url: '/', httpPart: 'body' })
  const failed = validate({ 'a/b': { 'c~d': [1, 'x'] } }) as { error: StandardSchemaValidationError }
  t.equal(failed.error.validation[0]?.instancePath, '/a~1b/c~0d/1')
  t.equal(failed.error.validation[0]?.keyword, 'number', "valibot's own rule name")
  t.equal(failed.error.validation[0]?.schemaPath, 'valibot')
})
