import t, { type Test } from 'tap'
import * as v from 'valibot'
import { z } from 'zod'
import enclave, { type EnclaveInstance, type ValidatorCompiler } from '@enclave/core'
import { createValidatorCompiler as createAjvValidatorCompiler } from '@enclave/ajv'
import { validatorCompiler as standardValidatorCompiler } from '@enclave/standard-schema'

function build (t: Test): EnclaveInstance {
  const app = enclave()
  t.teardown(() => app.close())
  return app
}

const badRequest = (message: string) => ({ statusCode: 400, error: 'Bad Request', message })
const post = (app: EnclaveInstance, url: string, payload: object) => app.inject({ method: 'POST', url, payload })

/** Routes of three kinds in one server: valibot, zod (both through this adapter) and Ajv. */
function mixedServer (t: Test): EnclaveInstance {
  const app = build(t)
  app.post('/valibot', { validatorCompiler: standardValidatorCompiler, schema: { body: v.object({ age: v.number() }) } }, async (request) => request.body)
  app.post('/zod', { validatorCompiler: standardValidatorCompiler, schema: { body: z.object({ age: z.number() }) } }, async (request) => request.body)
  app.post('/ajv', { schema: { body: { type: 'object', properties: { age: { type: 'number' } } } } }, async (request) => request.body)
  return app
}

t.test('per route: the valibot route', async (t) => {
  const app = mixedServer(t)
  t.strictSame((await post(app, '/valibot', { age: 3, x: 1 })).json(), { age: 3 })
  t.strictSame((await post(app, '/valibot', { age: '3' })).json(), badRequest('body/age Invalid type: Expected number but received "3"'), 'a JSON body is not coerced')
})

t.test('per route: the zod route', async (t) => {
  const app = mixedServer(t)
  t.strictSame((await post(app, '/zod', { age: 3, x: 1 })).json(), { age: 3 })
  t.strictSame((await post(app, '/zod', { age: '3' })).json(), badRequest('body/age Invalid input: expected number, received string'))
})

t.test('per route: the Ajv route keeps the default compiler', async (t) => {
  const app = mixedServer(t)
  t.strictSame((await post(app, '/ajv', { age: '3' })).json(), { age: 3 })
  t.strictSame((await post(app, '/ajv', { age: 'x' })).json(), badRequest('body/age should be number'))
})

t.test('per context: setValidatorCompiler inside a plugin applies to its routes and descendants only', async (t) => {
  const app = build(t)
  app.register(async function standardApi (api: EnclaveInstance) {
    api.setValidatorCompiler(standardValidatorCompiler)
    api.post('/users', { schema: { body: v.object({ name: v.string() }) } }, async (request) => request.body)
    api.register(async function nested (child: EnclaveInstance) {
      child.post('/nested', { schema: { body: v.object({ id: v.number() }) } }, async (request) => request.body)
    })
  }, { prefix: '/std' })
  app.post('/plain', { schema: { body: { type: 'object', properties: { name: { type: 'string' } } } } }, async (request) => request.body)

  t.strictSame((await post(app, '/std/users', { name: 'Ada', role: 'admin' })).json(), { name: 'Ada' })
  t.strictSame((await post(app, '/std/nested', { id: 'x' })).json(), badRequest('body/id Invalid type: Expected number but received "x"'))
  t.strictSame((await post(app, '/plain', { name: 5 })).json(), { name: '5' }, 'the parent keeps Ajv')
})

t.test('encapsulation: a compiler set in one sibling does not reach the other', async (t) => {
  const app = build(t)
  app.register(async function standardSibling (api: EnclaveInstance) {
    api.setValidatorCompiler(standardValidatorCompiler)
    api.post('/a', { schema: { body: v.object({ n: v.number() }) } }, async (request) => request.body)
  })
  app.register(async function ajvSibling (api: EnclaveInstance) {
    api.post('/b', { schema: { body: { type: 'object', properties: { n: { type: 'number' } } } } }, async (request) => request.body)
  })
  t.strictSame((await post(app, '/a', { n: '1' })).json(), badRequest('body/n Invalid type: Expected number but received "1"'))
  t.strictSame((await post(app, '/b', { n: '1' })).json(), { n: 1 })

  const broken = build(t)
  broken.register(async function standardSibling (api: EnclaveInstance) {
    api.setValidatorCompiler(standardValidatorCompiler)
  })
  broken.register(async function ajvSibling (api: EnclaveInstance) {
    api.post('/b', { schema: { body: v.object({ n: v.number() }) } }, async () => 'ok')
  })
  const error = await broken.ready().then(() => null, (error: any) => error)
  t.equal(error?.code, 'FST_ERR_SCH_VALIDATION_BUILD', 'the valibot schema reached Ajv: the sibling did not inherit')
})

t.test('per httpPart: body through Standard Schema, querystring through Ajv', async (t) => {
  const ajv = createAjvValidatorCompiler()
  const perPart: ValidatorCompiler = function perPartCompiler (input) {
    switch (input.httpPart) {
      case 'body': return standardValidatorCompiler(input)
      case 'querystring': return ajv(input)
      default: throw new Error(`no validator for ${String(input.httpPart)}`)
    }
  }
  const app = build(t)
  app.setValidatorCompiler(perPart)
  app.post('/search', {
    schema: {
      body: v.object({ terms: v.pipe(v.array(v.string()), v.minLength(1)) }),
      querystring: { type: 'object', properties: { limit: { type: 'integer', default: 10 } } }
    }
  }, async (request) => ({ body: request.body, query: request.query }))

  t.strictSame((await app.inject({ method: 'POST', url: '/search?limit=5', payload: { terms: ['a'], x: 1 } })).json(), { body: { terms: ['a'] }, query: { limit: 5 } })
  t.strictSame((await app.inject({ method: 'POST', url: '/search', payload: { terms: [] } })).json(), badRequest('body/terms Invalid length: Expected >=1 but received 0'))
})

t.test('the build fails clearly for a schema without ~standard, an unknown part, or capitalised header names', async (t) => {
  const plain = build(t)
  plain.setValidatorCompiler(standardValidatorCompiler)
  plain.post('/', { schema: { body: { type: 'object' } } }, async () => 'ok')
  const error = await plain.ready().then(() => null, (error: any) => error)
  t.equal(error?.code, 'FST_ERR_SCH_VALIDATION_BUILD')
  t.match(error?.message, /expected a Standard Schema/)
  t.equal(error?.cause?.code, 'ENC_ERR_STANDARD_SCHEMA_NOT_A_SCHEMA')

  const headers = build(t)
  headers.setValidatorCompiler(standardValidatorCompiler)
  headers.get('/', { schema: { headers: z.object({ 'X-Api-Key': z.string() }) } }, async () => 'ok')
  const capitalised = await headers.ready().then(() => null, (error: any) => error)
  t.match(capitalised?.message, /declare 'x-api-key' instead/, 'checked where the schema can describe itself')

  t.throws(() => standardValidatorCompiler({ schema: v.string(), method: 'GET', url: '/', httpPart: 'cookies' as any }), { code: 'ENC_ERR_STANDARD_SCHEMA_HTTP_PART' })
})
