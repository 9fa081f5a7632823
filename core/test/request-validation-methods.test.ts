import t from 'tap'
import Fastify from 'fastify4'
import enclave from '@enclave/core'
import fastifyFace from '@enclave/fastify4'
import { warningsDuring, type SeenWarning } from './fixtures/warnings-during.js'

/**
 * request.getValidationFunction, compileValidationSchema and validateInput: every case runs on
 * Fastify 4.29, enclave() and @enclave/fastify4, and what the handler observes must agree.
 */
const factories: Record<string, (options?: any) => any> = {
  'fastify@4.29': (options) => Fastify(options),
  'enclave()': (options) => enclave(options),
  '@enclave/fastify4': (options) => fastifyFace(options)
}

/** What a call gave, in a form the three entries can be compared on. */
function outcome (call: () => unknown): unknown {
  try {
    return describe(call())
  } catch (error: any) {
    return { threw: error.name, code: error.code, statusCode: error.statusCode, message: error.code === undefined ? undefined : error.message }
  }
}

function describe (value: unknown): unknown {
  if (typeof value === 'function') return 'function'
  if (value instanceof Promise) return 'promise'
  if (value instanceof Error) return { error: value.message }
  return value === undefined ? 'undefined' : value
}

interface Case {
  routes: (app: any) => void
  requests: Array<{ method: string, url: string, payload?: unknown, headers?: Record<string, string> }>
}

/** Runs the case on one entry: every response's status and JSON body, in order. */
async function run (factory: (options?: any) => any, testCase: Case): Promise<unknown[]> {
  const app = factory()
  testCase.routes(app)
  const answers: unknown[] = []
  for (const request of testCase.requests) {
    const response = await app.inject(request as any)
    answers.push({ status: response.statusCode, body: response.json() })
  }
  await app.close()
  return answers
}

async function agree (t: any, testCase: Case): Promise<unknown[]> {
  const results: Record<string, unknown[]> = {}
  for (const [name, factory] of Object.entries(factories)) results[name] = await run(factory, testCase)
  t.same(results['enclave()'], results['fastify@4.29'], 'enclave() as Fastify 4.29')
  t.same(results['@enclave/fastify4'], results['fastify@4.29'], '@enclave/fastify4 as Fastify 4.29')
  return results['enclave()']!
}

const routeSchema = {
  body: { type: 'object', properties: { foo: { type: 'string' } }, required: ['foo'] },
  querystring: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] },
  params: { type: 'object', properties: { id: { type: 'integer' } } },
  headers: { type: 'object', properties: { 'X-Foo': { type: 'integer' } }, required: ['X-Foo'] }
}

t.test('getValidationFunction(httpPart) gives the route\'s validator for that part: a boolean result, errors on .errors', async (t) => {
  const results = await agree(t, {
    routes (app) {
      app.post('/parts/:id', { schema: routeSchema }, async (request: any) => {
        const out: Record<string, unknown> = {}
        for (const part of ['body', 'query', 'querystring', 'params', 'headers', 'nope', 123, undefined, null, {}]) {
          out[`get ${String(part)}`] = outcome(() => request.getValidationFunction(part))
        }
        const body = request.getValidationFunction('body')
        out.bodyValid = body({ foo: 'x' })
        out.bodyValidErrors = body.errors
        out.bodyInvalid = body({})
        out.bodyInvalidErrors = body.errors
        const query = request.getValidationFunction('query')
        out.queryCoerced = query({ n: '7' })
        out.queryInvalid = query({ n: 'seven' })
        out.queryInvalidErrors = query.errors
        out.sameForAlias = request.getValidationFunction('query') === request.getValidationFunction('querystring')
        const headers = request.getValidationFunction('headers')
        out.headersLowerCase = headers({ 'x-foo': '1' })
        out.headersAsDeclared = headers({ 'X-Foo': '1' })
        out.headersErrors = headers.errors
        return out
      })
      app.post('/none', async (request: any) => ({ body: outcome(() => request.getValidationFunction('body')) }))
    },
    requests: [
      { method: 'POST', url: '/parts/1?n=2', payload: { foo: 'a' }, headers: { 'x-foo': '1' } },
      { method: 'POST', url: '/none', payload: {} }
    ]
  })
  const parts = (results[0] as any).body
  t.equal(parts['get body'], 'function')
  t.equal(parts['get nope'], 'undefined')
  t.equal(parts.bodyInvalid, false)
  t.equal(parts.bodyInvalidErrors[0].keyword, 'required')
  t.equal(parts.bodyValidErrors, null)
  t.same((results[1] as any).body, { body: 'undefined' }, 'a route without that part has no validator for it')
})

