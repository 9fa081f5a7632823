// The spec's "Errors" table and rules 1–4, against a server on 127.0.0.1.
import t from 'tap'
import enclave from '@enclave/core'
import type { EnclaveInstance, HttpPart, ValidationIssue } from '@enclave/core'
import { start } from './helpers/listen.js'

/** One route whose four parts each require a property: a request can fail any one of them. */
function addPartsRoute (app: EnclaveInstance, path: string, options: Record<string, unknown> = {}): void {
  app.post(`${path}/:id`, {
    ...options,
    schema: {
      params: { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } },
      body: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
      querystring: { type: 'object', required: ['q'], properties: { q: { type: 'string' } } },
      headers: { type: 'object', required: ['x-key'], properties: { 'x-key': { type: 'string' } } }
    }
  }, async () => ({ ok: true }))
}

const valid = { path: '/1?q=x', headers: { 'x-key': 'k' }, body: { name: 'n' } }
/** A request that fails only the given part, with the message the default formatter gives it. */
const failing: Array<[HttpPart, string, Record<string, string>, unknown, string]> = [
  ['params', '/x?q=x', { 'x-key': 'k' }, { name: 'n' }, 'params/id should be integer'],
  ['body', '/1?q=x', { 'x-key': 'k' }, {}, "body should have required property 'name'"],
  ['querystring', '/1', { 'x-key': 'k' }, { name: 'n' }, "querystring should have required property 'q'"],
  ['headers', '/1?q=x', {}, { name: 'n' }, "headers should have required property 'x-key'"]
]

t.test('errors table, row 1: a part failing its schema without attachValidation answers 400 {statusCode, error, message}', async (t) => {
  const app = enclave()
  addPartsRoute(app, '/parts')
  // A params schema requiring a property the path cannot hold: the message names the property.
  app.get('/:id', { schema: { params: { type: 'object', required: ['slug'] } } }, async () => 'unreachable')
  const client = await start(t, app)

  t.equal((await client.request('/parts' + valid.path, { headers: valid.headers, body: valid.body })).status, 200)
  for (const [part, path, headers, body, message] of failing) {
    const response = await client.request('/parts' + path, { headers, body })
    t.equal(response.status, 400, `${part}: 400`)
    t.equal(response.text, JSON.stringify({ statusCode: 400, error: 'Bad Request', message }), `${part}: exactly the payload`)
    t.equal(response.headers.get('content-type'), 'application/json; charset=utf-8')
  }
  const params = await client.request('/7')
  t.equal(params.text, '{"statusCode":400,"error":"Bad Request","message":"params should have required property \'slug\'"}',
    "'<part> should have required property <name>' for params too")

  const all = await client.request('/parts/x', { body: {} })
  t.equal(all.json.message, 'params/id should be integer', 'with every part failing, params answer first')
  const bodyAndLater = await client.request('/parts/1', { body: {} })
  t.equal(bodyAndLater.json.message, "body should have required property 'name'", 'then the body')
  const queryAndHeaders = await client.request('/parts/1', { body: { name: 'n' } })
  t.equal(queryAndHeaders.json.message, "querystring should have required property 'q'", 'then the querystring, then headers')
})

t.test('errors table, row 2: with a custom error handler the status and payload are the handler\'s', async (t) => {
  const app = enclave()
  app.setErrorHandler(function teapot (error: any, request, reply) {
    return reply.code(418).header('x-handled', 'yes').send({ failed: error.validationContext })
  })
  addPartsRoute(app, '/parts')
  const client = await start(t, app)
  for (const [part, path, headers, body] of failing) {
    const response = await client.request('/parts' + path, { headers, body })
    t.equal(response.status, 418, `${part}: the handler's status`)
    t.strictSame(response.json, { failed: part }, `${part}: the handler's payload`)
    t.equal(response.headers.get('x-handled'), 'yes')
  }
})

t.test('errors rule 1 and 2: every validation error carries statusCode 400, validation and validationContext', async (t) => {
  const app = enclave()
  app.setErrorHandler(function echoStatus (error: any, request, reply) {
    return reply.code(error.statusCode).send({
      statusCode: error.statusCode,
      code: error.code,
      validationContext: error.validationContext,
      validationIsArray: Array.isArray(error.validation),
      keywords: Array.isArray(error.validation) ? error.validation.map((issue: ValidationIssue) => issue.keyword) : null
    })
  })
  addPartsRoute(app, '/parts')
  const client = await start(t, app)
  const keyword: Record<HttpPart, string> = { params: 'type', body: 'required', querystring: 'required', headers: 'required' }
  for (const [part, path, headers, body] of failing) {
    const response = await client.request('/parts' + path, { headers, body })
    t.equal(response.status, 400, `${part}: sending error.statusCode back answers 400`)
    t.strictSame(response.json, { statusCode: 400, code: 'FST_ERR_VALIDATION', validationContext: part, validationIsArray: true, keywords: [keyword[part]] }, part)
  }
})

