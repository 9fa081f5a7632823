// The spec's "Validation rules" 1–10, each against a server listening on 127.0.0.1.
import t from 'tap'
import { createRequire } from 'node:module'
import enclave from '@enclave/core'
import type { ValidatorCompiler, ValidatorCompilerInput, ValidationIssue } from '@enclave/core'
import { createValidatorCompiler as createAjvCompiler } from '@enclave/ajv'
import { validatorCompiler as zodCompiler } from '@enclave/zod'
import { validatorCompiler as joiCompiler } from '@enclave/joi'
import { validatorCompiler as yupCompiler } from '@enclave/yup'
import errorMessage from '@enclave/error-message'
import ajvErrorsModule from 'ajv-errors'
import { z } from 'zod'
import Joi from 'joi'
import * as yup from 'yup'
import { start } from './helpers/listen.js'

// ajv-errors is CommonJS: under NodeNext its default import is the module object.
const ajvErrors = ajvErrorsModule.default
// ajv-merge-patch ships no type declarations; it is only handed to the validator as a plugin.
const ajvMergePatch: unknown = createRequire(import.meta.url)('ajv-merge-patch')

t.test('validation rule 1: values are coerced to the schema types to pass validation, and the handler receives typed data', async (t) => {
  const app = enclave()
  app.post('/orders/:id', {
    schema: {
      params: { type: 'object', properties: { id: { type: 'integer' } } },
      querystring: { type: 'object', properties: { express: { type: 'boolean' }, limit: { type: 'number' } } },
      headers: { type: 'object', properties: { 'x-count': { type: 'integer' } } },
      body: { type: 'object', properties: { quantity: { type: 'integer' }, note: { type: 'string' } } }
    }
  }, async (request) => {
    const { params, query, body } = request as any
    return {
      params,
      query,
      header: request.headers['x-count'],
      body,
      types: [typeof params.id, typeof query.express, typeof query.limit, typeof request.headers['x-count'], typeof body.quantity, typeof body.note]
    }
  })
  const client = await start(t, app)

  const ok = await client.request('/orders/42?express=true&limit=2.5', { headers: { 'x-count': '3' }, body: { quantity: '7', note: 12 } })
  t.equal(ok.status, 200)
  t.strictSame(ok.json, {
    params: { id: 42 },
    query: { express: true, limit: 2.5 },
    header: 3,
    body: { quantity: 7, note: '12' },
    types: ['number', 'boolean', 'number', 'number', 'number', 'string']
  }, 'params, querystring, headers and body all arrive as the declared types')

  const notAnInteger = await client.request('/orders/4x2', { body: {} })
  t.equal(notAnInteger.status, 400, 'a value that cannot be coerced still fails')
  t.equal(notAnInteger.json.message, 'params/id should be integer')
  const notABoolean = await client.request('/orders/1?express=maybe', { body: {} })
  t.equal(notABoolean.json.message, 'querystring/express should be boolean')
  const notAnIntegerBody = await client.request('/orders/1', { body: { quantity: '1.5' } })
  t.equal(notAnIntegerBody.json.message, 'body/quantity should be integer')
})

t.test('validation rule 2: a querystring array sent once arrives as an array of one string; default [] applies when absent', async (t) => {
  const app = enclave()
  const received: unknown[] = []
  app.get('/search', {
    schema: {
      querystring: {
        type: 'object',
        properties: {
          tag: { type: 'array', items: { type: 'string' }, default: [] },
          id: { type: 'array', items: { type: 'integer' } }
        }
      }
    }
  }, async (request) => {
    const query = request.query as unknown as { tag: string[] }
    received.push(query.tag)
    return query
  })
  const client = await start(t, app)

  const once = await client.request('/search?tag=red')
  t.equal(once.status, 200)
  t.strictSame(once.json, { tag: ['red'] }, 'one value becomes an array holding one string')
  const twice = await client.request('/search?tag=red&tag=blue')
  t.strictSame(twice.json, { tag: ['red', 'blue'] })
  const numeric = await client.request('/search?tag=7')
  t.strictSame(numeric.json, { tag: ['7'] }, 'the element stays a string because items are strings')
  const absent = await client.request('/search')
  t.strictSame(absent.json, { tag: [] }, 'the declared default [] is used when the parameter is absent')
  const absentAgain = await client.request('/search')
  t.strictSame(absentAgain.json, { tag: [] })
  t.not(received[3], received[4], 'each request gets its own default array, not one shared between requests')
  const ids = await client.request('/search?id=5')
  t.strictSame(ids.json, { tag: [], id: [5] }, 'items are coerced too')
})