t.test('compileValidationSchema caches per route and schema object; getValidationFunction(schema) finds it', async (t) => {
  const shared = { type: 'object', properties: { foo: { type: 'integer' } } }
  const results = await agree(t, {
    routes (app) {
      app.post('/a', async (request: any) => {
        const before = request.getValidationFunction(shared)
        const compiled = request.compileValidationSchema(shared)
        const coerced = { foo: '3' }
        const out = {
          before: describe(before),
          again: request.compileValidationSchema(shared) === compiled,
          againWithPart: request.compileValidationSchema(shared, 'body') === compiled,
          found: request.getValidationFunction(shared) === compiled,
          copyFound: describe(request.getValidationFunction({ ...shared })),
          valid: compiled(coerced),
          coerced,
          invalid: compiled({ foo: 'x' }),
          errors: compiled.errors
        }
        // The mutation is not seen: the cached function is keyed by the object.
        const mutated = { type: 'object', properties: { foo: { type: 'string' } } }
        const first = request.compileValidationSchema(mutated)
        mutated.properties.foo.type = 'integer'
        return { ...out, mutatedSame: request.compileValidationSchema(mutated) === first, mutatedStillString: first({ foo: 'x' }) }
      })
      app.post('/a-again', async (request: any) => ({ found: describe(request.getValidationFunction(shared)) }))
    },
    requests: [
      { method: 'POST', url: '/a' },
      { method: 'POST', url: '/a' },
      { method: 'POST', url: '/a-again' }
    ]
  })
  const first = (results[0] as any).body
  t.equal(first.before, 'undefined', 'nothing before the first compilation')
  t.equal(first.again, true)
  t.equal(first.found, true)
  t.same(first.coerced, { foo: 3 }, 'the default compiler coerces, as Fastify\'s Ajv does')
  t.equal(first.invalid, false)
  t.equal((results[1] as any).body.before, 'function', 'the next request on the route finds the cached function')
  t.same((results[2] as any).body, { found: 'undefined' }, 'another route has its own cache')
})

t.test('validateInput returns the validator\'s result; a part wins over a schema; without either it throws FST_ERR_REQ_INVALID_VALIDATION_INVOCATION', async (t) => {
  const integerFoo = { type: 'object', properties: { foo: { type: 'integer' } } }
  const results = await agree(t, {
    routes (app) {
      app.post('/v', { schema: { body: routeSchema.body, querystring: routeSchema.querystring } }, async (request: any) => ({
        schemaValid: outcome(() => request.validateInput({ foo: 1 }, integerFoo)),
        schemaInvalid: outcome(() => request.validateInput({ foo: 'a' }, integerFoo)),
        bodyPart: outcome(() => request.validateInput({}, 'body')),
        queryAlias: outcome(() => request.validateInput({ n: 'x' }, 'query')),
        partWinsOverSchema: outcome(() => request.validateInput({ foo: 'a' }, integerFoo, 'body')),
        stringPartIgnoresThird: outcome(() => request.validateInput({ foo: 'a' }, 'body', 'query')),
        schemaWithUnknownPart: outcome(() => request.validateInput({ foo: 'a' }, integerFoo, 'nope')),
        numberThenPart: outcome(() => request.validateInput({}, 5, 'body')),
        nullThenPart: outcome(() => request.validateInput({ n: 1 }, null, 'query')),
        nothing: outcome(() => request.validateInput({ foo: 1 })),
        unknownPart: outcome(() => request.validateInput({ foo: 1 }, 'nope')),
        numberSchema: outcome(() => request.validateInput({ foo: 1 }, 5)),
        booleanSchema: outcome(() => request.validateInput(1, true)),
        arraySchema: outcome(() => request.validateInput([1], [], 'params')),
        params: outcome(() => request.validateInput({}, 'params'))
      }))
      app.post('/throws', async (request: any) => request.validateInput({}, 'headers'))
    },
    requests: [
      { method: 'POST', url: '/v?n=1', payload: { foo: 'a' } },
      { method: 'POST', url: '/throws', payload: {} }
    ]
  })
  const first = (results[0] as any).body
  t.equal(first.schemaValid, true)
  t.equal(first.schemaInvalid, false)
  t.equal(first.partWinsOverSchema, true)
  t.same(first.nothing, {
    threw: 'FastifyError',
    code: 'FST_ERR_REQ_INVALID_VALIDATION_INVOCATION',
    statusCode: 500,
    message: 'Invalid validation invocation. Missing validation function for HTTP part "undefined" nor schema provided.'
  })
  t.equal(first.params.code, 'FST_ERR_REQ_INVALID_VALIDATION_INVOCATION', 'a part the route has no schema for')
  t.same(results[1], {
    status: 500,
    body: {
      statusCode: 500,
      code: 'FST_ERR_REQ_INVALID_VALIDATION_INVOCATION',
      error: 'Internal Server Error',
      message: 'Invalid validation invocation. Missing validation function for HTTP part "headers" nor schema provided.'
    }
  })
})

