import type { Test } from 'tap'
import type { EnclaveInstance, ValidationIssue } from '@enclave/core'
import type { ConformanceAdapter } from './adapter.js'
import { mustWording, type Entry } from './entries.js'
import { expectBadRequest } from './request-parts.js'

interface StartError { code?: string, message: string, cause?: { code?: string } }

function build (t: Test, entry: Entry, options?: object): EnclaveInstance {
  const app = entry.create(options)
  t.teardown(() => app.close())
  return app
}

const startError = (app: EnclaveInstance) => app.ready().then(() => null, (error: StartError) => error)

/** A formatter whose output shows it received the adapter's issues in the default shape. */
function pointersFormatter (errors: ValidationIssue[], dataVar: string): Error {
  return new Error(`${dataVar} failed at ${errors.map((issue) => issue.instancePath).join(' ')}`)
}

export function validationErrors (t: Test, adapter: ConformanceAdapter, entry: Entry): void {
  const { body, querystring } = adapter.schemas
  const { ageType, missingName } = adapter.messages

  t.test('a custom error handler receives the validation error and may answer with its own status', async (t) => {
    const app = build(t, entry)
    app.setErrorHandler(function unprocessable (error: any, _request, reply) {
      return reply.code(422).send({
        isError: error instanceof Error,
        code: error.code,
        statusCode: error.statusCode,
        context: error.validationContext,
        pointers: error.validation.map((issue: ValidationIssue) => issue.instancePath),
        message: error.message,
        libraryErrorAsCause: adapter.isLibraryError?.(error.cause) ?? 'not described'
      })
    })
    app.post('/', { validatorCompiler: adapter.validatorCompiler, schema: { body } }, async () => 'never')
    const response = await app.inject({ method: 'POST', url: '/', payload: { name: 'x', age: 'old' } })
    t.equal(response.statusCode, 422)
    t.strictSame(response.json(), {
      isError: true,
      code: 'FST_ERR_VALIDATION',
      statusCode: 400,
      context: 'body',
      pointers: ['/age'],
      message: entry.say(ageType),
      libraryErrorAsCause: adapter.isLibraryError === undefined ? 'not described' : true
    })
  })

  t.test('with attachValidation the handler runs and sees the error', async (t) => {
    const app = build(t, entry)
    app.post('/', { attachValidation: true, validatorCompiler: adapter.validatorCompiler, schema: { body } }, async (request: any) => ({
      message: request.validationError?.message ?? null,
      context: request.validationError?.validationContext ?? null,
      body: request.body
    }))
    const response = await app.inject({ method: 'POST', url: '/', payload: { age: 1 } })
    t.equal(response.statusCode, 200)
    t.strictSame(response.json(), { message: entry.say(missingName), context: 'body', body: { age: 1 } })
    const valid = await app.inject({ method: 'POST', url: '/', payload: { name: 'x' } })
    t.strictSame(valid.json(), { message: null, context: null, body: { name: 'x' } })
  })

  t.test('setSchemaErrorFormatter receives the adapter\'s issues; a sibling context keeps the default', async (t) => {
    const app = build(t, entry)
    app.setValidatorCompiler(adapter.validatorCompiler)
    app.register(async function formatted (scope: EnclaveInstance) {
      scope.setSchemaErrorFormatter(pointersFormatter)
      scope.post('/formatted', { schema: { body } }, async () => 'never')
    })
    app.register(async function sibling (scope: EnclaveInstance) {
      scope.post('/default', { schema: { body } }, async () => 'never')
    })
    const formatted = await app.inject({ method: 'POST', url: '/formatted', payload: { name: 'x', age: 'old' } })
    t.equal(formatted.statusCode, 400)
    t.equal(formatted.body, entry.badRequestBody('body failed at /age'))
    await expectBadRequest(t, app, entry, { method: 'POST', url: '/default', payload: { name: 'x', age: 'old' } }, ageType)
  })

  t.test('the schemaErrorFormatter server option formats every part', async (t) => {
    const app = build(t, entry, { schemaErrorFormatter: pointersFormatter })
    app.get('/', { validatorCompiler: adapter.validatorCompiler, schema: { querystring } }, async () => 'never')
    const response = await app.inject('/?n=five')
    t.equal(response.body, entry.badRequestBody('querystring failed at /n'))
  })

  const { asyncRuleThrowing } = adapter.schemas
  if (asyncRuleThrowing !== undefined) {
    t.test('an asynchronous rule that throws is a failure of the validator, answered as validatorFailure says', async (t) => {
      const app = build(t, entry)
      const leaked: unknown[] = []
      const recordLeak = (reason: unknown) => { leaked.push(reason) }
      process.on('unhandledRejection', recordLeak)
      t.teardown(() => { process.off('unhandledRejection', recordLeak) })
      const outage = new Error('lookup unavailable')
      app.setErrorHandler(function observe (error: any, _request, reply) {
        return reply.code(error.statusCode ?? 500).send({
          statusCode: error.statusCode,
          message: error.message,
          cause: error.cause === outage ? 'thrown' : 'none'
        })
      })
      app.post('/lookup', { validatorCompiler: adapter.validatorCompiler, schema: { body: asyncRuleThrowing(outage) } }, async () => 'never')
      const response = await app.inject({ method: 'POST', url: '/lookup', payload: { id: 'a' } })
      const expected = entry.validatorFailure('body', outage)
      t.equal(response.statusCode, expected.statusCode)
      t.strictSame(response.json(), expected)
      await new Promise((resolve) => setTimeout(resolve, 20))
      t.strictSame(leaked, [], 'no rejection is left unhandled (one would end a process run with --unhandled-rejections=throw)')
    })
  }

  const { buildErrors } = adapter
  if (buildErrors === undefined) return

  t.test('a schema that is not the library\'s fails at ready(), naming the route and part', async (t) => {
    const app = build(t, entry)
    app.setValidatorCompiler(adapter.validatorCompiler)
    app.post('/json-schema', { schema: { body: { type: 'object', properties: { a: { type: 'string' } } } } }, async () => 'never')
    const error = await startError(app)
    t.equal(error?.code, 'FST_ERR_SCH_VALIDATION_BUILD')
    t.match(error?.message, /POST: \/json-schema/)
    t.match(error?.message, /POST \/json-schema \(body\)/)
    t.match(error?.message, buildErrors.notASchema)
    t.equal(error?.cause?.code, `${buildErrors.codePrefix}_NOT_A_SCHEMA`)
  })

  const { capitalisedHeaders } = adapter.schemas
  if (capitalisedHeaders === undefined) return
  t.test('a header schema with a capitalised name fails at ready(): Node lower-cases header names', async (t) => {
    const app = build(t, entry)
    app.get('/', { validatorCompiler: adapter.validatorCompiler, schema: { headers: capitalisedHeaders } }, async () => 'never')
    const error = await startError(app)
    t.equal(error?.code, 'FST_ERR_SCH_VALIDATION_BUILD')
    t.equal(error?.cause?.code, `${buildErrors.codePrefix}_HEADER_CASE`)
    t.match(error?.message, /'X-Token' would never be present; declare 'x-token' instead/)
  })
}