t.test('validation rule 3: a custom compiler can differ per httpPart and throws when httpPart is missing or has no compiler', async (t) => {
  // The body uses a JSON Schema validator, the querystring a hand-written one; nothing else is supported.
  const ajvForBody = createAjvCompiler()
  function compileQuerystring ({ schema }: ValidatorCompilerInput) {
    const allowed = schema.allowed as string[]
    return function validateQuerystring (query: Record<string, unknown>) {
      const unknown = Object.keys(query).filter((key) => !allowed.includes(key))
      if (unknown.length === 0) return { value: query }
      return { error: unknown.map((key) => ({ instancePath: '/' + key, keyword: 'allowed', params: {}, message: 'is not an allowed parameter' })) }
    }
  }
  const perPart: Partial<Record<string, ValidatorCompiler>> = { body: ajvForBody, querystring: compileQuerystring }
  const compiled: string[] = []
  const compilePerPart: ValidatorCompiler = function compilePerPart (input) {
    if (input.httpPart === undefined) throw new Error('missing httpPart')
    const compiler = perPart[input.httpPart]
    if (compiler === undefined) throw new Error(`no compiler for the ${input.httpPart} part`)
    compiled.push(input.httpPart)
    return compiler(input)
  }

  t.throws(() => compilePerPart({ schema: {}, method: 'GET', url: '/' } as unknown as ValidatorCompilerInput), { message: 'missing httpPart' })

  const app = enclave()
  app.setValidatorCompiler(compilePerPart)
  app.post('/notes', {
    schema: {
      body: { type: 'object', required: ['text'], properties: { text: { type: 'string' } } },
      // A `type` keeps this hand-written schema from being read as the JSON shorthand.
      querystring: { type: 'allow-list', allowed: ['draft'] }
    }
  }, async (request) => ({ body: request.body, query: request.query }))
  const client = await start(t, app)
  t.strictSame(compiled, ['body', 'querystring'], 'each part went to its own compiler')

  const ok = await client.request('/notes?draft=1', { body: { text: 'hi' } })
  t.equal(ok.status, 200)
  t.strictSame(ok.json, { body: { text: 'hi' }, query: { draft: '1' } })
  const badBody = await client.request('/notes', { body: {} })
  t.equal(badBody.json.message, "body should have required property 'text'", 'the body speaks Ajv')
  const badQuery = await client.request('/notes?sort=asc', { body: { text: 'hi' } })
  t.equal(badQuery.status, 400)
  t.equal(badQuery.json.message, 'querystring/sort is not an allowed parameter', 'the querystring speaks the hand-written validator')

  const noHeaders = enclave()
  noHeaders.setValidatorCompiler(compilePerPart)
  noHeaders.get('/h', { schema: { headers: { type: 'object', required: ['x-key'] } } }, async () => 'unreachable')
  t.teardown(() => noHeaders.close())
  await t.rejects(noHeaders.listen({ port: 0, host: '127.0.0.1' }), { message: /no compiler for the headers part/ },
    'a part without a compiler stops the server from starting')
  t.equal(noHeaders.server.listening, false, 'nothing listens')
})

