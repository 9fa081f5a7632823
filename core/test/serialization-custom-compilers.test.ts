import t from 'tap'
import enclave from '@enclave/core'
import type { SerializerCompilerInput } from '@enclave/core'

const user = { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } }
const record = () => ({ id: '7', name: 'Ada', secret: 's' })

/** A compiler that writes `<tag>:` and the keys of the schema's properties, and records its calls. */
function taggedCompiler (tag: string, calls: SerializerCompilerInput[]) {
  return function compileTagged (input: SerializerCompilerInput) {
    calls.push(input)
    const keys = Object.keys((input.schema as { properties?: object }).properties ?? {})
    return function serializeTagged (data: Record<string, unknown>) {
      return `${tag}:` + keys.map((key) => `${key}=${String(data[key])}`).join(',')
    }
  }
}

t.test('setSerializerCompiler: called once per response schema at ready() with { schema, method, url, httpStatus, contentType }', async (t) => {
  const app = enclave({ exposeHeadRoutes: false })
  t.teardown(() => app.close())
  const calls: SerializerCompilerInput[] = []
  app.setSerializerCompiler(taggedCompiler('ctx', calls))
  const vendor = { type: 'object', properties: { name: { type: 'string' } } }
  app.register(async function api (api) {
    api.post('/users/:id', {
      schema: {
        response: {
          201: user,
          '4xx': { message: { type: 'string' } },
          default: { description: 'other', content: { 'application/vnd.x+json': { schema: vendor } } }
        }
      }
    }, async (_request, reply) => reply.code(201).send(record()))
  }, { prefix: '/api' })
  await app.ready()

  t.strictSame(calls, [
    { schema: user, method: 'POST', url: '/api/users/:id', httpStatus: '201', contentType: undefined },
    { schema: { type: 'object', properties: { message: { type: 'string' } } }, method: 'POST', url: '/api/users/:id', httpStatus: '4xx', contentType: undefined },
    { schema: vendor, method: 'POST', url: '/api/users/:id', httpStatus: 'default', contentType: 'application/vnd.x+json' }
  ], 'the shorthand arrives expanded; the key as written; the media type of content entries')
  t.equal(calls[0]!.schema, user, 'the schema object itself, not a copy')

  const response = await app.inject({ method: 'POST', url: '/api/users/1' })
  t.equal(response.statusCode, 201)
  t.equal(response.body, 'ctx:id=7,name=Ada', 'the string the function returns is the body')
  t.equal(response.headers['content-type'], 'application/json; charset=utf-8')
  await app.inject({ method: 'POST', url: '/api/users/2' })
  t.equal(calls.length, 3, 'nothing is compiled per request')
})

t.test('setSerializerCompiler is encapsulated: the context and its descendants only', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  const calls: SerializerCompilerInput[] = []
  app.register(async function custom (custom) {
    custom.setSerializerCompiler(taggedCompiler('custom', calls))
    custom.get('/custom', { schema: { response: { 200: user } } }, async () => record())
    custom.register(async function nested (nested) {
      nested.get('/nested', { schema: { response: { 200: user } } }, async () => record())
    })
  })
  app.register(async function sibling (sibling) {
    sibling.get('/sibling', { schema: { response: { 200: user } } }, async () => record())
  })
  app.get('/root', { schema: { response: { 200: user } } }, async () => record())

  t.equal((await app.inject('/custom')).body, 'custom:id=7,name=Ada')
  t.equal((await app.inject('/nested')).body, 'custom:id=7,name=Ada', 'inherited by a grandchild')
  t.equal((await app.inject('/sibling')).body, '{"id":7,"name":"Ada"}', 'a sibling keeps the default')
  t.equal((await app.inject('/root')).body, '{"id":7,"name":"Ada"}', 'the parent keeps the default')
})

t.test('a nearer setSerializerCompiler overrides the parent\'s', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.setSerializerCompiler(taggedCompiler('root', []))
  app.register(async function child (child) {
    child.setSerializerCompiler(taggedCompiler('child', []))
    child.get('/child', { schema: { response: { 200: user } } }, async () => record())
  })
  app.get('/root', { schema: { response: { 200: user } } }, async () => record())
  t.equal((await app.inject('/child')).body, 'child:id=7,name=Ada')
  t.equal((await app.inject('/root')).body, 'root:id=7,name=Ada')
})

t.test('the route serializerCompiler option beats the context\'s, with the same arguments', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  const contextCalls: SerializerCompilerInput[] = []
  const routeCalls: SerializerCompilerInput[] = []
  app.setSerializerCompiler(taggedCompiler('ctx', contextCalls))
  app.get('/own', { serializerCompiler: taggedCompiler('route', routeCalls), schema: { response: { '2xx': user } } }, async () => record())
  app.get('/shared', { schema: { response: { 200: user } } }, async () => record())
  await app.ready()

  t.strictSame(routeCalls.map((call) => [call.method, call.url, call.httpStatus, call.contentType]), [
    ['GET', '/own', '2xx', undefined],
    ['HEAD', '/own', '2xx', undefined]
  ], 'the automatic HEAD route compiles its copy too, with method HEAD')
  t.strictSame(contextCalls.map((call) => call.url), ['/shared', '/shared'])
  t.equal((await app.inject('/own')).body, 'route:id=7,name=Ada')
  t.equal((await app.inject('/shared')).body, 'ctx:id=7,name=Ada')
})

