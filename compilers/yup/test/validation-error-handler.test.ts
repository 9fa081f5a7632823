import t from 'tap'
import enclave from '@enclave/core'
import * as yup from 'yup'
import { YupValidationError, validatorCompiler } from '@enclave/yup'

const profile = yup.object({
  name: yup.string().min(3).required(),
  'a.b/c': yup.number(),
  nested: yup.object({ list: yup.array(yup.number()) })
})

t.test('a custom error handler reads error.validation, validationContext and yup\'s error as cause (422)', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.setErrorHandler(function localising (error: any, _request, reply) {
    if (error.validation === undefined) return reply.send(error)
    t.ok(error.cause instanceof yup.ValidationError, 'cause is yup\'s own ValidationError')
    const failures: yup.ValidationError[] = error.cause.inner.length > 0 ? error.cause.inner : [error.cause]
    return reply.code(422).send({
      part: error.validationContext,
      issues: failures.map((failure) => ({ path: failure.path, test: failure.type, text: failure.message }))
    })
  })
  app.post('/profile', { validatorCompiler, schema: { body: profile } }, async () => 'never')
  const res = await app.inject({ method: 'POST', url: '/profile', payload: { name: 'Al' } })
  t.equal(res.statusCode, 422)
  t.strictSame(res.json(), {
    part: 'body',
    issues: [{ path: 'name', test: 'min', text: 'name must be at least 3 characters' }]
  })
})

t.test('each issue has the Ajv shape: JSON pointer, test name as keyword, yup\'s params and message', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  let seen: any
  app.setErrorHandler(function capture (error: any, _request, reply) {
    seen = error
    reply.code(400).send({ message: error.message })
  })
  app.setValidatorCompiler(validatorCompiler)
  app.post('/profile', { schema: { body: profile } }, async () => 'never')
  const res = await app.inject({ method: 'POST', url: '/profile', payload: { name: 'Alan', 'a.b/c': 'x' } })
  t.equal(res.statusCode, 400)
  t.equal(seen.statusCode, 400)
  t.equal(seen.code, 'FST_ERR_VALIDATION')
  t.equal(seen.validationContext, 'body')
  t.strictSame(seen.validation, [{
    instancePath: '/a.b~1c',
    schemaPath: '#/a.b~1c/typeError',
    keyword: 'typeError',
    params: {
      value: NaN,
      originalValue: 'x',
      path: '["a.b/c"]',
      type: 'number',
      libraryMessage: '["a.b/c"] must be a `number` type, but the final value was: `NaN` (cast from the value `"x"`).'
    },
    message: 'must be number'
  }], 'abortEarly (yup\'s default) reports the first failure only')
  t.equal(res.json().message, 'body/a.b~1c should be number')

  const deep = await app.inject({ method: 'POST', url: '/profile', payload: { name: 'Alan', nested: { list: [1, 'two'] } } })
  t.equal(deep.json().message, 'body/nested/list/1 should be number')
})

t.test('a .label() is stripped like the path; custom and localised messages are kept whole', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.post('/labelled', { validatorCompiler, schema: { body: yup.object({ zip: yup.string().length(4).label('Postcode') }) } }, async () => 'never')
  app.post('/custom', {
    validatorCompiler,
    schema: { body: yup.object({ zip: yup.string().matches(/^\d+$/, 'Postleitzahl: nur Ziffern') }) }
  }, async () => 'never')
  app.post('/typed', {
    validatorCompiler,
    schema: { body: yup.object({ n: yup.number().typeError('${path} braucht eine Zahl') }) }
  }, async () => 'never')

  const labelled = await app.inject({ method: 'POST', url: '/labelled', payload: { zip: '123' } })
  t.equal(labelled.json().message, 'body/zip should be exactly 4 characters')
  const custom = await app.inject({ method: 'POST', url: '/custom', payload: { zip: 'abc' } })
  t.equal(custom.json().message, 'body/zip Postleitzahl: nur Ziffern')
  const typed = await app.inject({ method: 'POST', url: '/typed', payload: { n: 'x' } })
  t.equal(typed.json().message, 'body/n braucht eine Zahl', 'a custom typeError message is not rewritten')
})

t.test('yup captures no stack trace per failed request unless disableStackTrace: false', async (t) => {
  const validate = validatorCompiler({ schema: profile, method: 'POST', url: '/', httpPart: 'body' })
  const failure = validate({}) as { error: YupValidationError }
  t.equal((failure.error.cause as { stack?: unknown }).stack, undefined)
})
