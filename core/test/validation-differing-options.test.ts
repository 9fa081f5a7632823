import t from 'tap'
import enclave from '@enclave/core'
import { differingOptions } from '@enclave/core/internal'
import type { EnclaveInstance, EnclaveOptions } from '@enclave/core'

type Test = Parameters<Parameters<typeof t.test>[0]>[0]

function build (t: Test, options?: EnclaveOptions): EnclaveInstance {
  const app = enclave(options)
  t.teardown(() => app.close())
  return app
}

const userBody = { type: 'object', required: ['name'], properties: { name: { type: 'string' } } }

t.test('the validation options are listed with Fastify\'s value and enclave()\'s default', async (t) => {
  t.strictSame(differingOptions.validationPayload, { fastify: 'fastify', enclave: 'spec' })
  t.strictSame(differingOptions.validatorFailure, { fastify: 'fastify', enclave: 'conceal' })
  t.strictSame(differingOptions.rejectUnlistedBodyMediaType, { fastify: false, enclave: false })
  t.strictSame(differingOptions.validateHeadersOnCopy, { fastify: false, enclave: false })
  t.strictSame(differingOptions.acceptAnnotationKeywords, { fastify: false, enclave: false })
})

t.test("validationPayload: enclave() answers the spec's payload; 'fastify' answers Fastify's", async (t) => {
  const spec = build(t)
  const fastifyLike = build(t, { validationPayload: 'fastify' })
  for (const app of [spec, fastifyLike]) {
    app.setErrorHandler(function passOn (error: any, _request, reply) {
      reply.header('x-validation', JSON.stringify(error.validation ?? null)).send(error)
    })
    app.post('/', { schema: { body: userBody } }, async () => 'ok')
    app.post('/error', { schema: { body: userBody }, validatorCompiler: () => () => ({ error: new Error('name is mandatory') }) }, async () => 'ok')
  }
  const specMissing = await spec.inject({ method: 'POST', url: '/', payload: {} })
  t.equal(specMissing.body, '{"statusCode":400,"error":"Bad Request","message":"body should have required property \'name\'"}')
  t.equal(JSON.parse(specMissing.headers['x-validation'] as string)[0].keyword, 'required')
  const fastifyMissing = await fastifyLike.inject({ method: 'POST', url: '/', payload: {} })
  t.equal(fastifyMissing.body, '{"statusCode":400,"code":"FST_ERR_VALIDATION","error":"Bad Request","message":"body must have required property \'name\'"}')

  const specError = await spec.inject({ method: 'POST', url: '/error', payload: {} })
  t.equal(specError.body, '{"statusCode":400,"error":"Bad Request","message":"name is mandatory"}', 'the message unchanged on both')
  t.strictSame(JSON.parse(specError.headers['x-validation'] as string), [{ instancePath: '', schemaPath: '', keyword: 'custom', params: {}, message: 'name is mandatory' }], 'spec: validation is always an array')
  const fastifyError = await fastifyLike.inject({ method: 'POST', url: '/error', payload: {} })
  t.equal(fastifyError.body, '{"statusCode":400,"code":"FST_ERR_VALIDATION","error":"Bad Request","message":"name is mandatory"}')
  t.equal(fastifyError.headers['x-validation'], 'null', "fastify: a validator's Error has no validation, as in Fastify")
})

