import t from 'tap'
import fastUri from 'fast-uri'
import ajvFormatsModule from 'ajv-formats'
import ajvErrorsModule from 'ajv-errors'
import enclave, { errorCodes } from '@enclave/core'
import type { EnclaveInstance, EnclaveOptions } from '@enclave/core'

// CommonJS plugins: under NodeNext their default import is the module object.
const ajvFormats = ajvFormatsModule.default
const ajvErrors = ajvErrorsModule.default

type Test = Parameters<Parameters<typeof t.test>[0]>[0]

function build (t: Test, options?: EnclaveOptions): EnclaveInstance {
  const app = enclave(options)
  t.teardown(() => app.close())
  return app
}

const itemsQuery = {
  type: 'object',
  properties: {
    ids: { type: 'array', items: { type: 'integer' } },
    tags: { type: 'array', items: { type: 'string' }, default: [] },
    n: { type: 'integer' },
    flag: { type: 'boolean' }
  }
}

t.test("coerceTypes 'array': query values become the schema's types", async (t) => {
  const app = build(t)
  app.get('/items', { schema: { querystring: itemsQuery } }, async (request) => request.query)

  const coerced = await app.inject('/items?n=5&flag=true&ids=7')
  t.equal(coerced.statusCode, 200)
  t.strictSame(coerced.json(), { n: 5, flag: true, ids: [7], tags: [] }, 'integer, boolean, and a single value wrapped into an array')

  const several = await app.inject('/items?ids=1&ids=2&tags=a&tags=b')
  t.strictSame(several.json(), { ids: [1, 2], tags: ['a', 'b'] })

  const wrong = await app.inject('/items?n=five')
  t.equal(wrong.statusCode, 400)
  t.equal(wrong.json().message, 'querystring/n should be integer')
})

t.test('a string array parameter sent once is an array of one string; default [] applies when absent (validation rule 2)', async (t) => {
  const app = build(t)
  app.get('/tags', {
    schema: { querystring: { type: 'object', properties: { tag: { type: 'array', items: { type: 'string' }, default: [] } } } }
  }, async (request) => {
    const tag = (request.query as { tag: unknown }).tag
    return { tag, isArray: Array.isArray(tag) }
  })

  t.strictSame((await app.inject('/tags?tag=x')).json(), { tag: ['x'], isArray: true })
  t.strictSame((await app.inject('/tags?tag=1')).json(), { tag: ['1'], isArray: true }, 'stays a string')
  t.strictSame((await app.inject('/tags')).json(), { tag: [], isArray: true })
})

t.test('coercion applies to params, headers and the body too, and the handler sees the typed values', async (t) => {
  const app = build(t)
  app.post('/orders/:id', {
    schema: {
      params: { type: 'object', properties: { id: { type: 'integer' } } },
      headers: { type: 'object', properties: { 'x-count': { type: 'number' } } },
      body: { type: 'object', properties: { note: { type: 'string' }, qty: { type: 'integer' } } }
    }
  }, async (request) => ({
    id: request.params as unknown,
    count: request.headers['x-count'],
    body: request.body
  }))

  const response = await app.inject({ method: 'POST', url: '/orders/42', headers: { 'x-count': '2.5' }, payload: { note: 12, qty: '3' } })
  t.equal(response.statusCode, 200)
  t.strictSame(response.json(), { id: { id: 42 }, count: 2.5, body: { note: '12', qty: 3 } })
})

t.test('useDefaults: missing properties take the schema default, a fresh copy per request', async (t) => {
  const app = build(t)
  app.post('/prefs', {
    schema: {
      body: {
        type: 'object',
        properties: {
          theme: { type: 'string', default: 'dark' },
          tags: { type: 'array', items: { type: 'string' }, default: [] },
          nested: { type: 'object', properties: { size: { type: 'integer', default: 10 } }, default: {} }
        }
      }
    }
  }, async (request) => {
    const body = request.body as { tags: string[] }
    const seen = JSON.parse(JSON.stringify(body))
    // A handler that mutates its default must not change what the next request gets.
    body.tags.push('mutated')
    return seen
  })

  const first = await app.inject({ method: 'POST', url: '/prefs', payload: {} })
  t.strictSame(first.json(), { theme: 'dark', tags: [], nested: { size: 10 } })
  const second = await app.inject({ method: 'POST', url: '/prefs', payload: { theme: 'light' } })
  t.strictSame(second.json(), { theme: 'light', tags: [], nested: { size: 10 } })
})

