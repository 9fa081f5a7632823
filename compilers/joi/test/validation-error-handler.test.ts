import t from 'tap'
import enclave from '@enclave/core'
import Joi from 'joi'
import { validatorCompiler } from '@enclave/joi'

const profile = Joi.object({
  name: Joi.string().min(3).required(),
  'a/b~c': Joi.number(),
  nested: Joi.object({ list: Joi.array().items(Joi.number()) })
})

t.test('a custom error handler reads error.validation, validationContext and Joi\'s error as cause (422)', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.setErrorHandler(function localising (error: any, _request, reply) {
    if (error.validation === undefined) return reply.send(error)
    t.ok(Joi.isError(error.cause), 'cause is Joi\'s own ValidationError')
    return reply.code(422).send({
      part: error.validationContext,
      issues: error.cause.details.map((detail: Joi.ValidationErrorItem) => ({ path: detail.path, code: detail.type, text: detail.message }))
    })
  })
  app.post('/profile', { validatorCompiler, schema: { body: profile } }, async () => 'never')
  const res = await app.inject({ method: 'POST', url: '/profile', payload: { name: 'Al' } })
  t.equal(res.statusCode, 422)
  t.strictSame(res.json(), {
    part: 'body',
    issues: [{ path: ['name'], code: 'string.min', text: '"name" length must be at least 3 characters long' }]
  })
})

t.test('each issue has the Ajv shape: JSON pointer, Joi code as keyword, context and Joi\'s message as params', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  let seen: any
  app.setErrorHandler(function capture (error: any, _request, reply) {
    seen = error
    reply.code(400).send({ message: error.message })
  })
  app.setValidatorCompiler(validatorCompiler)
  app.post('/profile', { schema: { body: profile } }, async () => 'never')
  const res = await app.inject({ method: 'POST', url: '/profile', payload: { name: 'Alan', 'a/b~c': 'x', nested: { list: [1, 'two'] } } })
  t.equal(res.statusCode, 400)
  t.equal(seen.statusCode, 400)
  t.equal(seen.code, 'FST_ERR_VALIDATION')
  t.equal(seen.validationContext, 'body')
  t.strictSame(seen.validation, [{
    instancePath: '/a~1b~0c',
    schemaPath: '#/a~1b~0c/number.base',
    keyword: 'number.base',
    params: { label: 'a/b~c', value: 'x', key: 'a/b~c', libraryMessage: '"a/b~c" must be a number' },
    message: 'must be a number'
  }], 'abortEarly (Joi\'s default) reports the first failure only')
  t.equal(res.json().message, 'body/a~1b~0c should be a number')
})

t.test('a .label() is stripped like the key; custom and localised messages are kept whole', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.post('/labelled', { validatorCompiler, schema: { body: Joi.object({ zip: Joi.string().length(4).label('Postcode') }) } }, async () => 'never')
  app.post('/custom', {
    validatorCompiler,
    schema: { body: Joi.object({ zip: Joi.string().pattern(/^\d+$/).messages({ 'string.pattern.base': 'Postleitzahl: nur Ziffern' }) }) }
  }, async () => 'never')

  const labelled = await app.inject({ method: 'POST', url: '/labelled', payload: { zip: '123' } })
  t.equal(labelled.json().message, 'body/zip length must be 4 characters long')
  const custom = await app.inject({ method: 'POST', url: '/custom', payload: { zip: 'abc' } })
  t.equal(custom.json().message, 'body/zip Postleitzahl: nur Ziffern')
})