t.test("validatorFailure: enclave() conceals a validator's exception; a stack overflow on deep input answers 400, never 500", async (t) => {
  const app = build(t)
  // A parser without a depth limit, so the deep document reaches the validator.
  app.addContentTypeParser('application/x-deep', { parseAs: 'string' }, (_request: unknown, body: string, done: (error: Error | null, value?: unknown) => void) => {
    done(null, JSON.parse(body))
  })
  app.addSchema({ $id: 'node', type: 'object', properties: { child: { $ref: 'node#' } } })
  app.post('/ajv', { schema: { body: { $ref: 'node#' } } }, async () => 'ok')
  app.post('/custom', {
    schema: { body: { type: 'object' } },
    validatorCompiler: () => function walk (data: any): boolean { return typeof data === 'object' && data !== null ? walk(data) : true }
  }, async () => 'ok')
  app.post('/throws', { schema: { body: userBody }, validatorCompiler: () => () => { throw new Error('database down: 10.0.0.7') } }, async () => 'ok')
  const deep = '{"child":'.repeat(20000) + '{}' + '}'.repeat(20000)

  const ajv = await app.inject({ method: 'POST', url: '/ajv', payload: deep, headers: { 'content-type': 'application/x-deep' } })
  t.strictSame([ajv.statusCode, ajv.json()], [400, { statusCode: 400, error: 'Bad Request', message: 'body is too deeply nested to validate' }])
  const custom = await app.inject({ method: 'POST', url: '/custom', payload: {} })
  t.equal(custom.statusCode, 400)
  const throws = await app.inject({ method: 'POST', url: '/throws', payload: {} })
  t.strictSame([throws.statusCode, throws.json()], [500, { statusCode: 500, code: 'ENC_ERR_VALIDATOR_FAILED', error: 'Internal Server Error', message: 'The body validator failed to complete' }], 'the text of the exception is not sent')

  const fastifyLike = build(t, { validatorFailure: 'fastify' })
  fastifyLike.post('/throws', { schema: { body: userBody }, validatorCompiler: () => () => { throw new Error('database down') } }, async () => 'ok')
  fastifyLike.post('/rejects', { schema: { body: userBody }, validatorCompiler: () => async () => { throw new Error('database down') } }, async () => 'ok')
  fastifyLike.addSchema({ $id: 'node', type: 'object', properties: { child: { $ref: 'node#' } } })
  fastifyLike.addContentTypeParser('application/x-deep', { parseAs: 'string' }, (_request: unknown, body: string, done: (error: Error | null, value?: unknown) => void) => {
    done(null, JSON.parse(body))
  })
  fastifyLike.post('/ajv', { schema: { body: { $ref: 'node#' } } }, async () => 'ok')
  t.strictSame((await fastifyLike.inject({ method: 'POST', url: '/throws', payload: {} })).json(), { statusCode: 500, error: 'Internal Server Error', message: 'database down' }, "'fastify': the error as it is")
  t.strictSame((await fastifyLike.inject({ method: 'POST', url: '/rejects', payload: {} })).json(), { statusCode: 400, error: 'Bad Request', message: 'database down' }, "'fastify': a rejection is the validation error")
  const deepOnFastifyFace = await fastifyLike.inject({ method: 'POST', url: '/ajv', payload: deep, headers: { 'content-type': 'application/x-deep' } })
  t.equal(deepOnFastifyFace.statusCode, 400, "'fastify' too: a stack overflow on deep input is the input's fault, never a 500")
})

t.test('validateHeadersOnCopy and rejectUnlistedBodyMediaType are off on enclave() and can be turned on', async (t) => {
  const off = build(t)
  const on = build(t, { validateHeadersOnCopy: true, rejectUnlistedBodyMediaType: true })
  for (const app of [off, on]) {
    app.get('/h', { schema: { headers: { type: 'object', properties: { 'x-n': { type: 'integer' } } } } }, async (request) => ({ n: request.headers['x-n'], raw: request.raw.headers['x-n'] }))
    app.post('/b', { schema: { body: { content: { 'application/json': { schema: userBody } } } } }, async (request) => ({ body: request.body }))
  }
  t.strictSame((await off.inject({ url: '/h', headers: { 'x-n': '5' } })).json(), { n: 5, raw: 5 })
  t.strictSame((await on.inject({ url: '/h', headers: { 'x-n': '5' } })).json(), { n: 5, raw: '5' })
  const text = { method: 'POST' as const, url: '/b', payload: 'hello', headers: { 'content-type': 'text/plain' } }
  t.strictSame((await off.inject(text)).json(), { body: 'hello' })
  t.equal((await on.inject(text)).statusCode, 415)
})

t.test('the validation options are checked when the server is created', async (t) => {
  t.throws(() => enclave({ validationPayload: 'loose' as any }), { code: 'FST_ERR_INIT_OPTS_INVALID' })
  t.throws(() => enclave({ validatorFailure: true as any }), { code: 'FST_ERR_INIT_OPTS_INVALID' })
  t.throws(() => enclave({ validateHeadersOnCopy: 'yes' as any }), { code: 'FST_ERR_INIT_OPTS_INVALID' })
  t.throws(() => enclave({ rejectUnlistedBodyMediaType: 1 as any }), { code: 'FST_ERR_INIT_OPTS_INVALID' })
  t.throws(() => enclave({ acceptAnnotationKeywords: 'on' as any }), { code: 'FST_ERR_INIT_OPTS_INVALID' })
})
