// The spec's "Validation error handling flow" 1–3 (and the stated ordering: validation before
// preHandler), against a server on 127.0.0.1.
import t from 'tap'
import enclave from '@enclave/core'
import type { EnclaveRequest, ValidationIssue } from '@enclave/core'
import { start } from './helpers/listen.js'

const signup = {
  body: {
    type: 'object',
    required: ['name'],
    properties: { name: { type: 'string', minLength: 2 }, age: { type: 'integer' } }
  }
}

t.test('validation error handling flow 1: without attachValidation a failed validation ends the request at once with 400', async (t) => {
  const app = enclave()
  const ran: string[] = []
  app.post('/signup', {
    schema: signup,
    preValidation: async function beforeValidation () { ran.push('preValidation') },
    preHandler: async function afterValidation (request: EnclaveRequest) { ran.push(`preHandler:${typeof (request.body as unknown as { age?: unknown }).age}`) }
  }, async function handler () {
    ran.push('handler')
    return { ok: true }
  })
  const client = await start(t, app)

  const failed = await client.request('/signup', { body: { age: 30 } })
  t.equal(failed.status, 400)
  t.equal(failed.text, '{"statusCode":400,"error":"Bad Request","message":"body should have required property \'name\'"}')
  t.strictSame(ran, ['preValidation'], 'neither preHandler nor the handler ran')

  ran.length = 0
  const ok = await client.request('/signup', { body: { name: 'Ada', age: '30' } })
  t.equal(ok.status, 200)
  t.strictSame(ran, ['preValidation', 'preHandler:number', 'handler'],
    'validation completed before preHandler: it already sees the coerced body')
})

t.test('validation error handling flow 2: with attachValidation the handler runs and request.validationError holds the error', async (t) => {
  const app = enclave()
  let preHandlerSaw: unknown = null
  app.post('/signup', {
    schema: signup,
    attachValidation: true,
    preHandler: async function afterValidation (request: EnclaveRequest) { preHandlerSaw = request.validationError?.validationContext ?? null }
  }, async function handler (request, reply) {
    const error = request.validationError
    if (error === undefined) return { valid: true, body: request.body }
    reply.code(200)
    return {
      valid: false,
      isError: error instanceof Error,
      statusCode: error.statusCode,
      message: error.message,
      validationContext: error.validationContext,
      validation: error.validation
    }
  })
  const client = await start(t, app)

  const failed = await client.request('/signup', { body: { name: 'A' } })
  t.equal(failed.status, 200, 'the request was not ended: the handler answered')
  t.strictSame(failed.json, {
    valid: false,
    isError: true,
    statusCode: 400,
    message: 'body/name should NOT have fewer than 2 characters',
    validationContext: 'body',
    validation: [{ instancePath: '/name', schemaPath: '#/properties/name/minLength', keyword: 'minLength', params: { limit: 2 }, message: 'must NOT have fewer than 2 characters' }]
  }, '.validation holds the raw result')
  t.equal(preHandlerSaw, 'body', 'preHandler ran too, with the error attached')

  const ok = await client.request('/signup', { body: { name: 'Ada' } })
  t.strictSame(ok.json, { valid: true, body: { name: 'Ada' } }, 'no validationError when validation passed')
})

t.test('validation error handling flow 3: a custom error handler uses error.validation for another status and a localized array', async (t) => {
  // What a localizing library does to the validation array: the same items, messages in German.
  const german: Record<string, (issue: ValidationIssue) => string> = {
    required: (issue) => `muss das Feld '${String(issue.params.missingProperty)}' enthalten`,
    minLength: (issue) => `darf nicht kürzer als ${String(issue.params.limit)} Zeichen sein`,
    type: (issue) => `muss vom Typ ${String(issue.params.type)} sein`
  }
  const app = enclave()
  app.setErrorHandler(function localize (error: any, request, reply) {
    if (!Array.isArray(error.validation)) return reply.send(error)
    const localized = error.validation.map((issue: ValidationIssue) => ({ ...issue, message: german[issue.keyword]?.(issue) ?? issue.message }))
    return reply.code(422).send({ part: error.validationContext, errors: localized.map((issue: ValidationIssue) => `${issue.instancePath} ${issue.message}`) })
  })
  app.post('/signup', { schema: signup }, async (request) => request.body)
  app.get('/boom', async () => { throw Object.assign(new Error('not a validation error'), { statusCode: 409 }) })
  const client = await start(t, app)

  const missing = await client.request('/signup', { body: {} })
  t.equal(missing.status, 422)
  t.strictSame(missing.json, { part: 'body', errors: [" muss das Feld 'name' enthalten"] })
  const short = await client.request('/signup', { body: { name: 'A' } })
  t.strictSame(short.json, { part: 'body', errors: ['/name darf nicht kürzer als 2 Zeichen sein'] })
  const wrongType = await client.request('/signup', { body: { name: 'Ada', age: 'old' } })
  t.strictSame(wrongType.json, { part: 'body', errors: ['/age muss vom Typ integer sein'] })
  const other = await client.request('/boom')
  t.equal(other.status, 409, 'errors without .validation go through unchanged')
  t.equal(other.json.message, 'not a validation error')
})
