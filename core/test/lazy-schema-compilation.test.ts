import t from 'tap'
import enclave from '@enclave/core'
import fastifyFace from '@enclave/fastify4'
import { fastify5Face } from './fixtures/faces.js'

type Test = Parameters<Parameters<typeof t.test>[0]>[0]
type Factory = (options?: any) => any

const faces: Array<[string, Factory]> = [['enclave()', enclave as Factory], ['@enclave/fastify4', fastifyFace as unknown as Factory]]

const itemSchemas = {
  params: { type: 'object', properties: { id: { type: 'integer', minimum: 1 } } },
  querystring: { type: 'object', properties: { tags: { type: 'array', items: { type: 'string' } }, limit: { type: 'integer', default: 10 } } },
  body: {
    type: 'object',
    required: ['name'],
    properties: {
      name: { type: 'string', minLength: 2 },
      email: { type: 'string', format: 'email' },
      nested: { $ref: '#/definitions/nested' }
    },
    definitions: { nested: { type: 'object', properties: { n: { type: 'integer' } } } }
  },
  response: {
    200: {
      type: 'object',
      properties: { id: { type: 'integer' }, name: { type: 'string' }, limit: { type: 'integer' }, tags: { type: 'array', items: { type: 'string' } }, n: {} }
    }
  }
}

/** The app both modes are compared on (`undefined`: the entry's default); `compiles` counts Ajv compilations of route schemas. */
function buildApp (t: Test, factory: Factory, lazy: boolean | undefined): { app: any, compiles: () => number } {
  let count = 0
  const app = factory({
    ...(lazy === undefined ? {} : { lazySchemaCompilation: lazy }),
    ajv: {
      onCreate (ajv: any) {
        const compile = ajv.compile.bind(ajv)
        ajv.compile = function countedCompile (schema: unknown) {
          count++
          return compile(schema)
        }
      }
    }
  })
  t.teardown(() => app.close())
  app.post('/items/:id', { schema: itemSchemas }, async (request: any) => {
    return { id: request.params.id, name: request.body.name, limit: request.query.limit, tags: request.query.tags, n: request.body.nested?.n, secret: 'not in the schema' }
  })
  return { app, compiles: () => count }
}

const requests = [
  { method: 'POST', url: '/items/7?tags=a&tags=b', payload: { name: 'ok', nested: { n: '3' } } },
  { method: 'POST', url: '/items/7', payload: { name: 'x' } },
  { method: 'POST', url: '/items/0', payload: { name: 'ok' } },
  { method: 'POST', url: '/items/abc', payload: { name: 'ok' } },
  { method: 'POST', url: '/items/7', payload: { name: 'ok', email: 'not an email' } },
  { method: 'POST', url: '/items/7', payload: {} },
  { method: 'POST', url: '/items/7?limit=x', payload: { name: 'ok' } },
  { method: 'POST', url: '/items/7', payload: { name: 'ok', nested: { n: 'three' } } }
]

for (const [face, factory] of faces) {
  t.test(`${face}: with lazySchemaCompilation every request is answered exactly as with eager compilation`, async (t) => {
    // A fresh pair per request, so each one is the lazy route's first request.
    for (const request of requests) {
      const eager = buildApp(t, factory, false)
      const lazy = buildApp(t, factory, true)
      const expected = await eager.app.inject(request)
      const actual = await lazy.app.inject(request)
      t.equal(actual.statusCode, expected.statusCode, `${request.url} status`)
      t.equal(actual.body, expected.body, `${request.url} payload`)
      t.equal(actual.headers['content-type'], expected.headers['content-type'], `${request.url} content-type`)
    }
  })

  t.test(`${face}: lazySchemaCompilation compiles a route's schemas on its first request, once`, async (t) => {
    const { app, compiles } = buildApp(t, factory, true)
    await app.ready()
    t.equal(compiles(), 0, 'nothing compiled at ready()')
    const first = await app.inject(requests[0])
    t.equal(first.statusCode, 200)
    t.same(first.json(), { id: 7, name: 'ok', limit: 10, tags: ['a', 'b'], n: 3 })
    const afterFirst = compiles()
    t.ok(afterFirst > 0, 'compiled on the first request')
    for (const request of requests) await app.inject(request)
    t.equal(compiles(), afterFirst, 'later requests reuse the compiled validators')
  })

  t.test(`${face}: concurrent first requests under lazySchemaCompilation are all validated`, async (t) => {
    const { app, compiles } = buildApp(t, factory, true)
    await app.ready()
    const replies = await Promise.all(Array.from({ length: 20 }, (_, i) =>
      app.inject(i % 2 === 0 ? requests[0] : requests[1])))
    for (let i = 0; i < replies.length; i++) t.equal(replies[i].statusCode, i % 2 === 0 ? 200 : 400)
    const eager = buildApp(t, factory, false)
    await eager.app.ready()
    t.equal(compiles(), eager.compiles(), 'each schema compiled once, as eagerly')
  })
}