t.test('a custom validator compiler gets the httpPart as given (null when none) and its functions\' results come back as they are', async (t) => {
  const results = await agree(t, {
    routes (app) {
      const calls: unknown[] = []
      app.post('/c', {
        validatorCompiler ({ schema, method, url, httpPart }: any) {
          if (schema.mode !== undefined) calls.push({ mode: schema.mode, method, url, httpPart })
          return function validate (data: any) {
            if (schema.mode === 'object') return data.bad === true ? { error: new Error('bad') } : { value: data }
            if (schema.mode === 'async') return Promise.resolve(true)
            if (schema.mode === 'string') return 'yes'
            return true
          }
        },
        schema: { body: { type: 'object' } }
      }, async (request: any) => ({
        object: outcome(() => request.validateInput({}, { mode: 'object' })),
        objectError: outcome(() => request.validateInput({ bad: true }, { mode: 'object' })),
        async: outcome(() => request.validateInput({}, { mode: 'async' })),
        string: outcome(() => request.validateInput({}, { mode: 'string' })),
        compiledWithPart: outcome(() => request.compileValidationSchema({ mode: 'query' }, 'query')),
        compiledWithOddPart: outcome(() => request.compileValidationSchema({ mode: 'odd' }, 'whatever')),
        validatedWithPart: outcome(() => request.validateInput({}, { mode: 'partless' }, 'params')),
        calls
      }))
    },
    requests: [{ method: 'POST', url: '/c', payload: {} }]
  })
  const body = (results[0] as any).body
  t.same(body.object, { value: {} })
  t.equal(body.async, 'promise')
  t.same(body.calls[0], { mode: 'object', method: 'POST', url: '/c', httpPart: null })
  t.same(body.calls.find((call: any) => call.mode === 'query').httpPart, 'query')
})

t.test('a content-keyed body: getValidationFunction gives the validators by media type, validateInput throws Fastify\'s TypeError', async (t) => {
  const results = await agree(t, {
    routes (app) {
      app.post('/typed', {
        schema: { body: { content: { 'application/json': { schema: { type: 'object', required: ['a'] } } } } }
      }, async (request: any) => {
        const byType = request.getValidationFunction('body')
        return {
          kind: typeof byType,
          types: Object.keys(byType),
          json: byType['application/json']({}),
          validate: outcome(() => request.validateInput({}, 'body'))
        }
      })
    },
    requests: [{ method: 'POST', url: '/typed', payload: { a: 1 } }]
  })
  t.same((results[0] as any).body.validate, { threw: 'TypeError' })
  t.same((results[0] as any).body.types, ['application/json'])
})

