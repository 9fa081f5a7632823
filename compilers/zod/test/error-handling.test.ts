import t, { type Test } from 'tap'
import { z } from 'zod'
import enclave, { type EnclaveInstance, type ValidationError } from '@enclave/core'
import { createValidatorCompiler, validatorCompiler, ZodValidationError } from '@enclave/zod'

function build (t: Test): EnclaveInstance {
  const app = enclave()
  t.teardown(() => app.close())
  app.setValidatorCompiler(validatorCompiler)
  return app
}

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
      { instancePath: '', schemaPath: 'invalid_type', keyword: 'required', params: { missingProperty: 'name' }, message: "must have required property 'name'" },
      { instancePath: '/age', schemaPath: 'invalid_type', keyword: 'type', params: { type: 'number' }, message: 'must be number' }
    ],
    isZodError: true,
    zodIssues: [{ code: 'invalid_type', path: ['name'] }, { code: 'invalid_type', path: ['age'] }]
  })
})

t.test('the error is the spec\'s validation error: statusCode, code, message from the formatter', async (t) => {
  const app = build(t)
  let seen: ValidationError | undefined
  app.setErrorHandler(function capture (error: any, _request, reply) {
    seen = error
    return reply.send(error)
  })
  app.get('/items', { schema: { querystring: z.object({ n: z.number() }) } }, async () => 'ok')

  const response = await app.inject('/items?n=x')
  t.equal(response.statusCode, 400)
  t.equal(seen?.statusCode, 400)
  t.equal(seen?.code, 'FST_ERR_VALIDATION')
  t.equal(seen?.validationContext, 'querystring')
  t.equal(seen?.message, 'querystring/n should be number')
  t.ok(seen?.cause instanceof z.ZodError)
})

t.test('attachValidation hands the error to the handler instead', async (t) => {
  const app = build(t)
  app.post('/users', { attachValidation: true, schema: { body: userBody } }, async (request: any) => ({
    message: request.validationError?.message,
    context: request.validationError?.validationContext,
    keywords: request.validationError?.validation.map((issue: { keyword: string }) => issue.keyword)
  }))
  const response = await app.inject({ method: 'POST', url: '/users', payload: { name: 1, age: 2 } })
  t.equal(response.statusCode, 200)
  t.strictSame(response.json(), { message: 'body/name should be string', context: 'body', keywords: ['type'] })
})

t.test('a schemaErrorFormatter receives the Ajv-shaped issues', async (t) => {
  const app = enclave({
    schemaErrorFormatter (errors, dataVar) {
      return new Error(`${dataVar}: ${errors.map((issue) => `${issue.keyword}@${issue.instancePath || '/'}`).join(' ')}`)
    }
  })
  t.teardown(() => app.close())
  app.setValidatorCompiler(validatorCompiler)
  app.post('/users', { schema: { body: userBody } }, async () => 'ok')
  const response = await app.inject({ method: 'POST', url: '/users', payload: { age: '1' } })
  t.equal(response.json().message, 'body: required@/ type@/age')
})

t.test("messages: 'zod' keeps Zod's wording, with the issue on the property itself", async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.setValidatorCompiler(createValidatorCompiler({ messages: 'zod' }))
  app.post('/users', { schema: { body: userBody } }, async () => 'ok')

  const response = await app.inject({ method: 'POST', url: '/users', payload: { age: 'x' } })
  t.equal(response.json().message, 'body/name Invalid input: expected string, received undefined, body/age Invalid input: expected number, received string')
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
