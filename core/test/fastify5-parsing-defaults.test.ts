import { test } from 'tap'
import { fastify5Faces, enclaveFaces } from './fixtures/faces.js'

// What Fastify 5.12 answers for malformed JSON, look-alike content types and a validator that
// throws; the v5 face must answer the same, the v4 face and enclave() keep their own rows of
// docs/migrating-from-fastify.md ("What differs").

const invalidJson = { statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY', error: 'Bad Request', message: "Body is not valid JSON but content-type is set to 'application/json'" }

function buildApp (factory: (o?: any) => any): any {
  const app = factory()
  app.addContentTypeParser('text/html', { parseAs: 'string' }, (_r: unknown, body: string, done: (e: Error | null, v?: unknown) => void) => done(null, { html: body }))
  app.post('/echo', async (request: any) => ({ body: request.body }))
  app.post('/throws', { schema: { body: { type: 'object' } }, validatorCompiler: () => () => { throw new Error('rule store unreachable') } }, async () => 'never')
  app.post('/throws-coded', { schema: { body: { type: 'object' } }, validatorCompiler: () => () => { throw Object.assign(new Error('teapot'), { code: 'MY_RULE', statusCode: 418 }) } }, async () => 'never')
  return app
}

for (const [name, factory] of fastify5Faces) {
  test(`${name}: malformed and poisoned JSON answer FST_ERR_CTP_INVALID_JSON_BODY, not the parser's text`, async (t) => {
    const app = buildApp(factory)
    for (const payload of ['{"a":', '{"__proto__":{"polluted":1}}', '{"constructor":{"prototype":{"x":1}}}']) {
      const response = await app.inject({ method: 'POST', url: '/echo', headers: { 'content-type': 'application/json' }, payload })
      t.equal(response.statusCode, 400, payload)
      t.same(response.json(), invalidJson, payload)
    }
    await app.close()
  })

  test(`${name}: a content type is matched exactly: look-alikes are 415, parameters and case are not`, async (t) => {
    const app = buildApp(factory)
    for (const type of ['application/jsonx', 'xapplication/json', 'application/json-patch', 'text/htmlx']) {
      const response = await app.inject({ method: 'POST', url: '/echo', headers: { 'content-type': type }, payload: '{"a":1}' })
      t.equal(response.statusCode, 415, type)
      t.equal(response.json().code, 'FST_ERR_CTP_INVALID_MEDIA_TYPE', type)
    }
    for (const [type, body] of [['Application/JSON', { a: 1 }], ['application/json;charset=utf-8', { a: 1 }], ['text/html; charset=utf-8', { html: '{"a":1}' }], ['TEXT/HTML', { html: '{"a":1}' }]] as const) {
      const response = await app.inject({ method: 'POST', url: '/echo', headers: { 'content-type': type }, payload: '{"a":1}' })
      t.equal(response.statusCode, 200, type)
      t.same(response.json(), { body }, type)
    }
    await app.close()
  })

  test(`${name}: a validator that throws is a 500 marked as the validation's (its own code or FST_ERR_VALIDATION, validationContext)`, async (t) => {
    const app = buildApp(factory)
    const seen: any[] = []
    app.setErrorHandler((error: any, _request: any, reply: any) => {
      seen.push({ message: error.message, code: error.code, statusCode: error.statusCode, validationContext: error.validationContext })
      reply.send(error)
    })
    const plain = await app.inject({ method: 'POST', url: '/throws', payload: {} })
    t.equal(plain.statusCode, 500)
    t.same(plain.json(), { statusCode: 500, code: 'FST_ERR_VALIDATION', error: 'Internal Server Error', message: 'rule store unreachable' })
    const coded = await app.inject({ method: 'POST', url: '/throws-coded', payload: {} })
    t.equal(coded.statusCode, 500)
    t.same(coded.json(), { statusCode: 500, code: 'MY_RULE', error: 'Internal Server Error', message: 'teapot' })
    t.same(seen, [
      { message: 'rule store unreachable', code: 'FST_ERR_VALIDATION', statusCode: 500, validationContext: 'body' },
      { message: 'teapot', code: 'MY_RULE', statusCode: 500, validationContext: 'body' }
    ])
    await app.close()
  })
}

test('the Fastify v4 face keeps Fastify 4.29\'s answers: the parser\'s text, loose matching, a thrown validator error as it is', async (t) => {
  const app = buildApp(enclaveFaces[1]![1])
  const malformed = await app.inject({ method: 'POST', url: '/echo', headers: { 'content-type': 'application/json' }, payload: '{"a":' })
  t.same(malformed.json(), { statusCode: 400, error: 'Bad Request', message: 'Unexpected end of JSON input' })
  const lookAlike = await app.inject({ method: 'POST', url: '/echo', headers: { 'content-type': 'application/jsonx' }, payload: '{"a":1}' })
  t.same(lookAlike.json(), { body: { a: 1 } })
  const thrown = await app.inject({ method: 'POST', url: '/throws', payload: {} })
  t.same(thrown.json(), { statusCode: 500, error: 'Internal Server Error', message: 'rule store unreachable' })
  await app.close()
})