t.test('removeAdditional: properties forbidden by additionalProperties:false are removed, not rejected', async (t) => {
  const app = build(t)
  const schema = {
    body: { type: 'object', additionalProperties: false, properties: { a: { type: 'string' } } },
    querystring: { type: 'object', additionalProperties: false, properties: { q: { type: 'string' } } }
  }
  app.post('/strict', { schema }, async (request) => ({ body: request.body, query: request.query }))

  const response = await app.inject({ method: 'POST', url: '/strict?q=1&extra=2', payload: { a: 'x', isAdmin: true } })
  t.equal(response.statusCode, 200)
  t.strictSame(response.json(), { body: { a: 'x' }, query: { q: '1' } })

  t.test('without additionalProperties:false nothing is removed', async (t) => {
    const open = build(t)
    open.post('/open', { schema: { body: { type: 'object', properties: { a: { type: 'string' } } } } }, async (request) => request.body)
    t.strictSame((await open.inject({ method: 'POST', url: '/open', payload: { a: 'x', b: 1 } })).json(), { a: 'x', b: 1 })
  })

  t.test('customOptions.removeAdditional:false turns the extra property into a 400', async (t) => {
    const strict = build(t, { ajv: { customOptions: { removeAdditional: false } } })
    strict.post('/strict', { schema }, async (request) => request.body)
    const rejected = await strict.inject({ method: 'POST', url: '/strict', payload: { a: 'x', isAdmin: true } })
    t.equal(rejected.statusCode, 400)
    t.equal(rejected.json().message, 'body should NOT have additional properties')
  })
})

const threeProblems = {
  type: 'object',
  required: ['a', 'b'],
  properties: { a: { type: 'string' }, b: { type: 'string' }, c: { type: 'integer' } }
}

t.test('allErrors stays false: validation stops at the first error', async (t) => {
  const app = build(t)
  app.setErrorHandler(function reportAll (error: any, _request, reply) {
    reply.code(400).send({ message: error.message, count: error.validation.length })
  })
  app.post('/three', { schema: { body: threeProblems } }, async () => 'unreachable')

  const response = await app.inject({ method: 'POST', url: '/three', payload: { c: 'not a number' } })
  t.strictSame(response.json(), { message: "body should have required property 'a'", count: 1 })

  t.test('customOptions.allErrors:true reports every error (and opens the DoS door the default keeps shut)', async (t) => {
    const all = build(t, { ajv: { customOptions: { allErrors: true } } })
    all.setErrorHandler(function reportAll (error: any, _request, reply) {
      reply.code(400).send({ message: error.message, count: error.validation.length })
    })
    all.post('/three', { schema: { body: threeProblems } }, async () => 'unreachable')
    const everything = await all.inject({ method: 'POST', url: '/three', payload: { c: 'not a number' } })
    t.strictSame(everything.json(), {
      message: "body should have required property 'a', body should have required property 'b', body/c should be integer",
      count: 3
    })
  })
})

t.test('uriResolver is fast-uri and addUsedSchema is false (two routes may reuse a route schema $id)', async (t) => {
  const resolvers: unknown[] = []
  const app = build(t, { ajv: { onCreate (ajv) { resolvers.push(ajv.opts.uriResolver) } } })
  app.post('/a', { schema: { body: { $id: 'payload', type: 'object', required: ['a'] } } }, async (request) => request.body)
  app.post('/b', { schema: { body: { $id: 'payload', type: 'object', required: ['b'] } } }, async (request) => request.body)
  await app.ready()
  t.strictSame(resolvers, [fastUri])
  t.equal((await app.inject({ method: 'POST', url: '/a', payload: { b: 1 } })).json().message, "body should have required property 'a'")
  t.equal((await app.inject({ method: 'POST', url: '/b', payload: { a: 1 } })).json().message, "body should have required property 'b'")
})

t.test('ajv-formats is installed by default', async (t) => {
  const app = build(t)
  app.post('/signup', {
    schema: {
      body: {
        type: 'object',
        properties: { email: { type: 'string', format: 'email' }, at: { type: 'string', format: 'date-time' }, id: { type: 'string', format: 'uuid' } }
      }
    }
  }, async (request) => request.body)

  const good = { email: 'a@example.com', at: '2024-01-02T03:04:05Z', id: '3c7f5b0e-8f8e-4f39-9a53-6a6c8d7e9b10' }
  t.equal((await app.inject({ method: 'POST', url: '/signup', payload: good })).statusCode, 200)
  const bad = await app.inject({ method: 'POST', url: '/signup', payload: { email: 'nope' } })
  t.equal(bad.statusCode, 400)
  t.equal(bad.json().message, 'body/email should match format "email"')
  t.equal((await app.inject({ method: 'POST', url: '/signup', payload: { at: 'yesterday' } })).json().message, 'body/at should match format "date-time"')
})

