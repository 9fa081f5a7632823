// @fastify/formbody 9 (the Fastify 5 major) on fastify@5.12.8 and on @enclave/fastify: URL-encoded
// bodies parsed and validated, the body limit, a custom parser, and the parser's encapsulation.
import t from 'tap'
import formbody from '@fastify5/formbody'
import { onFastify5 } from '../helpers/fastify5.js'

const form = { 'content-type': 'application/x-www-form-urlencoded' }

onFastify5(t, async (fastify) => {
  const app = fastify()
  await app.register(async (forms: any) => {
    await forms.register(formbody, { bodyLimit: 64 })
    forms.post('/', {
      schema: {
        body: {
          type: 'object',
          required: ['name', 'age'],
          properties: { name: { type: 'string' }, age: { type: 'integer' }, tags: { type: 'array', items: { type: 'string' } } }
        }
      }
    }, async (request: any) => request.body)
  }, { prefix: '/forms' })
  await app.register(async (custom: any) => {
    await custom.register(formbody, { parser: (text: string) => ({ raw: text }) })
    custom.post('/', async (request: any) => request.body)
  }, { prefix: '/custom' })
  app.post('/outside', async (request: any) => ({ body: request.body ?? null }))
  return app
}, async (t, app) => {
  t.test('a form body is parsed, coerced by the schema and answered', async (t) => {
    const res = await app.inject({ method: 'POST', url: '/forms/', headers: form, payload: 'name=Ada&age=36&tags=a&tags=b' })
    t.equal(res.statusCode, 200)
    t.same(res.json(), { name: 'Ada', age: 36, tags: ['a', 'b'] })
  })

  t.test('a form missing a required field answers the validation 400', async (t) => {
    const res = await app.inject({ method: 'POST', url: '/forms/', headers: form, payload: 'name=Ada' })
    t.equal(res.statusCode, 400)
    t.same(res.json(), { statusCode: 400, code: 'FST_ERR_VALIDATION', error: 'Bad Request', message: 'body must have required property \'age\'' })
  })

  t.test('a body over the plugin\'s bodyLimit answers 413', async (t) => {
    const res = await app.inject({ method: 'POST', url: '/forms/', headers: form, payload: 'name=' + 'x'.repeat(100) + '&age=1' })
    t.equal(res.statusCode, 413)
    t.equal(res.json().code, 'FST_ERR_CTP_BODY_TOO_LARGE')
  })

  t.test('a custom parser receives the raw text', async (t) => {
    const res = await app.inject({ method: 'POST', url: '/custom/', headers: form, payload: 'a=1&b=2' })
    t.same(res.json(), { raw: 'a=1&b=2' })
  })

  t.test('outside the registering context the type is unsupported', async (t) => {
    const res = await app.inject({ method: 'POST', url: '/outside', headers: form, payload: 'a=1' })
    t.equal(res.statusCode, 415)
    t.equal(res.json().code, 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
  })
})
