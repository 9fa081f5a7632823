import t, { type Test } from 'tap'
import { z } from 'zod'
import enclave from '@enclave/core'
import { createValidatorCompiler, validatorCompiler, ZodValidationError } from '@enclave/zod'
import { appWith } from '../../kit/test/fixtures/app.js'

const build = (t: Test) => appWith(t, { validatorCompiler })

const userBody = z.object({ name: z.string(), age: z.number() })

t.test('a custom error handler reads error.validation, validationContext and the ZodError in cause (422)', async (t) => {
  const app = build(t)
  app.setErrorHandler(function unprocessable (error: any, _request, reply) {
    if (error.validation === undefined) return reply.send(error)
    return reply.code(422).send({
      part: error.validationContext,
      validation: error.validation,
      isZodError: error.cause instanceof z.ZodError,
      zodIssues: (error.cause as z.ZodError).issues.map((issue) => ({ code: issue.code, path: issue.path }))
    })
  })
  app.post('/users', { schema: { body: userBody } }, async () => 'created')

  const response = await app.inject({ method: 'POST', url: '/users', payload: { age: 'x' } })
  t.equal(response.statusCode, 422)
  t.strictSame(response.json(), {
    part: 'body',
    validation: [
      { instancePath: '', schemaPath: 'invalid_type', keyword: 'required', params: { missingProperty: 'name' }, message: "must have required property 'name'" }
    ],
    isZodError: true,
    // Zod stops at the first issue, as Ajv does.
    zodIssues: [{ code: 'invalid_type', path: ['name'] }]
  })
})

t.test("messages: 'zod' keeps Zod's wording, with the issue on the property itself", async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.setValidatorCompiler(createValidatorCompiler({ messages: 'zod' }))
  app.post('/users', { schema: { body: userBody } }, async () => 'ok')

  const response = await app.inject({ method: 'POST', url: '/users', payload: { age: 'x' } })
  t.equal(response.json().message, 'body/name Invalid input: expected string, received undefined')
})

t.test('the validation function reports a ZodValidationError carrying both shapes', async (t) => {
  const validate = validatorCompiler({ schema: userBody, method: 'POST', url: '/users', httpPart: 'body' })
  const result = validate({ name: 'Ada', age: -1, extra: 1 })
  t.strictSame(result, { value: { name: 'Ada', age: -1 } })

  const failed = validate({ name: 'Ada' }) as { error: ZodValidationError }
  t.ok(failed.error instanceof ZodValidationError)
  t.equal(failed.error.statusCode, 400)
  t.equal(failed.error.message, "body must have required property 'age'")
  t.strictSame(failed.error.validation.map((issue) => issue.params), [{ missingProperty: 'age' }])
  t.ok(failed.error.cause instanceof z.ZodError)
})
