import t from 'tap'
import enclave from '@enclave/core'
import type { EnclaveOptions } from '@enclave/core'

const account = {
  type: 'object',
  required: ['id'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    roles: { type: 'array', items: { type: 'object', properties: { role: { type: 'string' } } } }
  }
}
const sloppy = () => ({ id: 1.5, name: null, password: 'hunter2', roles: [{ role: 'admin', grantedBy: 'root' }] })
const clean = () => ({ id: 1, name: 'Ada', roles: [{ role: 'admin' }] })

const sloppyIssues = [
  { path: '/id', kind: 'coerced', message: '1.5 is not an integer: it is written as 1 (rounding "trunc")' },
  { path: '/name', kind: 'coerced', message: 'null is not allowed (type "string" is not nullable): it is written as ""' },
  { path: '/roles/0/grantedBy', kind: 'dropped', message: 'property "grantedBy" is not declared in the schema: it is left out' },
  { path: '/password', kind: 'dropped', message: 'property "password" is not declared in the schema: it is left out' }
]

function buildApp (t: any, options: EnclaveOptions) {
  const warnings: Array<Record<string, any>> = []
  const app = enclave({
    ...options,
    requestIdHeader: 'request-id',
    logger: { level: 'warn', stream: { write (line: string) { const entry = JSON.parse(line); if (entry.level === 40) warnings.push(entry) } } }
  })
  t.teardown(() => app.close())
  app.get('/sloppy', { schema: { response: { 200: account } } }, async () => sloppy())
  app.get('/clean', { schema: { response: { 200: account } } }, async () => clean())
  app.get('/missing', { schema: { response: { 200: account } } }, async () => ({ name: 'no id' }))
  app.get('/no-schema', async () => sloppy())
  return { app, warnings }
}

t.test("responseValidation: 'log' warns with every issue (path, kind, message) and sends the reply as usual", async (t) => {
  const { app, warnings } = buildApp(t, { responseValidation: 'log' })
  const response = await app.inject({ url: '/sloppy', headers: { 'request-id': 'r-1' } })
  t.equal(response.statusCode, 200)
  t.equal(response.body, '{"id":1,"name":"","roles":[{"role":"admin"}]}', 'the serializer output is unchanged')
  t.equal(warnings.length, 1)
  t.equal(warnings[0]!.reqId, 'r-1', 'logged with the request logger')
  t.strictSame(warnings[0]!.issues, sloppyIssues)
  t.match(warnings[0]!.msg, /^the 200 response of GET \/sloppy does not match its schema: \/id coerced: 1\.5 is not an integer/)

  t.equal((await app.inject('/clean')).statusCode, 200)
  t.equal((await app.inject('/no-schema')).statusCode, 200)
  t.equal(warnings.length, 1, 'matching payloads and routes without a response schema log nothing')

  const missing = await app.inject('/missing')
  t.equal(missing.statusCode, 500, 'what the serializer fails on still fails')
  t.equal(missing.json().message, '"id" is required!')
  t.strictSame(warnings[1]!.issues, [{ path: '/id', kind: 'missing-required', message: 'required property "id" is missing: the serializer throws \'"id" is required!\'' }])
})

t.test("responseValidation: 'throw' turns a reply with issues into 500 ENC_ERR_RESPONSE_VALIDATION listing them", async (t) => {
  const { app } = buildApp(t, { responseValidation: 'throw' })
  let seen: any
  app.register(async function observed (scope) {
    scope.setErrorHandler(async (error: any, _request, reply) => {
      seen = error
      return reply.code(500).send({ code: error.code })
    })
    scope.get('/observed', { schema: { response: { 200: account } } }, async () => sloppy())
  })

  const response = await app.inject('/sloppy')
  t.equal(response.statusCode, 500)
  const body = response.json()
  t.equal(body.code, 'ENC_ERR_RESPONSE_VALIDATION')
  t.equal(body.error, 'Internal Server Error')
  t.equal(body.message, 'Response validation failed: the 200 response of GET /sloppy does not match its schema: ' +
    sloppyIssues.map((issue) => `${issue.path} ${issue.kind}: ${issue.message}`).join('; '))

  t.equal((await app.inject('/clean')).body, '{"id":1,"name":"Ada","roles":[{"role":"admin"}]}', 'a matching payload goes out')
  t.equal((await app.inject('/no-schema')).statusCode, 200, 'no schema, nothing to check')
  t.equal((await app.inject('/missing')).json().code, 'ENC_ERR_RESPONSE_VALIDATION')

  await app.inject('/observed')
  t.equal(seen.statusCode, 500)
  t.strictSame(seen.issues, sloppyIssues, 'error handlers get the issues as data')
})

