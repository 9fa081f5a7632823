import t from 'tap'
import enclave from '@enclave/core'
import type { SerializerCompilerInput } from '@enclave/core'

const named = { type: 'object', properties: { name: { type: 'string' } } }
const counted = { type: 'object', properties: { count: { type: 'integer' } } }
const data = { name: 'n', count: '3', secret: 's' }

t.test('reply.serialize(payload) serializes as send would for the current status', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.get('/', { schema: { response: { 200: named, '4xx': counted } } }, async (_request, reply) => {
    const ok = reply.serialize(data)
    reply.code(404)
    const notFound = reply.serialize(data)
    reply.code(500)
    const noSchema = reply.serialize(data)
    reply.code(200).serializer((payload: unknown) => `custom:${Object.keys(payload as object).length}`)
    const custom = reply.serialize(data)
    return reply.serializer(JSON.stringify).send({ ok, notFound, noSchema, custom })
  })
  t.strictSame((await app.inject('/')).json(), {
    ok: '{"name":"n"}',
    notFound: '{"count":3}',
    noSchema: JSON.stringify(data),
    custom: 'custom:3'
  })
})

t.test('reply.serialize throws the serializer\'s own error for a payload its schema rejects, as in Fastify', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.get('/', { schema: { response: { 200: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } } } } }, async (_request, reply) => {
    try {
      reply.serialize({})
      return 'unreachable' as any
    } catch (error: any) {
      return `${error.code} ${error.statusCode} ${error.message}` as any
    }
  })
  t.equal((await app.inject('/')).body, 'undefined undefined "name" is required!')
})

t.test('reply.getSerializationFunction(status[, contentType]) returns the route\'s serializer or undefined', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.get('/', {
    schema: {
      response: {
        200: named,
        '4xx': counted,
        default: { content: { 'application/json': { schema: named }, 'application/vnd.c+json': { schema: counted } } }
      }
    }
  }, async (_request, reply) => {
    const write = (fn: ((value: unknown) => string) | undefined) => fn === undefined ? 'undefined' : fn(data)
    return reply.serializer(JSON.stringify).send({
      numeric: write(reply.getSerializationFunction(200)),
      text: write(reply.getSerializationFunction('200')),
      // As in Fastify 4: a code finds only its own key, never its class or default.
      byClass: write(reply.getSerializationFunction(404)),
      classKey: write(reply.getSerializationFunction('4xx')),
      fallbackByCode: write(reply.getSerializationFunction(503)),
      fallbackJson: write(reply.getSerializationFunction('default', 'application/json')),
      fallbackVendor: write(reply.getSerializationFunction('default', 'application/vnd.c+json')),
      fallbackOther: write(reply.getSerializationFunction('default', 'text/html')),
      noClass: write(reply.getSerializationFunction('2xx')),
      junk: write(reply.getSerializationFunction('nope')),
      unknownSchema: write(reply.getSerializationFunction({ type: 'string' }))
    })
  })
  t.strictSame((await app.inject('/')).json(), {
    numeric: '{"name":"n"}',
    text: '{"name":"n"}',
    byClass: 'undefined',
    classKey: '{"count":3}',
    fallbackByCode: 'undefined',
    fallbackJson: '{"name":"n"}',
    fallbackVendor: '{"count":3}',
    fallbackOther: 'undefined',
    noClass: 'undefined',
    junk: 'undefined',
    unknownSchema: 'undefined'
  })
})

t.test('reply.compileSerializationSchema compiles with the route\'s compiler, once per schema object', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  const calls: Array<Omit<SerializerCompilerInput, 'schema'>> = []
  const extra = { type: 'object', properties: { id: { type: 'integer' } } }
  app.register(async function custom (scope) {
    scope.setSerializerCompiler(function compileKeys ({ schema, method, url, httpStatus, contentType }) {
      calls.push({ method, url, httpStatus, contentType })
      const keys = Object.keys(schema.properties)
      return (value: Record<string, unknown>) => keys.map((key) => `${key}=${String(value[key])}`).join('&')
    })
    scope.get('/custom', async (_request, reply) => {
      const fn = reply.compileSerializationSchema(extra, 201, 'application/json')
      const again = reply.compileSerializationSchema(extra)
      return { same: fn === again, lookedUp: reply.getSerializationFunction(extra) === fn, out: fn({ id: 5, x: 1 }) }
    })
  })
  app.get('/default', async (_request, reply) => {
    const fn = reply.compileSerializationSchema(extra)
    return { out: fn({ id: '5', x: 1 }) }
  })

  t.strictSame((await app.inject('/custom')).json(), { same: true, lookedUp: true, out: 'id=5' })
  t.strictSame((await app.inject('/custom')).json(), { same: true, lookedUp: true, out: 'id=5' })
  t.strictSame(calls, [{ method: 'GET', url: '/custom', httpStatus: '201', contentType: 'application/json' }], 'compiled once across requests, with the arguments given')
  t.strictSame((await app.inject('/default')).json(), { out: '{"id":5}' }, 'the default compiler elsewhere')
})