t.test('errors rule 3: the message comes from the schema error formatter, given the errors and the part name, returning an Error', async (t) => {
  const calls: Array<{ dataVar: string, keywords: string[], isInstance: boolean }> = []
  const app = enclave({
    schemaErrorFormatter: function countErrors (this: unknown, errors, dataVar) {
      calls.push({ dataVar, keywords: errors.map((issue) => issue.keyword), isInstance: (this as EnclaveInstance).hasDecorator('marker') })
      return new Error(`${dataVar}: ${errors.length} error(s): ${errors.map((issue) => issue.keyword).join(',')}`)
    }
  })
  app.decorate('marker', true)
  addPartsRoute(app, '/factory')
  app.register(async function ownFormatter (child) {
    child.setSchemaErrorFormatter(function shout (errors, dataVar) {
      return new Error(`${dataVar.toUpperCase()} IS INVALID`)
    })
    addPartsRoute(child, '/context')
  })
  addPartsRoute(app, '/route', { schemaErrorFormatter: (errors: ValidationIssue[], dataVar: string) => new Error(`route formatter for ${dataVar}`) })
  const client = await start(t, app)

  for (const [part, path, headers, body] of failing) {
    const keyword = part === 'params' ? 'type' : 'required'
    const factory = await client.request('/factory' + path, { headers, body })
    t.equal(factory.status, 400)
    t.equal(factory.text, JSON.stringify({ statusCode: 400, error: 'Bad Request', message: `${part}: 1 error(s): ${keyword}` }), `${part}: the factory option's formatter`)
    t.equal((await client.request('/context' + path, { headers, body })).json.message, `${part.toUpperCase()} IS INVALID`, `${part}: setSchemaErrorFormatter, encapsulated`)
    t.equal((await client.request('/route' + path, { headers, body })).json.message, `route formatter for ${part}`, `${part}: the route's formatter`)
  }
  t.strictSame(calls, failing.map(([part]) => ({ dataVar: part, keywords: [part === 'params' ? 'type' : 'required'], isInstance: true })),
    'called once per failed request with the errors array and the part name (params, body, querystring, headers), with the server instance as this')
})

t.test('errors rule 4 (other conditions are not shown by the spec; design §5): {statusCode, code, error, message}, never a stack', async (t) => {
  const app = enclave()
  app.post('/echo', async (request) => request.body)
  app.get('/boom', async () => { throw new Error('lookup failed') })
  const client = await start(t, app)

  const cases: Array<[string, Promise<{ status: number, json: any, text: string }>, number, string]> = [
    ['malformed JSON', client.request('/echo', { body: '{"a":' }), 400, 'FST_ERR_CTP_INVALID_JSON_BODY'],
    ['empty JSON body', client.request('/echo', { method: 'POST', headers: { 'content-type': 'application/json' } }), 400, 'FST_ERR_CTP_EMPTY_JSON_BODY'],
    ['unsupported media type', client.request('/echo', { body: '<a/>', headers: { 'content-type': 'application/xml' } }), 415, 'FST_ERR_CTP_INVALID_MEDIA_TYPE'],
    ['a type that only contains application/json', client.request('/echo', { body: '{}', headers: { 'content-type': 'application/jsonx' } }), 415, 'FST_ERR_CTP_INVALID_MEDIA_TYPE'],
    ['body too large', client.request('/echo', { body: JSON.stringify({ a: 'x'.repeat(1024 * 1024) }) }), 413, 'FST_ERR_CTP_BODY_TOO_LARGE']
  ]
  for (const [name, pending, status, code] of cases) {
    const response = await pending
    t.equal(response.status, status, `${name}: ${status}`)
    t.strictSame(Object.keys(response.json), ['statusCode', 'code', 'error', 'message'], `${name}: the envelope`)
    t.equal(response.json.code, code, `${name}: ${code}`)
  }
  const unknown = await client.request('/nope')
  t.equal(unknown.status, 404)
  t.equal(unknown.text, '{"message":"Route GET:/nope not found","error":"Not Found","statusCode":404}', 'unknown route: Fastify\'s 404 payload exactly (design §5)')
  const malformed = await client.request('/echo', { body: '{"a":' })
  t.notMatch(malformed.json.message, /JSON at position|Unexpected end/, 'no parser internals in the message')

  const boom = await client.request('/boom')
  t.equal(boom.status, 500)
  t.strictSame(boom.json, { statusCode: 500, error: 'Internal Server Error', message: 'lookup failed' }, 'a thrown error answers 500 as in Fastify')
  t.notMatch(boom.text, /stack|at .*\.(js|ts):\d+/, 'without a stack')
})
