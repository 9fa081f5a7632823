import t, { type Test } from 'tap'
import { z } from 'zod'
import enclave, { type EnclaveInstance, type ValidatorCompiler } from '@enclave/core'
import { createValidatorCompiler as createAjvValidatorCompiler } from '@enclave/ajv'
import { validatorCompiler as zodValidatorCompiler } from '@enclave/zod'


function build (t: Test): EnclaveInstance {
  const app = enclave()
  t.teardown(() => app.close())
  return app
}

const badRequest = (message: string) => ({ statusCode: 400, error: 'Bad Request', message })
const post = (app: EnclaveInstance, url: string, payload: unknown) => app.inject({ method: 'POST', url, payload: payload as object })

/** One Zod route and one Ajv route side by side; the Ajv one coerces "3" in a body, Zod does not. */
function mixedServer (t: Test): EnclaveInstance {
  const app = build(t)
  app.post('/zod', { validatorCompiler: zodValidatorCompiler, schema: { body: z.object({ age: z.int() }) } }, async (request) => request.body)
  app.post('/ajv', { schema: { body: { type: 'object', properties: { age: { type: 'integer' } }, required: ['age'] } } }, async (request) => request.body)
  return app
}

t.test('per route: a Zod route next to an Ajv route — the Zod route', async (t) => {
  const app = mixedServer(t)
  t.strictSame((await post(app, '/zod', { age: 3, extra: true })).json(), { age: 3 })
  t.strictSame((await post(app, '/zod', { age: '3' })).json(), badRequest('body/age should be number'), 'a JSON body is not coerced')
})

t.test('per route: a Zod route next to an Ajv route — the Ajv route keeps the default compiler', async (t) => {
  const app = mixedServer(t)
  t.strictSame((await post(app, '/ajv', { age: '3' })).json(), { age: 3 }, 'Ajv\'s baseline coerces')
  t.strictSame((await post(app, '/ajv', { age: 'x' })).json(), badRequest('body/age should be integer'))
  t.strictSame((await post(app, '/ajv', {})).json(), badRequest("body should have required property 'age'"))
})

t.test('per context: setValidatorCompiler inside a plugin applies to its routes and descendants only', async (t) => {
  const app = build(t)
  app.register(async function zodApi (api: EnclaveInstance) {
    api.setValidatorCompiler(zodValidatorCompiler)
    api.post('/users', { schema: { body: z.object({ name: z.string() }) } }, async (request) => request.body)
    api.register(async function nested (child: EnclaveInstance) {
      child.post('/nested', { schema: { body: z.object({ id: z.number() }) } }, async (request) => request.body)
    })
  }, { prefix: '/zod' })
  app.post('/plain', { schema: { body: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } } }, async (request) => request.body)

  t.strictSame((await post(app, '/zod/users', { name: 'Ada', role: 'admin' })).json(), { name: 'Ada' })
  t.strictSame((await post(app, '/zod/nested', { id: 'x' })).json(), badRequest('body/id should be number'), 'a child context inherits the compiler')
  t.strictSame((await post(app, '/plain', { name: 5 })).json(), { name: '5' }, 'the parent keeps Ajv (coerces the number)')
})

t.test('encapsulation: a compiler set in one sibling does not reach the other', async (t) => {
  const app = build(t)
  app.register(async function zodSibling (api: EnclaveInstance) {
    api.setValidatorCompiler(zodValidatorCompiler)
    api.post('/a', { schema: { body: z.object({ n: z.number() }) } }, async (request) => request.body)
  })
  app.register(async function ajvSibling (api: EnclaveInstance) {
    api.post('/b', { schema: { body: { type: 'object', properties: { n: { type: 'number' } } } } }, async (request) => request.body)
  })

  t.strictSame((await post(app, '/a', { n: '1' })).json(), badRequest('body/n should be number'))
  t.strictSame((await post(app, '/b', { n: '1' })).json(), { n: 1 }, 'the sibling still validates with Ajv')
})

t.test('encapsulation: a Zod schema in a sibling without the compiler fails the build, naming the route', async (t) => {
  const app = build(t)
  app.register(async function zodSibling (api: EnclaveInstance) {
    api.setValidatorCompiler(zodValidatorCompiler)
    api.post('/a', { schema: { body: z.object({ n: z.number() }) } }, async () => 'ok')
  })
  app.register(async function ajvSibling (api: EnclaveInstance) {
    api.post('/b', { schema: { body: z.object({ n: z.number() }) } }, async () => 'ok')
  })
  const error = await app.ready().then(() => null, (error: any) => error)
  t.equal(error?.code, 'FST_ERR_SCH_VALIDATION_BUILD')
  t.match(error?.message, /POST: \/b, due to error/)
})