t.test('validation rule 4: a validation function returns { value } on success and { error } on failure', async (t) => {
  const app = enclave()
  // Trims and upper-cases a code; the handler must receive the returned value, not the input.
  app.setValidatorCompiler(function compileCode () {
    return function validateCode (body: { code?: unknown }) {
      if (typeof body?.code !== 'string') {
        return { error: [{ instancePath: '/code', keyword: 'type', params: { type: 'string' }, message: 'must be string' }] }
      }
      return { value: { code: body.code.trim().toUpperCase() } }
    }
  })
  app.post('/codes', { schema: { body: { code: 'string' } } }, async (request) => ({ received: request.body }))
  app.post('/attached', { attachValidation: true, schema: { body: { code: 'string' } } }, async (request) => ({
    validation: request.validationError?.validation ?? null
  }))
  const client = await start(t, app)

  const ok = await client.request('/codes', { body: { code: '  ab1 ' } })
  t.equal(ok.status, 200)
  t.strictSame(ok.json, { received: { code: 'AB1' } }, 'the handler receives the value the function returned')
  const failed = await client.request('/codes', { body: { code: 5 } })
  t.equal(failed.status, 400)
  t.equal(failed.text, '{"statusCode":400,"error":"Bad Request","message":"body/code should be string"}',
    'the error is formatted like one from the default validator')
  const attached = await client.request('/attached', { body: {} })
  t.strictSame(attached.json.validation, [{ instancePath: '/code', keyword: 'type', params: { type: 'string' }, message: 'must be string' }],
    'error.validation holds what the function returned')
})

t.test('validation rule 5: a custom validator gets its shared schemas itself; addSchema only feeds the default validator', async (t) => {
  const address = { $id: 'address', type: 'object', required: ['city'], properties: { city: { type: 'string' }, zip: { type: 'string' } } }
  const strictAddress = { ...address, required: ['city', 'zip'] }
  const app = enclave()
  app.addSchema(address)
  app.post('/default', { schema: { body: { $ref: 'address#' } } }, async (request) => request.body)
  app.register(async function customValidator (child) {
    // The custom validator is given its own copy of "address", which requires a zip.
    child.setValidatorCompiler(createAjvCompiler({ address: strictAddress }))
    child.post('/custom', { schema: { body: { $ref: 'address#' } } }, async (request) => request.body)
  })
  const client = await start(t, app)

  t.equal((await client.request('/default', { body: { city: 'Oslo' } })).status, 200, 'addSchema feeds the default validator')
  const custom = await client.request('/custom', { body: { city: 'Oslo' } })
  t.equal(custom.status, 400, 'the custom validator uses the schema it was given, not the one from addSchema')
  t.equal(custom.json.message, "body should have required property 'zip'")
  t.equal((await client.request('/custom', { body: { city: 'Oslo', zip: '0150' } })).status, 200)

  const unfed = enclave()
  unfed.addSchema(address)
  unfed.setValidatorCompiler(createAjvCompiler())
  unfed.post('/custom', { schema: { body: { $ref: 'address#' } } }, async (request) => request.body)
  t.teardown(() => unfed.close())
  await t.rejects(unfed.listen({ port: 0, host: '127.0.0.1' }), { code: 'FST_ERR_SCH_VALIDATION_BUILD', message: /address#/ },
    'a custom validator that was not given the schema cannot resolve it, although addSchema has it')
})

t.test('validation rule 6: any validation library replaces the default at server level or at route level', async (t) => {
  const app = enclave()
  app.post('/ajv', { schema: { body: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } } } }, async (request) => request.body)
  app.post('/zod-route', { validatorCompiler: zodCompiler, schema: { body: z.object({ name: z.string() }) } }, async (request) => request.body)
  app.register(async function joiServer (child) {
    child.setValidatorCompiler(joiCompiler)
    child.post('/joi-server', { schema: { body: Joi.object({ name: Joi.string().required() }) } }, async (request) => request.body)
    child.post('/yup-route', { validatorCompiler: yupCompiler, schema: { body: yup.object({ name: yup.string().required() }) } }, async (request) => request.body)
  })
  const client = await start(t, app)

  for (const [path, message] of [
    ['/ajv', "body should have required property 'name'"],
    ['/zod-route', "body should have required property 'name'"],
    ['/joi-server', 'body/name is required'],
    ['/yup-route', 'body/name is a required field']
  ] as const) {
    const ok = await client.request(path, { body: { name: 'Ada' } })
    t.equal(ok.status, 200, `${path} accepts a valid body`)
    t.strictSame(ok.json, { name: 'Ada' })
    const missing = await client.request(path, { body: {} })
    t.equal(missing.status, 400, `${path} refuses a body without name`)
    t.equal(missing.json.message, message, `${path} is validated by its own library`)
  }
})

