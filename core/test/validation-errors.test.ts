import t from 'tap'
import enclave, { errorCodes, defaultSchemaErrorFormatter } from '@enclave/core'
import type { EnclaveInstance, EnclaveOptions, ValidationIssue } from '@enclave/core'

type Test = Parameters<Parameters<typeof t.test>[0]>[0]

function build (t: Test, options?: EnclaveOptions): EnclaveInstance {
  const app = enclave(options)
  t.teardown(() => app.close())
  return app
}

const userBody = { type: 'object', required: ['name'], properties: { name: { type: 'string' }, age: { type: 'integer' } } }

function countFormatter (errors: ValidationIssue[], dataVar: string): Error {
  return new Error(`${dataVar}: ${errors.length} error(s): ${errors.map((issue) => issue.keyword).join(',')}`)
}

t.test('the validation error: statusCode 400, code, validation (Ajv errors), validationContext per part, message', async (t) => {
  const app = build(t)
  const seen: any[] = []
  app.setErrorHandler(function record (error: any, _request, reply) {
    seen.push(error)
    reply.send(error)
  })
  app.post('/p/:id', {
    schema: {
      params: { id: { type: 'integer' } },
      body: userBody,
      querystring: { type: 'object', required: ['q'] },
      headers: { type: 'object', required: ['x-k'] }
    }
  }, async () => 'ok')

  await app.inject({ method: 'POST', url: '/p/x', payload: {} })
  await app.inject({ method: 'POST', url: '/p/1', payload: {} })
  await app.inject({ method: 'POST', url: '/p/1', payload: { name: 'n' } })
  await app.inject({ method: 'POST', url: '/p/1?q=1', payload: { name: 'n' } })

  const contexts = seen.map((error) => error.validationContext)
  t.strictSame(contexts, ['params', 'body', 'querystring', 'headers'])
  const bodyError = seen[1]
  t.ok(bodyError instanceof Error)
  t.equal(bodyError.statusCode, 400)
  t.equal(bodyError.code, 'FST_ERR_VALIDATION')
  t.equal(bodyError.message, "body should have required property 'name'")
  t.strictSame(bodyError.validation, [{
    instancePath: '',
    schemaPath: '#/required',
    keyword: 'required',
    params: { missingProperty: 'name' },
    message: "must have required property 'name'"
  }], 'validation holds the validator\'s own result; only the message uses the spec wording')
  t.equal(seen[0].message, 'params/id should be integer')
})

t.test('setSchemaErrorFormatter is encapsulated and called with the instance as `this`', async (t) => {
  const app = build(t)
  const thisSeen: unknown[] = []
  app.register(async function custom (child: EnclaveInstance) {
    child.decorate('prefixText', 'child says')
    child.setSchemaErrorFormatter(function childFormatter (this: any, errors, dataVar) {
      thisSeen.push(this)
      return new Error(`${this.prefixText} ${dataVar} failed ${errors[0]!.keyword}`)
    })
    child.post('/child', { schema: { body: userBody } }, async () => 'ok')
    child.register(async function grandchild (inner: EnclaveInstance) {
      inner.post('/grandchild', { schema: { body: userBody } }, async () => 'ok')
    })
  })
  app.register(async function sibling (child: EnclaveInstance) {
    child.post('/sibling', { schema: { body: userBody } }, async () => 'ok')
  })
  app.post('/root', { schema: { body: userBody } }, async () => 'ok')

  const message = async (url: string) => (await app.inject({ method: 'POST', url, payload: {} })).json().message
  t.equal(await message('/child'), 'child says body failed required')
  t.equal(await message('/grandchild'), 'child says body failed required')
  t.equal(await message('/sibling'), "body should have required property 'name'")
  t.equal(await message('/root'), "body should have required property 'name'")
  t.equal(thisSeen.length, 2)
  t.ok(thisSeen.every((self: any) => typeof self.addSchema === 'function' && self.prefixText === 'child says'), 'an instance of the context')
})