t.test('per httpPart: body validated by Zod, querystring by Ajv, through one compiler', async (t) => {
  const ajv = createAjvValidatorCompiler()
  const perPart: ValidatorCompiler = function perPartCompiler (input) {
    switch (input.httpPart) {
      case 'body': return zodValidatorCompiler(input)
      case 'querystring': return ajv(input)
      // A part this compiler has nothing for is an error, not a silent pass.
      default: throw new Error(`no validator for ${String(input.httpPart)}`)
    }
  }
  const app = build(t)
  app.setValidatorCompiler(perPart)
  app.post('/search', {
    schema: {
      body: z.object({ terms: z.array(z.string()).min(1) }),
      querystring: { type: 'object', properties: { limit: { type: 'integer', maximum: 50, default: 10 } } }
    }
  }, async (request) => ({ body: request.body, query: request.query }))

  const ok = await app.inject({ method: 'POST', url: '/search?limit=5', payload: { terms: ['a'], x: 1 } })
  t.strictSame(ok.json(), { body: { terms: ['a'] }, query: { limit: 5 } })
  t.strictSame((await app.inject({ method: 'POST', url: '/search', payload: { terms: ['a'] } })).json().query, { limit: 10 }, 'Ajv default')
  t.strictSame((await app.inject({ method: 'POST', url: '/search?limit=99', payload: { terms: ['a'] } })).json(), badRequest('querystring/limit should be <= 50'))
  t.strictSame((await app.inject({ method: 'POST', url: '/search', payload: { terms: [] } })).json(), badRequest('body/terms should NOT have fewer than 1 items'))

  const strict = build(t)
  strict.setValidatorCompiler(perPart)
  strict.get('/:id', { schema: { params: z.object({ id: z.number() }) } }, async () => 'ok')
  const error = await strict.ready().then(() => null, (error: any) => error)
  t.equal(error?.code, 'FST_ERR_SCH_VALIDATION_BUILD')
  t.match(error?.message, /no validator for params/)
})

t.test('by schema kind: Zod schemas to Zod, JSON Schemas to Ajv, in one server-wide compiler', async (t) => {
  const ajv = createAjvValidatorCompiler()
  const app = build(t)
  app.setValidatorCompiler(function bySchemaKind (input) {
    return input.schema?._zod !== undefined ? zodValidatorCompiler(input) : ajv(input)
  })
  app.post('/zod', { schema: { body: z.object({ n: z.number() }) } }, async (request) => request.body)
  app.post('/json', { schema: { body: { type: 'object', properties: { n: { type: 'number' } } } } }, async (request) => request.body)

  t.strictSame((await post(app, '/zod', { n: '1' })).json(), badRequest('body/n should be number'))
  t.strictSame((await post(app, '/json', { n: '1' })).json(), { n: 1 })
})

t.test('the build fails clearly for a schema that is not Zod, an unknown part, or capitalised header names', async (t) => {
  const plain = build(t)
  plain.setValidatorCompiler(zodValidatorCompiler)
  plain.post('/', { schema: { body: { type: 'object' } } }, async () => 'ok')
  const notZod = await plain.ready().then(() => null, (error: any) => error)
  t.equal(notZod?.code, 'FST_ERR_SCH_VALIDATION_BUILD')
  t.match(notZod?.message, /expected a Zod 4 schema, got a plain object/)
  t.equal(notZod?.cause?.code, 'ENC_ERR_ZOD_NOT_A_SCHEMA')

  const headers = build(t)
  headers.setValidatorCompiler(zodValidatorCompiler)
  headers.get('/', { schema: { headers: z.object({ 'X-Api-Key': z.string() }) } }, async () => 'ok')
  const capitalised = await headers.ready().then(() => null, (error: any) => error)
  t.equal(capitalised?.code, 'FST_ERR_SCH_VALIDATION_BUILD')
  t.match(capitalised?.message, /'X-Api-Key' would never be present; declare 'x-api-key' instead/)

  t.throws(() => zodValidatorCompiler({ schema: z.string(), method: 'GET', url: '/', httpPart: undefined as any }), { code: 'ENC_ERR_ZOD_HTTP_PART' })
})