/** Every entry, for the cases a face could observe: ready() failing and Ajv's warnings. */
const everyEntry: Array<[string, Factory]> = [...faces, fastify5Face]

const brokenSchemas: Array<[string, Record<string, unknown>, Record<string, unknown>?]> = [
  ['a type that does not exist', { body: { type: 'object', properties: { a: { type: 'strin' } } } }],
  ['an unknown keyword (strict mode)', { body: { type: 'object', properties: { a: { type: 'string', minLenght: 1 } } } }],
  ['a $ref to a missing definition', { body: { type: 'object', properties: { a: { $ref: '#/definitions/missing' } } } }],
  ['a $ref to a missing shared schema', { params: { type: 'object', properties: { id: { $ref: 'nowhere#' } } } }],
  ['an unknown format', { querystring: { type: 'object', properties: { d: { type: 'string', format: 'no-such-format' } } } }],
  ['a broken response schema', { response: { 200: { type: 'object', properties: { a: { type: 'nope' } } } } }],
  ['a response $ref to a missing shared schema', { response: { 200: { $ref: 'nowhere#' } } }],
  // Valid by the meta-schema, refused by Ajv's compile (strict mode and its other compile-time rules).
  ['a default at the schema root (strict mode)', { body: { type: 'object', default: {}, properties: { a: { type: 'string' } } } }],
  ['a default inside anyOf (strict mode)', { body: { type: 'object', anyOf: [{ properties: { a: { type: 'string', default: 'x' } } }] } }],
  ['"if" without "then" or "else" (strict mode)', { querystring: { type: 'object', if: { required: ['a'] } } }],
  ['"then" without "if" (strict mode)', { body: { type: 'object', then: { required: ['a'] } } }],
  ['"additionalItems" without an items array (strict mode)', { body: { type: 'array', additionalItems: false } }],
  ['properties matched by patternProperties (strict mode)', { body: { type: 'object', properties: { foo: { type: 'string' } }, patternProperties: { '^f': { type: 'string' } } } }],
  ['"nullable" without "type"', { body: { type: 'object', properties: { a: { nullable: true } } } }],
  ['a pattern that is not a valid unicode regular expression', { params: { type: 'object', properties: { id: { type: 'string', pattern: '\\-' } } } }],
  ['a union type with strictTypes: true', { body: { type: 'object', properties: { a: { type: ['string', 'number'] } } } }, { customOptions: { strictTypes: true } }],
  ['a shared schema with "if" alone (strict mode)', { body: { $ref: 'conditional#' } }, { shared: true }],
  ['an async format in a synchronous schema', { body: { type: 'object', properties: { a: { type: 'string', format: 'checked-later' } } } }, { onCreate (ajv: any) { ajv.addFormat('checked-later', { async: true, validate: async () => true }) } }],
  ['a discriminator whose oneOf branch lacks the tag (Ajv\'s discriminator option)', { body: { type: 'object', discriminator: { propertyName: 'kind' }, required: ['kind'], oneOf: [{ properties: { kind: { const: 'a' } } }, { properties: { x: { type: 'string' } } }] } }, { customOptions: { discriminator: true } }]
]

for (const [face, factory] of everyEntry) {
  for (const [what, schema, setup] of brokenSchemas) {
    t.test(`${face}: with lazySchemaCompilation, ${what} still fails ready() with the eager error`, async (t) => {
      async function readyError (lazy: boolean): Promise<any> {
        const app = factory({ lazySchemaCompilation: lazy, ajv: { customOptions: setup?.customOptions, onCreate: setup?.onCreate } })
        t.teardown(() => app.close())
        if (setup?.shared === true) app.addSchema({ $id: 'conditional', type: 'object', if: { required: ['a'] } })
        app.post('/x/:id', { schema }, async () => ({}))
        return app.ready().then(() => null, (error: unknown) => error)
      }
      const eager = await readyError(false)
      const lazy = await readyError(true)
      t.ok(eager instanceof Error, 'eager compilation fails')
      t.ok(lazy instanceof Error, 'lazy compilation fails too')
      t.equal(lazy?.code, eager?.code)
      t.equal(lazy?.message, eager?.message)
    })
  }
}