t.test('the schemaErrorFormatter factory option: instance as `this`, (errors, dataVar)', async (t) => {
  const calls: unknown[] = []
  const app = build(t, {
    schemaErrorFormatter: function factoryFormatter (this: unknown, errors, dataVar) {
      calls.push({ isApp: this === app, dataVar, keywords: errors.map((issue) => issue.keyword) })
      return countFormatter(errors, dataVar)
    }
  })
  app.get('/q', { schema: { querystring: { type: 'object', required: ['q'] } } }, async () => 'ok')
  app.register(async function child (instance: EnclaveInstance) {
    instance.setSchemaErrorFormatter(function override (errors, dataVar) { return new Error(`child ${dataVar} ${errors.length}`) })
    instance.get('/child', { schema: { querystring: { type: 'object', required: ['q'] } } }, async () => 'ok')
  })

  const response = await app.inject('/q')
  t.equal(response.body, '{"statusCode":400,"error":"Bad Request","message":"querystring: 1 error(s): required"}')
  t.strictSame(calls, [{ isApp: true, dataVar: 'querystring', keywords: ['required'] }])
  t.equal((await app.inject('/child')).json().message, 'child querystring 1', 'a context formatter beats the factory option')
})

t.test('a route schemaErrorFormatter beats the context and factory ones', async (t) => {
  const app = build(t, { schemaErrorFormatter: countFormatter })
  app.setSchemaErrorFormatter(function contextFormatter () { return new Error('context') })
  app.post('/route', {
    schema: { body: userBody },
    schemaErrorFormatter: (errors, dataVar) => new Error(`route: ${dataVar}${errors[0]!.instancePath}`)
  }, async () => 'ok')
  app.post('/context', { schema: { body: userBody } }, async () => 'ok')
  t.equal((await app.inject({ method: 'POST', url: '/route', payload: { name: 'n', age: 'x' } })).json().message, 'route: body/age')
  t.equal((await app.inject({ method: 'POST', url: '/context', payload: {} })).json().message, 'context')
})

t.test('the default formatter is exported and uses the spec wording', async (t) => {
  const error = defaultSchemaErrorFormatter([
    { instancePath: '/age', schemaPath: '#/properties/age/type', keyword: 'type', params: { type: 'integer' }, message: 'must be integer' },
    { instancePath: '', schemaPath: '#/additionalProperties', keyword: 'additionalProperties', params: {}, message: 'must NOT have additional properties' }
  ], 'body')
  t.ok(error instanceof Error)
  t.equal(error.message, 'body/age should be integer, body should NOT have additional properties')
})