t.test('validation rule 7: odd messages from another library are remedied by the default structure or by an error handler reading validation and validationContext', async (t) => {
  const app = enclave()
  // Remedy 1: a custom validator returning errors in the default validator's structure.
  app.post('/structured', {
    validatorCompiler: () => function validateAge (body: { age?: unknown }) {
      return typeof body?.age === 'number' ? { value: body } : { error: [{ instancePath: '/age', keyword: 'type', params: { type: 'number' }, message: 'must be number' }] }
    },
    schema: { body: { age: 'number' } }
  }, async (request) => request.body)
  // Remedy 2: a custom error handler shaping the response from error.validation / validationContext.
  app.register(async function handled (child) {
    child.setValidatorCompiler(joiCompiler)
    child.setErrorHandler(function sendIssues (error: any, request, reply) {
      if (error.validation === undefined) return reply.send(error)
      return reply.code(422).send({
        part: error.validationContext,
        issues: error.validation.map((issue: ValidationIssue) => ({ path: issue.instancePath, keyword: issue.keyword }))
      })
    })
    child.get('/handled/:id', { schema: { params: Joi.object({ id: Joi.number().integer() }) } }, async (request) => request.params)
    child.post('/handled', { schema: { body: Joi.object({ age: Joi.number().required(), name: Joi.string() }) } }, async (request) => request.body)
  })
  const client = await start(t, app)

  const structured = await client.request('/structured', { body: { age: 'old' } })
  t.equal(structured.json.message, 'body/age should be number', 'a message in the default wording')
  t.equal((await client.request('/structured', { body: { age: 40 } })).status, 200)

  const params = await client.request('/handled/x')
  t.equal(params.status, 422)
  t.strictSame(params.json, { part: 'params', issues: [{ path: '/id', keyword: 'number.base' }] })
  const body = await client.request('/handled', { body: { name: 3 } })
  t.equal(body.status, 422)
  t.strictSame(body.json, { part: 'body', issues: [{ path: '/age', keyword: 'any.required' }] })
  t.strictSame((await client.request('/handled/7')).json, { id: 7 })
})