t.test('reply.compileSerializationSchema resolves the shared schemas of the route\'s context', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.register(async function scoped (scope) {
    scope.addSchema({ $id: 'point', type: 'object', properties: { x: { type: 'number' } } })
    scope.get('/', async (_request, reply) => {
      const fn = reply.compileSerializationSchema({ type: 'object', properties: { at: { $ref: 'point#' } } })
      return fn({ at: { x: '1.5', y: 2 }, z: 3 })
    })
  })
  app.get('/outside', async (_request, reply) => reply.compileSerializationSchema({ $ref: 'point#' }))
  t.equal((await app.inject('/')).body, '{"at":{"x":1.5}}')
  const outside = await app.inject('/outside')
  t.equal(outside.statusCode, 500)
  t.equal(outside.json().code, 'FST_ERR_SCH_SERIALIZATION_BUILD', 'a schema of another context is not visible')
})

t.test('reply.serializeInput(data, schema | status[, httpStatus][, contentType])', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  const adHoc = { type: 'object', properties: { secret: { type: 'string' } } }
  app.get('/', {
    schema: {
      response: {
        200: named,
        201: { content: { 'application/vnd.c+json': { schema: counted } } }
      }
    }
  }, async (_request, reply) => {
    return reply.serializer(JSON.stringify).send({
      bySchema: reply.serializeInput(data, adHoc),
      byStatus: reply.serializeInput(data, 200),
      byStatusText: reply.serializeInput(data, '200'),
      byStatusAndType: reply.serializeInput(data, '201', 'application/vnd.c+json'),
      statusWins: reply.serializeInput(data, adHoc, 200),
      // As in Fastify 4: a status the route has no schema for is an error, even with a schema given.
      schemaWhenStatusHasNone: (() => { try { return reply.serializeInput(data, adHoc, 404) } catch (error: any) { return error.code } })()
    })
  })
  t.strictSame((await app.inject('/')).json(), {
    bySchema: '{"secret":"s"}',
    byStatus: '{"name":"n"}',
    byStatusText: '{"name":"n"}',
    byStatusAndType: '{"count":3}',
    statusWins: '{"name":"n"}',
    schemaWhenStatusHasNone: 'FST_ERR_MISSING_SERIALIZATION_FN'
  })
})

t.test('reply.serializeInput errors: no serializer for the status or media type, a payload its schema rejects', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.get('/', { schema: { response: { 200: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } }, 201: { content: { 'application/json': { schema: named } } } } } }, async (request, reply) => {
    const which = (request.query as { case: string }).case
    if (which === 'status') return reply.serializeInput(data, 404)
    if (which === 'type') return reply.serializeInput(data, 201, 'application/xml')
    return reply.serializeInput({}, 200)
  })
  t.match((await app.inject('/?case=status')).json(), { statusCode: 500, code: 'FST_ERR_MISSING_SERIALIZATION_FN', message: 'Missing serialization function. Key "404"' })
  t.match((await app.inject('/?case=type')).json(), { statusCode: 500, code: 'FST_ERR_MISSING_CONTENTTYPE_SERIALIZATION_FN', message: 'Missing serialization function. Key "201:application/xml"' })
  t.strictSame((await app.inject('/?case=invalid')).json(), { statusCode: 500, error: 'Internal Server Error', message: '"name" is required!' })
})

t.test('the serialization methods work in not-found handlers and hooks too', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.setNotFoundHandler(async (_request, reply) => {
    const fn = reply.compileSerializationSchema(named)
    return reply.code(404).type('application/json').send(fn({ name: 'missing', other: 1 }))
  })
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('x-shape', reply.serializeInput({ count: 1.2, no: 1 }, counted))
    return payload
  })
  const response = await app.inject('/nowhere')
  t.equal(response.statusCode, 404)
  t.equal(response.body, '{"name":"missing"}')
  t.equal(response.headers['x-shape'], '{"count":1}')
})

t.test('reply.serializeInput looks a status up by its exact response key, as fastify@4.29.1 does', async (t) => {
  const { default: Fastify } = await import('fastify4')
  const { createServer, fastifyProfile } = await import('@enclave/core/internal')
  const schema = { type: 'object', properties: { a: { type: 'string' } } }
  const other = { type: 'object', properties: { b: { type: 'string' } } }
  // (A content-keyed entry asked for without a content type makes Fastify call a non-function: left out.)
  const responses: Array<Record<string, unknown> | undefined> = [{ '4xx': schema }, { 404: schema }, { default: schema }, undefined]
  const calls: unknown[][] = [[404, 'application/json'], ['4xx'], ['default'], [other, 404], [other, 404, 'application/json'], [other]]
  const run = async (factory: (options?: any) => any) => {
    const seen: string[] = []
    for (const response of responses) {
      const app = factory()
      app.get('/', { schema: response === undefined ? {} : { response } }, async (_request: any, reply: any) => {
        return calls.map((args) => { try { return reply.serializeInput({ a: 1, b: 2 }, ...args) } catch (error: any) { return error.code } })
      })
      seen.push((await app.inject('/')).body)
      await app.close()
    }
    return seen
  }
  const expected = await run((options) => Fastify(options))
  t.strictSame(await run((options) => createServer(options, fastifyProfile)), expected, 'the Fastify face')
  t.strictSame(await run((options) => enclave(options)), expected, 'enclave()')
})