for (const group of ['ajv', 'validator'] as const) {
  t.test(`${group}.customOptions reaches the default validator`, async (t) => {
    const app = build(t, { [group]: { customOptions: { coerceTypes: false } } })
    app.get('/n', { schema: { querystring: { type: 'object', properties: { n: { type: 'integer' } } } } }, async (request) => request.query)
    const response = await app.inject('/n?n=5')
    t.equal(response.statusCode, 400, 'no coercion any more')
    t.equal(response.json().message, 'querystring/n should be integer')
  })

  t.test(`${group}.plugins: a plugin function and a [plugin, options] pair`, async (t) => {
    const seen: unknown[] = []
    function evenPlugin (ajv: any, options?: { keyword?: string }): void {
      seen.push(options)
      ajv.addKeyword({
        keyword: options?.keyword ?? 'even',
        type: 'number',
        validate: (wanted: boolean, data: number) => !wanted || data % 2 === 0,
        error: { message: 'must be even' }
      })
    }
    const app = build(t, { [group]: { plugins: [evenPlugin, [evenPlugin, { keyword: 'pair' }]] } })
    app.post('/n', {
      schema: { body: { type: 'object', properties: { a: { type: 'integer', even: true }, b: { type: 'integer', pair: true } } } }
    }, async (request) => request.body)

    t.equal((await app.inject({ method: 'POST', url: '/n', payload: { a: 2, b: 4 } })).statusCode, 200)
    t.equal((await app.inject({ method: 'POST', url: '/n', payload: { a: 3 } })).json().message, 'body/a should be even')
    t.equal((await app.inject({ method: 'POST', url: '/n', payload: { b: 5 } })).json().message, 'body/b should be even')
    t.strictSame(seen, [undefined, { keyword: 'pair' }])
  })
}

t.test('plugins: ajv-formats with options replaces the stock install', async (t) => {
  // Only the `date` format: a schema using `email` is now an unknown format, a start-up error.
  const app = build(t, { ajv: { plugins: [[ajvFormats, { formats: ['date'] }]] } })
  app.post('/d', { schema: { body: { type: 'object', properties: { day: { type: 'string', format: 'date' } } } } }, async (request) => request.body)
  app.post('/e', { schema: { body: { type: 'object', properties: { mail: { type: 'string', format: 'email' } } } } }, async (request) => request.body)
  await t.rejects(app.ready(), { code: 'FST_ERR_SCH_VALIDATION_BUILD', message: /POST: \/e, due to error unknown format "email"/ })
})

t.test('plugins: ajv-errors with allErrors gives per-property messages', async (t) => {
  const app = build(t, { validator: { customOptions: { allErrors: true }, plugins: [ajvErrors] } })
  app.post('/person', {
    schema: {
      body: {
        type: 'object',
        required: ['name'],
        properties: { age: { type: 'integer', errorMessage: { type: 'age must be a whole number' } } },
        errorMessage: { required: { name: 'name is required' } }
      }
    }
  }, async (request) => request.body)
  const response = await app.inject({ method: 'POST', url: '/person', payload: { age: 'old' } })
  t.equal(response.statusCode, 400)
  t.equal(response.json().message, 'body/age age must be a whole number, body name is required')
})

t.test('ajv-merge-patch as a plugin ($merge with a shared schema as source)', async (t) => {
  const mergePatch = (await import('ajv-merge-patch' as string)).default
  const app = build(t, { ajv: { plugins: [mergePatch] } })
  app.addSchema({ $id: 'base', type: 'object', properties: { q: { type: 'string' } } })
  app.post('/m', {
    schema: { body: { $merge: { source: { $ref: 'base#' }, with: { required: ['q'] } } } }
  }, async (request) => request.body)
  t.equal((await app.inject({ method: 'POST', url: '/m', payload: { q: 'x' } })).statusCode, 200)
  const missing = await app.inject({ method: 'POST', url: '/m', payload: {} })
  t.equal(missing.statusCode, 400)
  t.match(missing.json().message, /^body should have required property 'q'/)
})

t.test('a bad validator option fails at enclave(), with a clear error', async (t) => {
  t.throws(() => enclave({ ajv: { customOptions: 'fast' as any } }), {
    code: 'FST_ERR_AJV_CUSTOM_OPTIONS_OPT_NOT_OBJ',
    message: "ajv.customOptions option should be an object, instead got 'string'"
  })
  t.throws(() => enclave({ validator: { customOptions: [] as any } }), { code: 'FST_ERR_AJV_CUSTOM_OPTIONS_OPT_NOT_OBJ' })
  t.throws(() => enclave({ ajv: { plugins: ajvFormats as any } }), {
    code: 'FST_ERR_AJV_CUSTOM_OPTIONS_OPT_NOT_ARR',
    message: "ajv.plugins option should be an array, instead got 'function'"
  })
  t.throws(() => enclave({ validator: { plugins: ['ajv-formats'] } }), {
    code: 'FST_ERR_INIT_OPTS_INVALID',
    message: /validator\.plugins\[0\] must be an Ajv plugin function or a \[plugin, options\] pair/
  })
  t.throws(() => enclave({ ajv: { onCreate: 'no' as any } }), { code: 'FST_ERR_INIT_OPTS_INVALID', message: /ajv\.onCreate must be a function/ })
  t.throws(() => enclave({ ajv: 'strict' as any }), { code: 'FST_ERR_INIT_OPTS_INVALID', message: /option 'ajv' must be an object/ })
  t.throws(() => enclave({ ajv: {}, validator: {} }), { code: 'FST_ERR_INIT_OPTS_INVALID', message: /give only one/ })
  try {
    enclave({ validator: { customOptions: 1 as any } })
    t.fail('should have thrown')
  } catch (error) {
    t.ok(error instanceof errorCodes.FST_ERR_AJV_CUSTOM_OPTIONS_OPT_NOT_OBJ, 'an instance of the exported error class')
  }
})