t.test('a formatter must be synchronous and return an Error', async (t) => {
  t.test('rejected when set: async functions and non-functions', async (t) => {
    const app = build(t)
    t.throws(() => app.setSchemaErrorFormatter((async () => new Error('x')) as any), {
      code: 'FST_ERR_SCHEMA_ERROR_FORMATTER_NOT_FN',
      message: "schemaErrorFormatter option should be a non async function. Instead got 'AsyncFunction'."
    })
    t.throws(() => app.setSchemaErrorFormatter('format' as any), { code: 'FST_ERR_SCHEMA_ERROR_FORMATTER_NOT_FN', message: /Instead got 'string'/ })
    t.throws(() => enclave({ schemaErrorFormatter: (async () => new Error('x')) as any }), {
      code: 'FST_ERR_SCHEMA_ERROR_FORMATTER_NOT_FN',
      message: "schemaErrorFormatter option should be a non async function. Instead got 'AsyncFunction'."
    })
    t.throws(() => enclave({ schemaErrorFormatter: {} as any }), { code: 'FST_ERR_SCHEMA_ERROR_FORMATTER_NOT_FN', message: /Instead got 'object'/ })
    t.throws(() => app.post('/x', { schemaErrorFormatter: (async () => new Error('x')) as any }, async () => 'x'), {
      code: 'FST_ERR_SCHEMA_ERROR_FORMATTER_NOT_FN',
      message: /Instead got 'AsyncFunction'/
    })
    await app.ready()
    t.throws(() => app.setSchemaErrorFormatter(countFormatter), { code: 'FST_ERR_INSTANCE_ALREADY_LISTENING' })
  })

  t.test('a formatter that returns something else answers 500 with an error saying what to fix', async (t) => {
    const app = build(t)
    app.post('/string', { schema: { body: userBody }, schemaErrorFormatter: (() => 'body is wrong') as any }, async () => 'ok')
    app.post('/promise', { schema: { body: userBody }, schemaErrorFormatter: (() => Promise.resolve(new Error('late'))) as any }, async () => 'ok')
    app.post('/nothing', { schema: { body: userBody }, schemaErrorFormatter: (() => undefined) as any }, async () => 'ok')
    app.post('/throws', { schema: { body: userBody }, schemaErrorFormatter: () => { throw new Error('formatter bug') } }, async () => 'ok')

    const string = await app.inject({ method: 'POST', url: '/string', payload: {} })
    t.equal(string.statusCode, 500)
    t.strictSame(string.json(), {
      statusCode: 500,
      code: 'ENC_ERR_SCHEMA_ERROR_FORMATTER_RESULT',
      error: 'Internal Server Error',
      message: 'The schema error formatter must synchronously return an Error, instead it returned a value of type string'
    })
    t.equal((await app.inject({ method: 'POST', url: '/promise', payload: {} })).json().message,
      'The schema error formatter must synchronously return an Error, instead it returned a promise (the formatter must be synchronous)')
    t.equal((await app.inject({ method: 'POST', url: '/nothing', payload: {} })).json().message,
      'The schema error formatter must synchronously return an Error, instead it returned undefined')
    const thrown = await app.inject({ method: 'POST', url: '/throws', payload: {} })
    t.equal(thrown.statusCode, 500)
    t.notMatch(thrown.body, /at .*\.ts:\d+/, 'no stack in the payload')
    t.ok(errorCodes.ENC_ERR_SCHEMA_ERROR_FORMATTER_RESULT, 'the code is in the catalogue')
  })

  t.test("the formatter's own statusCode and code are kept, as in Fastify", async (t) => {
    const app = build(t)
    app.post('/s', {
      schema: { body: userBody },
      schemaErrorFormatter: () => Object.assign(new Error('custom'), { statusCode: 418, code: 'MY_VALIDATION' })
    }, async () => 'ok')
    app.setErrorHandler(function show (error: any, _request, reply) {
      reply.code(error.statusCode).send({ code: error.code, context: error.validationContext })
    })
    const response = await app.inject({ method: 'POST', url: '/s', payload: {} })
    t.equal(response.statusCode, 418)
    t.strictSame(response.json(), { code: 'MY_VALIDATION', context: 'body' }, 'its own code is kept')
  })
})

t.test('attachValidation: the handler runs and request.validationError holds the error', async (t) => {
  const app = build(t)
  const order: string[] = []
  app.post('/attach/:id', {
    attachValidation: true,
    schema: { params: { id: { type: 'integer' } }, body: userBody },
    preHandler: async () => { order.push('preHandler') }
  }, async (request, reply) => {
    order.push('handler')
    const error = request.validationError
    if (error === undefined) return { ok: true, body: request.body }
    reply.code(409)
    return {
      message: error.message,
      context: error.validationContext,
      keywords: error.validation.map((issue) => issue.keyword),
      isError: error instanceof Error,
      statusCode: error.statusCode,
      params: request.params
    }
  })

  const failed = await app.inject({ method: 'POST', url: '/attach/x', payload: {} })
  t.equal(failed.statusCode, 409)
  t.strictSame(failed.json(), {
    message: 'params/id should be integer',
    context: 'params',
    keywords: ['type'],
    isError: true,
    statusCode: 400,
    params: { id: 'x' }
  }, 'the first failing part, the values as received')
  t.strictSame(order, ['preHandler', 'handler'])

  const ok = await app.inject({ method: 'POST', url: '/attach/1', payload: { name: 'n', age: '3' } })
  t.strictSame(ok.json(), { ok: true, body: { name: 'n', age: 3 } })

  t.test('other errors met while validating are still answered', async (t) => {
    const strict = build(t, { rejectUnlistedBodyMediaType: true })
    strict.post('/json-only', {
      attachValidation: true,
      schema: { body: { content: { 'application/json': { schema: { type: 'object' } } } } }
    }, async () => 'handler ran')
    const response = await strict.inject({ method: 'POST', url: '/json-only', payload: 'x', headers: { 'content-type': 'text/plain' } })
    t.equal(response.statusCode, 415)
  })

  t.test('without attachValidation the handler and preHandler never run', async (t) => {
    const plain = build(t)
    let reached = false
    plain.post('/plain', { schema: { body: userBody }, preHandler: async () => { reached = true } }, async () => { reached = true; return 'x' })
    t.equal((await plain.inject({ method: 'POST', url: '/plain', payload: {} })).statusCode, 400)
    t.equal(reached, false)
  })
})

