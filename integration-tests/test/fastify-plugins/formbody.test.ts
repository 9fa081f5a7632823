// @fastify/formbody 7 (the Fastify 4 major), unmodified, on Enclave: URL-encoded bodies parsed by
// the plugin's content-type parser, then validated and coerced by the route's body schema.
import t from 'tap'
import enclave from '@enclave/core'
import formbody from '@fastify/formbody'

const form = { 'content-type': 'application/x-www-form-urlencoded' }

const signupSchema = {
  body: {
    type: 'object',
    required: ['name', 'age'],
    properties: {
      name: { type: 'string', minLength: 2 },
      age: { type: 'integer', minimum: 0 },
      tags: { type: 'array', items: { type: 'string' } },
      newsletter: { type: 'boolean', default: false }
    }
  }
}

t.test('a form body is parsed, coerced by the schema and handed to the handler', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(formbody)
  app.post('/signup', { schema: signupSchema }, async function signup (request) {
    return request.body
  })

  const response = await app.inject({
    method: 'POST',
    url: '/signup',
    headers: form,
    payload: 'name=Ada%20Lovelace&age=36&tags=math&tags=engines'
  })
  t.equal(response.statusCode, 200)
  t.same(response.json(), { name: 'Ada Lovelace', age: 36, tags: ['math', 'engines'], newsletter: false })
})

t.test('a form body that fails the schema is a 400 naming the field', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(formbody)
  let handlerRuns = 0
  app.post('/signup', { schema: signupSchema }, async function signup () {
    handlerRuns++
    return 'ok'
  })

  const missing = await app.inject({ method: 'POST', url: '/signup', headers: form, payload: 'name=Ada' })
  t.equal(missing.statusCode, 400)
  t.same(missing.json(), { statusCode: 400, error: 'Bad Request', message: "body should have required property 'age'" })

  const wrongType = await app.inject({ method: 'POST', url: '/signup', headers: form, payload: 'name=Ada&age=old' })
  t.equal(wrongType.statusCode, 400)
  t.equal(wrongType.json().message, 'body/age should be integer')

  const tooShort = await app.inject({ method: 'POST', url: '/signup', headers: form, payload: 'name=A&age=3' })
  t.equal(tooShort.statusCode, 400)
  t.equal(tooShort.json().message, 'body/name should NOT have fewer than 2 characters')
  t.equal(handlerRuns, 0)
})

t.test('the content type decides: JSON still goes to the JSON parser, unknown types are 415', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(formbody)
  app.post('/echo', async function echo (request) { return { body: request.body } })

  const json = await app.inject({ method: 'POST', url: '/echo', payload: { a: 1 } })
  t.same(json.json(), { body: { a: 1 } })

  const withCharset = await app.inject({ method: 'POST', url: '/echo', headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' }, payload: 'a=1&b=' })
  t.same(withCharset.json(), { body: { a: '1', b: '' } })

  const unknown = await app.inject({ method: 'POST', url: '/echo', headers: { 'content-type': 'application/x-www-form-urlencodedx' }, payload: 'a=1' })
  t.equal(unknown.statusCode, 415)
  t.equal(unknown.json().code, 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
})

t.test('the parser is registered where the plugin is, and reported by hasContentTypeParser', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  let childSees = false
  app.register(async function forms (instance) {
    await instance.register(formbody)
    childSees = instance.hasContentTypeParser('application/x-www-form-urlencoded')
    instance.post('/inside', async function inside (request) { return request.body })
  })
  app.post('/outside', async function outside (request) { return request.body })
  await app.ready()

  t.equal(childSees, true)
  t.equal(app.hasContentTypeParser('application/x-www-form-urlencoded'), false, 'the parent context does not see it')
  t.same((await app.inject({ method: 'POST', url: '/inside', headers: form, payload: 'x=1' })).json(), { x: '1' })
  t.equal((await app.inject({ method: 'POST', url: '/outside', headers: form, payload: 'x=1' })).statusCode, 415)
})

t.test('the bodyLimit option bounds form bodies (413) and a custom parser can be given', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(formbody, {
    bodyLimit: 32,
    parser: function upperCaseKeys (text: string) {
      return Object.fromEntries(Array.from(new URLSearchParams(text), ([key, value]) => [key.toUpperCase(), value]))
    }
  })
  app.post('/', async function echo (request) { return request.body })

  t.same((await app.inject({ method: 'POST', url: '/', headers: form, payload: 'a=1&b=2' })).json(), { A: '1', B: '2' })
  const tooLarge = await app.inject({ method: 'POST', url: '/', headers: form, payload: 'a=' + 'x'.repeat(64) })
  t.equal(tooLarge.statusCode, 413)
  t.equal(tooLarge.json().code, 'FST_ERR_CTP_BODY_TOO_LARGE')
})
