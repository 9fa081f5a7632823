import t from 'tap'
import enclave from '@enclave/core'
import { createValidatorCompiler as createAjvCompiler } from '@enclave/ajv'
import * as yup from 'yup'
import { validatorCompiler } from '@enclave/yup'
import type { EnclaveInstance, ValidatorCompilerInput } from '@enclave/core'

const yupBody = yup.object({ age: yup.number().integer().required() })
const jsonBody = { type: 'object', required: ['age'], properties: { age: { type: 'integer' } } }

t.test('on one route: the yup route and an Ajv route side by side in one server', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.post('/yup', { validatorCompiler, schema: { body: yupBody } }, async (request) => request.body)
  app.post('/ajv', { schema: { body: jsonBody } }, async (request) => request.body)

  const yupOk = await app.inject({ method: 'POST', url: '/yup', payload: { age: '41' } })
  t.strictSame(yupOk.json(), { age: 41 })
  const yupBad = await app.inject({ method: 'POST', url: '/yup', payload: {} })
  t.strictSame(yupBad.json(), { statusCode: 400, error: 'Bad Request', message: 'body/age is a required field' })

  const ajvOk = await app.inject({ method: 'POST', url: '/ajv', payload: { age: 41 } })
  t.strictSame(ajvOk.json(), { age: 41 })
  const ajvBad = await app.inject({ method: 'POST', url: '/ajv', payload: {} })
  t.strictSame(ajvBad.json(), { statusCode: 400, error: 'Bad Request', message: "body should have required property 'age'" })
})

t.test('on the whole server: every route, including those of child contexts, uses yup', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.setValidatorCompiler(validatorCompiler)
  app.post('/root', { schema: { body: yupBody } }, async (request) => request.body)
  app.register(async function child (child: EnclaveInstance) {
    child.post('/child', { schema: { body: yupBody } }, async (request) => request.body)
  })
  for (const url of ['/root', '/child']) {
    const ok = await app.inject({ method: 'POST', url, payload: { age: '2' } })
    t.strictSame(ok.json(), { age: 2 }, `${url} casts with yup`)
    const bad = await app.inject({ method: 'POST', url, payload: { age: 1.5 } })
    t.equal(bad.json().message, 'body/age should be an integer', `${url} reports yup's failure`)
  }
})

t.test('in one context: the compiler set in a plugin does not reach its sibling or the root', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.register(async function yupContext (scope: EnclaveInstance) {
    scope.setValidatorCompiler(validatorCompiler)
    scope.post('/yup/item', { schema: { body: yupBody } }, async (request) => request.body)
  })
  app.register(async function sibling (scope: EnclaveInstance) {
    // A JSON Schema here would fail to build if the yup compiler had leaked into this context.
    scope.post('/json/item', { schema: { body: jsonBody } }, async (request) => request.body)
  })
  app.post('/root/item', { schema: { body: jsonBody } }, async (request) => request.body)

  const inYup = await app.inject({ method: 'POST', url: '/yup/item', payload: { age: 'x' } })
  t.equal(inYup.json().message, 'body/age should be number')
  const sibling = await app.inject({ method: 'POST', url: '/json/item', payload: { age: 'x' } })
  t.equal(sibling.json().message, 'body/age should be integer', 'the sibling keeps Ajv')
  const root = await app.inject({ method: 'POST', url: '/root/item', payload: {} })
  t.equal(root.json().message, "body should have required property 'age'", 'the root keeps Ajv')
})

t.test('a route option wins over the context compiler', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.register(async function yupContext (scope: EnclaveInstance) {
    scope.setValidatorCompiler(validatorCompiler)
    scope.post('/ajv-here', { validatorCompiler: createAjvCompiler(), schema: { body: jsonBody } }, async (request) => request.body)
  })
  const res = await app.inject({ method: 'POST', url: '/ajv-here', payload: { age: 'x' } })
  t.equal(res.json().message, 'body/age should be integer')
})

t.test('a compiler that picks the library per part: yup for the body, Ajv for the querystring', async (t) => {
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
      body: yupBody,
      querystring: { type: 'object', properties: { page: { type: 'integer', default: 1 } } }
    }
  }, async (request) => ({ body: request.body, query: request.query }))

  const ok = await app.inject({ method: 'POST', url: '/mixed?page=3', payload: { age: '5' } })
  t.strictSame(ok.json(), { body: { age: 5 }, query: { page: 3 } })
  const badQuery = await app.inject({ method: 'POST', url: '/mixed?page=x', payload: { age: 5 } })
  t.equal(badQuery.json().message, 'querystring/page should be integer')
  const badBody = await app.inject({ method: 'POST', url: '/mixed', payload: { age: 'x' } })
  t.equal(badBody.json().message, 'body/age should be number')
})

t.test('shared schemas: a yup schema is reused by composing it in code; addSchema feeds only Ajv', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  const address = yup.object({ city: yup.string().required() })
  app.addSchema({ $id: 'address', type: 'object', required: ['city'], properties: { city: { type: 'string' } } })
  app.post('/yup', { validatorCompiler, schema: { body: yup.object({ home: address.required(), work: address.default(undefined) }) } }, async (request) => request.body)
  app.post('/ajv', { schema: { body: { type: 'object', properties: { home: { $ref: 'address#' } } } } }, async (request) => request.body)

  const inYup = await app.inject({ method: 'POST', url: '/yup', payload: { home: { city: 'Oslo' }, work: {} } })
  t.equal(inYup.json().message, 'body/work/city is a required field')
  const ajv = await app.inject({ method: 'POST', url: '/ajv', payload: { home: {} } })
  t.equal(ajv.json().message, "body/home should have required property 'city'")
})