t.test('compileValidationSchema with something that is not a schema object throws, as in Fastify', async (t) => {
  const results = await agree(t, {
    routes (app) {
      app.post('/bad', async (request: any) => ({
        null: 'threw' in (outcome(() => request.compileValidationSchema(null)) as object),
        undefined: 'threw' in (outcome(() => request.compileValidationSchema(undefined)) as object),
        string: 'threw' in (outcome(() => request.compileValidationSchema('body')) as object),
        boolean: 'threw' in (outcome(() => request.compileValidationSchema(true)) as object),
        getBoolean: outcome(() => request.getValidationFunction(true))
      }))
    },
    requests: [{ method: 'POST', url: '/bad' }]
  })
  t.same((results[0] as any).body, { null: true, undefined: true, string: true, boolean: true, getBoolean: 'undefined' })
})

t.test('the not-found handler\'s request validates with a schema and has no part validators', async (t) => {
  const results = await agree(t, {
    routes (app) {
      app.setNotFoundHandler(async (request: any, reply: any) => {
        reply.code(404)
        return {
          schema: outcome(() => request.validateInput({}, { type: 'string' })),
          body: outcome(() => request.getValidationFunction('body'))
        }
      })
    },
    requests: [{ method: 'GET', url: '/missing' }]
  })
  t.same(results[0], { status: 404, body: { schema: false, body: 'undefined' } })
})

/** The FSTDEP* warnings emitted while `action` runs. */
async function deprecationsDuring (action: () => Promise<void>): Promise<SeenWarning[]> {
  return (await warningsDuring(action)).filter((warning) => warning.code?.startsWith('FSTDEP') === true)
}

t.test('request.connection is the socket, over a real connection and inject(); reading it emits FSTDEP005 once, as Fastify', async (t) => {
  async function readConnection (factory: (options?: any) => any): Promise<{ answers: unknown[], warnings: unknown[] }> {
    const app = factory()
    app.get('/', async (request: any) => ({ isSocket: request.connection === request.socket && request.connection === request.raw.socket }))
    const answers: unknown[] = []
    const warnings = await deprecationsDuring(async () => {
      const address = await app.listen({ port: 0, host: '127.0.0.1' })
      answers.push(await (await fetch(`${address}/`)).json())
      answers.push((await app.inject('/')).json())
      await app.close()
    })
    return { answers, warnings }
  }
  const ours = await readConnection(enclave)
  const theirs = await readConnection(Fastify)
  t.same(ours, theirs)
  t.same(ours.answers, [{ isSocket: true }, { isSocket: true }])
  t.same(ours.warnings, [{
    name: 'DeprecationWarning',
    code: 'FSTDEP005',
    message: 'You are accessing the deprecated "request.connection" property. Use "request.socket" instead.'
  }])
  t.same((await readConnection(fastifyFace)).answers, ours.answers, '@enclave/fastify4 too')
})

t.test('with lazySchemaCompilation, the part validator got before the route\'s first validation validates and reports errors', async (t) => {
  const app = enclave({ lazySchemaCompilation: true })
  const seen: unknown[] = []
  app.post('/lazy', {
    schema: { body: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] } },
    onRequest: async (request: any) => {
      const validate = request.getValidationFunction('body')
      seen.push(validate({}), validate.errors?.[0]?.keyword, validate({ n: '1' }), validate.errors)
    }
  }, async (request: any) => request.body)
  const response = await app.inject({ method: 'POST', url: '/lazy', payload: { n: '2' } })
  await app.close()
  t.same(response.json(), { n: 2 }, 'the route still validates (and coerces) its body')
  t.same(seen, [false, 'required', true, null])
})

t.test('decorateRequest cannot replace the validation methods nor connection: a TypeError, as in Fastify', async (t) => {
  const names = ['getValidationFunction', 'compileValidationSchema', 'validateInput', 'connection']
  const results: Record<string, unknown[]> = {}
  for (const [entry, factory] of Object.entries(factories)) {
    results[entry] = names.map((name) => {
      const app = factory()
      const result = outcome(() => app.decorateRequest(name, function replaced () { return 'replaced' }))
      void app.close()
      return (result as { threw?: string }).threw ?? 'decorated'
    })
  }
  t.same(results['enclave()'], ['TypeError', 'TypeError', 'TypeError', 'TypeError'])
  t.same(results['enclave()'], results['fastify@4.29'])
  t.same(results['@enclave/fastify4'], results['fastify@4.29'])
})