t.test('a custom error handler answers 422 from error.validation and error.validationContext', async (t) => {
  const app = build(t)
  app.setErrorHandler(function unprocessable (error: any, _request, reply) {
    if (error.validation === undefined) return reply.send(error)
    return reply.code(422).send({
      type: 'validation',
      part: error.validationContext,
      issues: error.validation.map((issue: ValidationIssue) => ({ path: issue.instancePath, rule: issue.keyword, params: issue.params }))
    })
  })
  app.post('/users', { schema: { body: userBody } }, async () => 'ok')
  app.get('/boom', async () => { throw Object.assign(new Error('not a validation error'), { statusCode: 409 }) })

  const response = await app.inject({ method: 'POST', url: '/users', payload: { name: 'n', age: 'old' } })
  t.equal(response.statusCode, 422)
  t.strictSame(response.json(), { type: 'validation', part: 'body', issues: [{ path: '/age', rule: 'type', params: { type: 'integer' } }] })
  t.equal((await app.inject('/boom')).statusCode, 409)
})

t.test('an encapsulated error handler sees the validation errors of its own routes only', async (t) => {
  const app = build(t)
  app.register(async function api (child: EnclaveInstance) {
    child.setErrorHandler(function apiErrors (error: any, _request, reply) {
      reply.code(422).send({ part: error.validationContext })
    })
    child.post('/api', { schema: { body: userBody } }, async () => 'ok')
  })
  app.post('/web', { schema: { body: userBody } }, async () => 'ok')
  t.strictSame((await app.inject({ method: 'POST', url: '/api', payload: {} })).json(), { part: 'body' })
  t.equal((await app.inject({ method: 'POST', url: '/web', payload: {} })).statusCode, 400)
})

t.test('validation completes after preValidation and before preHandler', async (t) => {
  const app = build(t)
  const order: string[] = []
  app.addHook('onRequest', async () => { order.push('onRequest') })
  app.addHook('preParsing', async () => { order.push('preParsing') })
  app.addHook('preValidation', async (request: any) => {
    order.push('preValidation')
    // Whatever preValidation puts there is validated (and coerced).
    if (request.body.fromHook === undefined) request.body.fromHook = '1'
  })
  app.addHook('preHandler', async (request: any) => { order.push(`preHandler sees ${typeof request.body.fromHook}`) })
  app.addHook('onError', async (_request: any, _reply: any, error: any) => { order.push(`onError ${error.validationContext}`) })
  app.setValidatorCompiler(({ httpPart }) => (data: any) => {
    order.push(`validate ${httpPart}`)
    if (data.fromHook === 'bad') return { error: [{ instancePath: '/fromHook', keyword: 'bad', params: {}, message: 'is bad' }] }
    return { value: { ...data, fromHook: Number(data.fromHook) } }
  })
  app.post('/ordered', { schema: { body: {} } }, async () => { order.push('handler'); return 'done' })

  t.equal((await app.inject({ method: 'POST', url: '/ordered', payload: {} })).body, 'done')
  t.strictSame(order.splice(0), ['onRequest', 'preParsing', 'preValidation', 'validate body', 'preHandler sees number', 'handler'])

  t.equal((await app.inject({ method: 'POST', url: '/ordered', payload: { fromHook: 'bad' } })).statusCode, 400)
  t.strictSame(order.splice(0), ['onRequest', 'preParsing', 'preValidation', 'validate body', 'onError body'], 'a failure never reaches preHandler')

  t.test('an async validator also completes before preHandler', async (t) => {
    const slow = build(t)
    const steps: string[] = []
    slow.addHook('preHandler', async () => { steps.push('preHandler') })
    slow.post('/slow', {
      schema: { body: {} },
      validatorCompiler: () => async (data: any) => {
        await new Promise((resolve) => setTimeout(resolve, 20))
        steps.push('validated')
        return { value: data }
      }
    }, async () => { steps.push('handler'); return 'ok' })
    await slow.inject({ method: 'POST', url: '/slow', payload: {} })
    t.strictSame(steps, ['validated', 'preHandler', 'handler'])
  })
})
