import t from 'tap'
import enclave from '@enclave/core'
import { createValidatorCompiler as createAjvCompiler } from '@enclave/ajv'
import Joi from 'joi'
import { validatorCompiler } from '@enclave/joi'
import type { EnclaveInstance, ValidatorCompilerInput } from '@enclave/core'

const joiBody = Joi.object({ age: Joi.number().integer().required() })
const jsonBody = { type: 'object', required: ['age'], properties: { age: { type: 'integer' } } }

t.test('on one route: the Joi route and an Ajv route side by side in one server', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.post('/joi', { validatorCompiler, schema: { body: joiBody } }, async (request) => request.body)
  app.post('/ajv', { schema: { body: jsonBody } }, async (request) => request.body)

  const joiOk = await app.inject({ method: 'POST', url: '/joi', payload: { age: '41' } })
  t.strictSame(joiOk.json(), { age: 41 })
  const joiBad = await app.inject({ method: 'POST', url: '/joi', payload: {} })
  t.strictSame(joiBad.json(), { statusCode: 400, error: 'Bad Request', message: 'body/age is required' })

  const ajvOk = await app.inject({ method: 'POST', url: '/ajv', payload: { age: 41 } })
  t.strictSame(ajvOk.json(), { age: 41 })
  const ajvBad = await app.inject({ method: 'POST', url: '/ajv', payload: {} })
  t.strictSame(ajvBad.json(), { statusCode: 400, error: 'Bad Request', message: "body should have required property 'age'" })
})

t.test('on the whole server: every route, including those of child contexts, uses Joi', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.setValidatorCompiler(validatorCompiler)
  app.post('/root', { schema: { body: joiBody } }, async (request) => request.body)
  app.register(async function child (child: EnclaveInstance) {
    child.post('/child', { schema: { body: joiBody } }, async (request) => request.body)
  })
  for (const url of ['/root', '/child']) {
    const ok = await app.inject({ method: 'POST', url, payload: { age: '2' } })
    t.strictSame(ok.json(), { age: 2 }, `${url} converts with Joi`)
    const bad = await app.inject({ method: 'POST', url, payload: { age: 1.5 } })
    t.equal(bad.json().message, 'body/age should be an integer', `${url} reports Joi's failure`)
  }
})

t.test('in one context: the compiler set in a plugin does not reach its sibling or the root', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.register(async function joiContext (scope: EnclaveInstance) {
    scope.setValidatorCompiler(validatorCompiler)
    scope.post('/joi/item', { schema: { body: joiBody } }, async (request) => request.body)
  })
  app.register(async function sibling (scope: EnclaveInstance) {
    // A JSON Schema here would fail to build if the Joi compiler had leaked into this context.
    scope.post('/json/item', { schema: { body: jsonBody } }, async (request) => request.body)
  })
  app.post('/root/item', { schema: { body: jsonBody } }, async (request) => request.body)

  const joi = await app.inject({ method: 'POST', url: '/joi/item', payload: { age: 'x' } })
  t.equal(joi.json().message, 'body/age should be a number')
  const sibling = await app.inject({ method: 'POST', url: '/json/item', payload: { age: 'x' } })
  t.equal(sibling.json().message, 'body/age should be integer', 'the sibling keeps Ajv')
  const root = await app.inject({ method: 'POST', url: '/root/item', payload: {} })
  t.equal(root.json().message, "body should have required property 'age'", 'the root keeps Ajv')
})

t.test('a route option wins over the context compiler', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.register(async function joiContext (scope: EnclaveInstance) {
    scope.setValidatorCompiler(validatorCompiler)
    scope.post('/ajv-here', { validatorCompiler: createAjvCompiler(), schema: { body: jsonBody } }, async (request) => request.body)
  })
  const res = await app.inject({ method: 'POST', url: '/ajv-here', payload: { age: 'x' } })
  t.equal(res.json().message, 'body/age should be integer')
})

t.test('a compiler that picks the library per part: Joi for the body, Ajv for the querystring', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  const ajv = createAjvCompiler()
  function perPart (input: ValidatorCompilerInput) {
    if (input.httpPart === 'body') return validatorCompiler(input)
    if (input.httpPart === 'querystring') return ajv(input)
    throw new Error(`no compiler for ${input.httpPart}`)
  }
  app.post('/mixed', {
    validatorCompiler: perPart,
    schema: {
      body: joiBody,
      querystring: { type: 'object', properties: { page: { type: 'integer', default: 1 } } }
    }
  }, async (request) => ({ body: request.body, query: request.query }))

  const ok = await app.inject({ method: 'POST', url: '/mixed?page=3', payload: { age: '5' } })
  t.strictSame(ok.json(), { body: { age: 5 }, query: { page: 3 } })
  const badQuery = await app.inject({ method: 'POST', url: '/mixed?page=x', payload: { age: 5 } })
  t.equal(badQuery.json().message, 'querystring/page should be integer')
  const badBody = await app.inject({ method: 'POST', url: '/mixed', payload: { age: 'x' } })
  t.equal(badBody.json().message, 'body/age should be a number')
})

t.test('shared schemas: a Joi schema is reused by composing it in code; addSchema feeds only Ajv', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  const address = Joi.object({ city: Joi.string().required() })
  app.addSchema({ $id: 'address', type: 'object', required: ['city'], properties: { city: { type: 'string' } } })
  app.post('/joi', { validatorCompiler, schema: { body: Joi.object({ home: address.required(), work: address }) } }, async (request) => request.body)
  app.post('/ajv', { schema: { body: { type: 'object', properties: { home: { $ref: 'address#' } } } } }, async (request) => request.body)

  const joi = await app.inject({ method: 'POST', url: '/joi', payload: { home: { city: 'Oslo' }, work: {} } })
  t.equal(joi.json().message, 'body/work/city is required')
  const ajv = await app.inject({ method: 'POST', url: '/ajv', payload: { home: {} } })
  t.equal(ajv.json().message, "body/home should have required property 'city'")
})