t.test('validation rule 8: type arrays, nullable, oneOf, enum, not, maxItems, maxLength, minimum and required are allowed', async (t) => {
  const app = enclave()
  app.post('/products', {
    schema: {
      body: {
        type: 'object',
        required: ['kind'],
        properties: {
          kind: { enum: ['book', 'film'] },
          price: { type: ['number', 'null'] },
          discount: { type: 'number', nullable: true },
          contact: {
            oneOf: [
              { type: 'object', required: ['email'], properties: { email: { type: 'string' } } },
              { type: 'object', required: ['phone'], properties: { phone: { type: 'string' } } }
            ]
          },
          name: { type: 'string', maxLength: 5, not: { const: 'admin' } },
          tags: { type: 'array', maxItems: 2, items: { type: 'string' } },
          stock: { type: 'integer', minimum: 0 }
        }
      }
    }
  }, async (request) => request.body)
  const client = await start(t, app)

  const cases: Array<[string, unknown, number, string | null]> = [
    ['required present', { kind: 'book' }, 200, null],
    ['required missing', {}, 400, "body should have required property 'kind'"],
    ['enum member', { kind: 'film' }, 200, null],
    ['enum non-member', { kind: 'game' }, 400, 'body/kind should be equal to one of the allowed values'],
    ['type array takes null', { kind: 'book', price: null }, 200, null],
    ['type array takes a number', { kind: 'book', price: 9.5 }, 200, null],
    ['type array refuses others', { kind: 'book', price: 'cheap' }, 400, 'body/price should be number,null'],
    ['nullable takes null', { kind: 'book', discount: null }, 200, null],
    ['nullable refuses others', { kind: 'book', discount: 'half' }, 400, 'body/discount should be number'],
    ['oneOf, first branch', { kind: 'book', contact: { email: 'a@b.c' } }, 200, null],
    ['oneOf, second branch', { kind: 'book', contact: { phone: '123' } }, 200, null],
    ['oneOf, both branches', { kind: 'book', contact: { email: 'a@b.c', phone: '123' } }, 400, 'body/contact should match exactly one schema in oneOf'],
    // Even with allErrors false, Ajv reports why each branch of a oneOf failed, then the oneOf itself.
    ['oneOf, no branch', { kind: 'book', contact: {} }, 400, "body/contact should have required property 'email', body/contact should have required property 'phone', body/contact should match exactly one schema in oneOf"],
    ['not, other value', { kind: 'book', name: 'anna' }, 200, null],
    ['not, forbidden value', { kind: 'book', name: 'admin' }, 400, 'body/name should NOT be valid'],
    ['maxLength', { kind: 'book', name: 'abcdef' }, 400, 'body/name should NOT have more than 5 characters'],
    ['maxItems, at the limit', { kind: 'book', tags: ['a', 'b'] }, 200, null],
    ['maxItems, over the limit', { kind: 'book', tags: ['a', 'b', 'c'] }, 400, 'body/tags should NOT have more than 2 items'],
    ['minimum, at the limit', { kind: 'book', stock: 0 }, 200, null],
    ['minimum, under the limit', { kind: 'book', stock: -1 }, 400, 'body/stock should be >= 0']
  ]
  for (const [name, body, status, message] of cases) {
    const response = await client.request('/products', { body })
    t.equal(response.status, status, `${name}: ${status}`)
    if (message === null) t.strictSame(response.json, body, `${name}: the body reaches the handler`)
    else t.equal(response.json.message, message, `${name}: ${message}`)
  }
})

t.test('validation rule 9: validator plugins provide $merge and $patch (source and with)', async (t) => {
  const app = enclave({ validator: { plugins: [ajvMergePatch] } })
  app.addSchema({ $id: 'search', type: 'object', properties: { q: { type: 'string' }, page: { type: 'integer', minimum: 1 } } })
  app.post('/merged', {
    schema: { body: { $merge: { source: { $ref: 'search#' }, with: { required: ['q'], properties: { page: { maximum: 10 } } } } } }
  }, async (request) => request.body)
  app.post('/patched', {
    schema: {
      body: {
        $patch: {
          source: { type: 'object', properties: { q: { type: 'string' } } },
          with: [{ op: 'replace', path: '/properties/q', value: { type: 'number' } }, { op: 'add', path: '/required', value: ['q'] }]
        }
      }
    }
  }, async (request) => request.body)
  const client = await start(t, app)

  const merged = await client.request('/merged', { body: { q: 'x', page: '3' } })
  t.equal(merged.status, 200)
  t.strictSame(merged.json, { q: 'x', page: 3 }, 'the merged schema still coerces')
  t.match((await client.request('/merged', { body: {} })).json.message, /^body should have required property 'q'/, '$merge added required')
  t.match((await client.request('/merged', { body: { q: 'x', page: 11 } })).json.message, /^body\/page should be <= 10/, '$merge added maximum')
  t.match((await client.request('/merged', { body: { q: 'x', page: 0 } })).json.message, /^body\/page should be >= 1/, 'the source keeps its minimum')
  const patched = await client.request('/patched', { body: { q: '12' } })
  t.strictSame(patched.json, { q: 12 }, '$patch replaced the type of q')
  t.match((await client.request('/patched', { body: { q: 'abc' } })).json.message, /^body\/q should be number/)
  t.match((await client.request('/patched', { body: {} })).json.message, /^body should have required property 'q'/, '$patch added required')
})