/** The compiled function itself, called without a server: the same for every entry. */
export function validationFunction (t: Test, adapter: ConformanceAdapter): void {
  const { validationErrorClass, buildErrors } = adapter
  if (validationErrorClass !== undefined) {
    t.test('the validation function returns the adapter\'s validation error, carrying the issues and the library\'s error', async (t) => {
      const validate = adapter.validatorCompiler({ schema: adapter.schemas.body, method: 'POST', url: '/', httpPart: 'body' })
      const result = await validate({ age: 1 }) as { error: any }
      t.ok(result.error instanceof validationErrorClass)
      // The adapter words its own error as Ajv 8 does; enclave()'s formatter rewrites it for the 400.
      t.equal(result.error.message, mustWording(adapter.messages.missingName))
      t.equal(result.error.statusCode, 400)
      t.equal(result.error.code, 'FST_ERR_VALIDATION')
      t.equal(result.error.validationContext, 'body')
      t.ok(Array.isArray(result.error.validation) && result.error.validation.length > 0, 'the issues, in the default shape')
      if (adapter.isLibraryError !== undefined) t.ok(adapter.isLibraryError(result.error.cause))
    })
  }
  if (buildErrors !== undefined) {
    t.test('the compiler throws for a missing or unknown httpPart', async (t) => {
      const compile = (httpPart: unknown) => adapter.validatorCompiler({ schema: adapter.schemas.body, method: 'GET', url: '/', httpPart: httpPart as never })
      t.throws(() => compile(undefined), { code: `${buildErrors.codePrefix}_HTTP_PART` })
      t.throws(() => compile('cookies'), { code: `${buildErrors.codePrefix}_HTTP_PART` })
    })
  }
}