/** ready()'s error, eagerly and lazily, for a body property using a keyword a plugin adds; both must fail alike. */
async function compareKeywordReadyErrors (t: Test, factory: Factory, keyword: Record<string, unknown>, value: unknown): Promise<void> {
  async function readyError (lazy: boolean): Promise<any> {
    const app = factory({ lazySchemaCompilation: lazy, ajv: { onCreate (ajv: any) { ajv.addKeyword(keyword) } } })
    t.teardown(() => app.close())
    app.post('/x', { schema: { body: { type: 'object', properties: { n: { type: 'number', [keyword.keyword as string]: value } } } } }, async () => 'ok')
    return app.ready().then(() => null, (error: unknown) => error)
  }
  const eager = await readyError(false)
  const lazy = await readyError(true)
  t.equal(eager?.code, 'FST_ERR_SCH_VALIDATION_BUILD')
  t.equal(lazy?.code, eager?.code)
  t.equal(lazy?.message, eager?.message)
}

t.test('with lazySchemaCompilation, a bad value for a keyword added with a metaSchema still fails ready() with the eager error', async (t) => {
  await compareKeywordReadyErrors(t, enclave as Factory, { keyword: 'even', type: 'number', metaSchema: { type: 'boolean' }, validate: (wanted: boolean, n: number) => !wanted || n % 2 === 0 }, 'yes')
})

for (const [face, factory] of everyEntry) {
  t.test(`${face}: with lazySchemaCompilation, a plugin keyword whose compile step throws for a value its metaSchema accepts still fails ready() with the eager error`, async (t) => {
    await compareKeywordReadyErrors(t, factory, {
      keyword: 'stepOf',
      type: 'number',
      metaSchema: { type: 'number' },
      compile (step: number) {
        if (step <= 0) throw new Error('stepOf takes a positive number')
        return (n: number) => n % step === 0
      }
    }, -2)
  })
}

for (const [face, factory] of everyEntry) {
  t.test(`${face}: with lazySchemaCompilation, request.getValidationFunction() before validation gives the compiled validator, as eagerly`, async (t) => {
    async function seenInOnRequest (lazy: boolean): Promise<unknown> {
      const app = factory({ lazySchemaCompilation: lazy })
      t.teardown(() => app.close())
      let seen: unknown
      app.addHook('onRequest', async (request: any) => {
        const validate = request.getValidationFunction('body')
        const valid = validate({ name: 1 })
        seen = { schema: validate.schema, valid, errors: validate.errors, sameLater: null }
      })
      app.post('/items/:id', { schema: itemSchemas }, async (request: any) => {
        const first = request.getValidationFunction('body')
        ;(seen as { sameLater: unknown }).sameLater = first === request.getValidationFunction('body')
        return { id: 1 }
      })
      const reply = await app.inject({ method: 'POST', url: '/items/1', payload: { name: 'ok' } })
      t.equal(reply.statusCode, 200)
      return seen
    }
    const eager = await seenInOnRequest(false)
    const lazy = await seenInOnRequest(true)
    t.same(lazy, eager)
    t.same((lazy as { schema: unknown }).schema, itemSchemas.body, 'the validator carries its schema')
  })
}

t.test('lazySchemaCompilation calls a custom validatorCompiler at ready(), as it cannot vouch for its schemas', async (t) => {
  const seen: string[] = []
  const app = enclave({ lazySchemaCompilation: true })
  t.teardown(() => app.close())
  app.setValidatorCompiler(({ httpPart }: any) => {
    seen.push(httpPart)
    return () => true
  })
  app.post('/x', { schema: { body: { type: 'object' } } }, async () => 'ok')
  await app.ready()
  t.same(seen, ['body'])
})

t.test('reply.getSerializationFunction under lazySchemaCompilation serializes with the route schema', async (t) => {
  const app = enclave({ lazySchemaCompilation: true })
  t.teardown(() => app.close())
  const schema = { response: { 200: { type: 'object', properties: { a: { type: 'integer' } } } } }
  app.get('/by-function', { schema }, async (_request: any, reply: any) => {
    const serialize = reply.getSerializationFunction(200)
    reply.header('content-type', 'text/plain')
    return serialize({ a: '5', b: 1 }) + '|' + serialize({ a: 6 })
  })
  app.get('/sent', { schema }, async () => ({ a: 7, b: 1 }))
  const byFunction = await app.inject('/by-function')
  t.equal(byFunction.body, '{"a":5}|{"a":6}')
  const sent = await app.inject('/sent')
  t.equal(sent.body, '{"a":7}')
})