t.test('validation rule 10: an error-message plugin provides errorMessage per schema, per constraint and per required property, with allErrors', async (t) => {
  const app = enclave()
  app.register(async function messages (child) {
    await child.register(errorMessage)
    child.post('/signup', {
      schema: {
        body: {
          type: 'object',
          required: ['email', 'name'],
          properties: {
            email: { type: 'string' },
            name: { type: 'string' },
            age: { type: 'integer', minimum: 18, errorMessage: { type: 'age must be a whole number', minimum: 'you must be an adult' } }
          },
          errorMessage: { required: { email: 'we need your email', name: 'tell us your name' } }
        }
      }
    }, async (request) => request.body)
    child.post('/point', {
      schema: { body: { type: 'object', required: ['x'], properties: { x: { type: 'number' } }, errorMessage: 'a point is an object with a number x' } }
    }, async (request) => request.body)
  })
  // Outside the plugin's context the keyword does not exist and the default allErrors: false holds.
  app.post('/plain', { schema: { body: { type: 'object', required: ['email', 'name'] } } }, async (request) => request.body)
  const client = await start(t, app)

  const adult = await client.request('/signup', { body: { email: 'a@b.c', name: 'Ada', age: 30 } })
  t.equal(adult.status, 200)
  t.equal((await client.request('/signup', { body: { email: 'a@b.c', name: 'Ada', age: 12 } })).json.message,
    'body/age you must be an adult', 'a per-constraint message')
  t.equal((await client.request('/signup', { body: { email: 'a@b.c', name: 'Ada', age: 'old' } })).json.message,
    'body/age age must be a whole number', 'a per-constraint message for type')
  t.equal((await client.request('/signup', { body: {} })).json.message,
    'body we need your email, body tell us your name', 'a required message per missing property, every one of them (allErrors)')
  t.equal((await client.request('/signup', { body: { age: 3 } })).json.message,
    'body/age you must be an adult, body we need your email, body tell us your name', 'property errors first, then the enclosing schema')
  t.equal((await client.request('/point', { body: { x: 'left' } })).json.message,
    'body a point is an object with a number x', 'a type-level message for the whole schema')
  t.equal((await client.request('/plain', { body: {} })).json.message,
    "body should have required property 'email'", 'elsewhere validation still stops at the first error')

  const outside = enclave()
  outside.register(async function messages (child) { await child.register(errorMessage) })
  outside.post('/outside', { schema: { body: { type: 'object', properties: { a: { type: 'string', errorMessage: 'nope' } } } } }, async () => 'unreachable')
  t.teardown(() => outside.close())
  await t.rejects(outside.listen({ port: 0, host: '127.0.0.1' }), { message: /unknown keyword: "errorMessage"/ },
    'errorMessage is refused at startup outside the context that registered the plugin')
})

t.test('validation rule 10: the errorMessage keyword straight from ajv-errors needs allErrors true in customOptions', async (t) => {
  const schema = {
    body: {
      type: 'object',
      required: ['email'],
      properties: { age: { type: 'integer', minimum: 18, errorMessage: { minimum: 'you must be an adult' } } },
      errorMessage: { required: { email: 'we need your email' } }
    }
  }
  const app = enclave({ validator: { customOptions: { allErrors: true }, plugins: [ajvErrors] } })
  app.post('/signup', { schema }, async (request) => request.body)
  const client = await start(t, app)
  t.equal((await client.request('/signup', { body: { age: 12 } })).json.message, 'body/age you must be an adult, body we need your email')
  t.equal((await client.request('/signup', { body: { email: 'a@b.c', age: 18 } })).status, 200)

  const withoutAllErrors = enclave({ validator: { plugins: [ajvErrors] } })
  withoutAllErrors.post('/signup', { schema }, async (request) => request.body)
  t.teardown(() => withoutAllErrors.close())
  await t.rejects(withoutAllErrors.listen({ port: 0, host: '127.0.0.1' }), { message: /allErrors/ }, 'without allErrors the server does not start')
})