t.test('responseValidation checks every status key and reports a content-keyed schema missing the reply type', async (t) => {
  const { app, warnings } = buildApp(t, { responseValidation: 'log' })
  app.get('/error-body', { schema: { response: { '4xx': { type: 'object', properties: { message: { type: 'string' } } } } } }, async (_request, reply) => {
    return reply.code(409).send({ message: 'taken', debug: 'x' } as any)
  })
  app.get('/vendor', { schema: { response: { 200: { content: { 'application/json': { schema: account } } } } } }, async (_request, reply) => {
    reply.type('application/vnd.other+json')
    return sloppy()
  })
  app.get('/thrown', { schema: { response: { default: { type: 'object', properties: { fallback: { type: 'boolean' } } } } } }, async () => {
    throw new Error('boom')
  })

  t.equal((await app.inject('/error-body')).body, '{"message":"taken"}')
  t.strictSame(warnings.at(-1)!.issues, [{ path: '/debug', kind: 'dropped', message: 'property "debug" is not declared in the schema: it is left out' }])

  const vendor = await app.inject('/vendor')
  t.equal(vendor.statusCode, 200)
  t.strictSame(warnings.at(-1)!.issues, [{
    path: '',
    kind: 'no-schema-for-media-type',
    message: 'no response schema for the media type "application/vnd.other+json" (declared: application/json): the payload is sent without one, undeclared properties included'
  }])

  const count = warnings.length
  t.equal((await app.inject('/thrown')).statusCode, 500)
  t.equal(warnings.length, count, 'the default error payload is not a schema-serialized reply: nothing to report')
})

t.test('responseValidation leaves routes with a custom serializer compiler alone', async (t) => {
  const { app, warnings } = buildApp(t, { responseValidation: 'throw' })
  app.register(async function custom (scope) {
    scope.setSerializerCompiler(() => (data: unknown) => JSON.stringify(data))
    scope.get('/context', { schema: { response: { 200: account } } }, async () => sloppy())
  })
  app.get('/route', { serializerCompiler: () => (data: unknown) => JSON.stringify(data), schema: { response: { 200: account } } }, async () => sloppy())
  app.get('/per-reply', { schema: { response: { 200: account } } }, async (_request, reply) => reply.serializer(JSON.stringify).send(sloppy()))

  t.equal((await app.inject('/context')).statusCode, 200)
  t.equal((await app.inject('/route')).statusCode, 200)
  t.equal((await app.inject('/per-reply')).statusCode, 200, 'reply.serializer() bypasses the schema, and so the check')
  t.equal(warnings.length, 0)
})

t.test('responseValidation resolves $ref through the shared schemas of the route\'s context', async (t) => {
  const { app } = buildApp(t, { responseValidation: 'throw' })
  app.register(async function scoped (scope) {
    scope.addSchema({ $id: 'role', type: 'object', properties: { role: { type: 'string' } } })
    scope.get('/refs', { schema: { response: { 200: { type: 'array', items: { $ref: 'role#' } } } } }, async (request) => {
      return (request.query as { extra?: string }).extra === undefined ? [{ role: 'a' }] : [{ role: 'a' }, { role: 'b', extra: 1 }]
    })
  })
  t.equal((await app.inject('/refs')).statusCode, 200)
  const extra = await app.inject('/refs?extra')
  t.equal(extra.statusCode, 500)
  t.match(extra.json().message, '/1/extra dropped')
})

t.test('responseValidation follows serializerOpts.rounding in its messages', async (t) => {
  const { app, warnings } = buildApp(t, { responseValidation: 'log', serializerOpts: { rounding: 'ceil' } })
  t.equal((await app.inject('/sloppy')).body, '{"id":2,"name":"","roles":[{"role":"admin"}]}')
  t.equal(warnings[0]!.issues[0].message, '1.5 is not an integer: it is written as 2 (rounding "ceil")')
})

t.test('a long list of issues is summarised in the message and capped', async (t) => {
  const { app, warnings } = buildApp(t, { responseValidation: 'log' })
  app.get('/many', { schema: { response: { 200: { type: 'array', items: { type: 'object', properties: { id: { type: 'integer' } } } } } } }, async () => {
    return Array.from({ length: 150 }, (_, i) => ({ id: i, leaked: i }))
  })
  t.equal((await app.inject('/many')).statusCode, 200)
  t.equal(warnings[0]!.issues.length, 100, 'at most 100 issues are kept')
  t.match(warnings[0]!.msg, /; and 90 more$/, 'the message names 10')
})

t.test('responseValidation is off by default and checks the option value', async (t) => {
  const { app, warnings } = buildApp(t, {})
  t.equal((await app.inject('/sloppy')).statusCode, 200)
  t.equal(warnings.length, 0)
  t.throws(() => enclave({ responseValidation: 'strict' as any }), { code: 'FST_ERR_INIT_OPTS_INVALID' })
  t.throws(() => enclave({ responseValidation: true as any }), { code: 'FST_ERR_INIT_OPTS_INVALID' })
})