t.test('lazySchemaCompilation must be a boolean', async (t) => {
  t.throws(() => enclave({ lazySchemaCompilation: 'yes' as any }), { code: 'FST_ERR_INIT_OPTS_INVALID' })
})

t.test('by default enclave() compiles route schemas on the first request; the Fastify faces compile them at ready()', async (t) => {
  async function compiledAtReady (factory: Factory): Promise<number> {
    const { app, compiles } = buildApp(t, factory, undefined)
    await app.ready()
    const atReady = compiles()
    const reply = await app.inject(requests[0])
    t.equal(reply.statusCode, 200)
    t.ok(compiles() > 0)
    return atReady
  }
  t.equal(await compiledAtReady(enclave as Factory), 0, 'enclave(): nothing compiled at ready()')
  t.ok(await compiledAtReady(fastifyFace as unknown as Factory) > 0, '@enclave/fastify4: compiled at ready()')
})

t.test('with lazySchemaCompilation, a plugin keyword without a metaSchema is compiled at ready(), so its error fails ready()', async (t) => {
  const app = enclave({
    lazySchemaCompilation: true,
    ajv: {
      onCreate (ajv: any) {
        ajv.addKeyword({
          keyword: 'divisibleByOf',
          type: 'number',
          code (cxt: any) {
            if (typeof cxt.schema !== 'number') throw new Error('divisibleByOf takes a number')
            cxt.fail(cxt.gen.scopeValue('x', { ref: 0 }))
          }
        })
      }
    }
  })
  t.teardown(() => app.close())
  app.post('/x', { schema: { body: { type: 'object', properties: { n: { type: 'number', divisibleByOf: 'three' } } } } }, async () => 'ok')
  await t.rejects(app.ready(), { code: 'FST_ERR_SCH_VALIDATION_BUILD', message: /divisibleByOf takes a number/ })
})

t.test('with lazySchemaCompilation, a shared schema with an unknown keyword still fails ready() for the route that refers to it', async (t) => {
  const app = enclave({ lazySchemaCompilation: true })
  t.teardown(() => app.close())
  app.addSchema({ $id: 'loose', type: 'object', colour: 'red' })
  app.post('/x', { schema: { body: { $ref: 'loose#' } } }, async () => 'ok')
  await t.rejects(app.ready(), { code: 'FST_ERR_SCH_VALIDATION_BUILD', message: /unknown keyword: "colour"/ })
})

// Ajv warns while compiling (strictTypes and strictTuples default to 'log'); Fastify compiles at
// ready(), so that is where the warnings come, once.
const warnedSchemas: Array<[string, Record<string, unknown>]> = [
  ['a keyword without its type', { type: 'object', properties: { a: { minimum: 1 } } }],
  ['a union type', { type: 'object', properties: { a: { type: ['string', 'number'] } } }],
  ['a tuple without minItems', { type: 'object', properties: { a: { type: 'array', items: [{ type: 'string' }] } } }]
]

for (const [face, factory] of everyEntry) {
  t.test(`${face}: with lazySchemaCompilation, Ajv's strict-mode warnings come at ready(), as eagerly, and not again on the first request`, async (t) => {
    async function warningsOf (lazy: boolean): Promise<{ atReady: string[], onFirstRequest: string[], status: number }> {
      const app = factory({ lazySchemaCompilation: lazy })
      t.teardown(() => app.close())
      for (let i = 0; i < warnedSchemas.length; i++) app.post(`/w${i}`, { schema: { body: warnedSchemas[i]![1] } }, async () => 'ok')
      const warn = console.warn
      const atReady: string[] = []
      const onFirstRequest: string[] = []
      let sink = atReady
      console.warn = (...args: unknown[]) => { sink.push(args.join(' ')) }
      let status = 0
      try {
        await app.ready()
        sink = onFirstRequest
        for (let i = 0; i < warnedSchemas.length; i++) status = Math.max(status, (await app.inject({ method: 'POST', url: `/w${i}`, payload: { a: [] } })).statusCode)
      } finally {
        console.warn = warn
      }
      return { atReady, onFirstRequest, status }
    }
    const eager = await warningsOf(false)
    const lazy = await warningsOf(true)
    t.equal(eager.atReady.length, warnedSchemas.length, 'one warning a schema, eagerly')
    t.same(lazy.atReady, eager.atReady, 'the same warnings at ready()')
    t.same(lazy.onFirstRequest, [], 'none on the first requests')
    t.equal(lazy.status, eager.status)
  })
}