t.test('response schemas serialize JSON content types only: an object sent as text/csv needs reply.serializer (as in Fastify)', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.get('/csv', {
    serializerCompiler: ({ schema }: SerializerCompilerInput) => {
      const keys = Object.keys(schema.items.properties)
      return (rows: Array<Record<string, unknown>>) => rows.map((row) => keys.map((key) => row[key]).join(',')).join('\n')
    },
    schema: { response: { 200: { type: 'array', items: user } } }
  }, async (_request, reply) => {
    reply.type('text/csv')
    return [{ id: 1, name: 'a' }, { id: 2, name: 'b' }]
  })
  const response = await app.inject('/csv')
  t.equal(response.statusCode, 500)
  t.equal(response.json().code, 'FST_ERR_REP_INVALID_PAYLOAD_TYPE')
})

t.test('a compiler that throws fails ready() naming the route; one that returns no function fails or skips the replies, as in Fastify 4.29', async (t) => {
  const throwing = enclave()
  throwing.get('/t', { serializerCompiler: () => { throw new Error('unsupported keyword') }, schema: { response: { 404: user } } }, async () => ({}))
  await t.rejects(throwing.ready(), {
    code: 'FST_ERR_SCH_SERIALIZATION_BUILD',
    message: 'Failed building the serialization schema for GET: /t, due to error unsupported keyword'
  })

  const notAFunction = enclave()
  notAFunction.setSerializerCompiler((() => 'nope') as any)
  notAFunction.get('/n', { schema: { response: { 200: { content: { 'application/json': { schema: user } } } } } }, async () => ({}))
  const failed = await notAFunction.inject('/n')
  t.equal(failed.statusCode, 500)
  t.equal(failed.json().message, 'fnSerialize is not a function')

  const nothing = enclave()
  nothing.setSerializerCompiler((() => undefined) as any)
  nothing.get('/u', { schema: { response: { 200: user } } }, async () => ({ name: 'a', extra: true }))
  t.equal((await nothing.inject('/u')).body, '{"name":"a","extra":true}', 'no serializer: the payload as JSON.stringify writes it')

  t.throws(() => enclave().setSerializerCompiler('x' as any), { code: 'FST_ERR_INIT_OPTS_INVALID' })
})

t.test('a custom compiler is not called for routes without a response schema', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  const calls: SerializerCompilerInput[] = []
  app.setSerializerCompiler(taggedCompiler('ctx', calls))
  app.get('/plain', async () => record())
  t.equal((await app.inject('/plain')).body, JSON.stringify(record()))
  t.equal(calls.length, 0)
})

t.test('reply.serializer(fn) serializes one reply, before any schema', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.get('/schema', { schema: { response: { 200: user } } }, async (request, reply) => {
    if ((request.query as { custom?: string }).custom !== undefined) {
      reply.type('application/x-kv').serializer((data: Record<string, unknown>) => Object.entries(data).map(([k, v]) => `${k}=${String(v)}`).join('&'))
    }
    return record()
  })
  const custom = await app.inject('/schema?custom')
  t.equal(custom.body, 'id=7&name=Ada&secret=s', 'the custom serializer sees the whole payload: the schema does not run')
  t.equal(custom.headers['content-type'], 'application/x-kv')
  t.equal((await app.inject('/schema')).body, '{"id":7,"name":"Ada"}', 'the next reply is back to the schema')
})

t.test('setReplySerializer: wins over the response schema, as in Fastify; not used for the default error payload', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  const seen: Array<[unknown, number]> = []
  app.register(async function wrapped (scope) {
    scope.setReplySerializer(function wrapInData (payload, statusCode) {
      seen.push([payload, statusCode])
      return JSON.stringify({ data: payload })
    })
    scope.get('/plain', async (_request, reply) => reply.code(202).send({ a: 1 }))
    scope.get('/schema', { schema: { response: { 200: user } } }, async () => record())
    scope.get('/other-status', { schema: { response: { 200: user } } }, async (_request, reply) => reply.code(201).send(record()))
    scope.get('/string', async () => 'already text')
    scope.get('/error', async () => { throw Object.assign(new Error('nope'), { statusCode: 409 }) })
  })
  app.get('/outside', async () => ({ a: 1 }))

  const plain = await app.inject('/plain')
  t.equal(plain.body, '{"data":{"a":1}}')
  t.equal(plain.headers['content-type'], 'application/json; charset=utf-8')
  t.strictSame(seen, [[{ a: 1 }, 202]], 'called with the payload and the status code')
  t.equal((await app.inject('/schema')).body, JSON.stringify({ data: record() }), 'the reply serializer wins over the response schema')
  t.equal((await app.inject('/other-status')).body, JSON.stringify({ data: record() }), 'and over a status without a schema')
  t.equal((await app.inject('/string')).body, 'already text', 'strings are not serialized')
  t.strictSame((await app.inject('/error')).json(), { statusCode: 409, error: 'Conflict', message: 'nope' }, 'the default error payload is not passed to it')
  t.equal((await app.inject('/outside')).body, '{"a":1}', 'encapsulated')
  t.throws(() => enclave().setReplySerializer(42 as any), { code: 'FST_ERR_INIT_OPTS_INVALID' })
  t.throws(() => app.setReplySerializer(() => ''), { code: 'FST_ERR_INSTANCE_ALREADY_LISTENING' }, 'not after ready(), as in Fastify 4.29')
})
