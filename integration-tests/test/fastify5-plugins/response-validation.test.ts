// @fastify/response-validation 3 (the Fastify 5 major) on fastify@5.12.8 and on @enclave/fastify: an
// answer that does not match its status code's schema becomes a 500 that names the mismatch; a valid
// one goes out as sent.
import t from 'tap'
import responseValidation from '@fastify5/response-validation'
import { onFastify5 } from '../helpers/fastify5.js'

const schema = { response: { 200: { type: 'object', required: ['answer'], properties: { answer: { type: 'number' } } } } }

onFastify5(t, async (fastify) => {
  const app = fastify()
  await app.register(responseValidation)
  app.get('/good', { schema }, async () => ({ answer: 42 }))
  app.get('/bad', { schema }, async () => ({ answer: 'forty-two' }))
  return app
}, async (t, app) => {
  t.test('a valid answer goes out', async (t) => {
    t.same((await app.inject('/good')).json(), { answer: 42 })
  })

  t.test('an invalid answer is a 500 naming the mismatch', async (t) => {
    const res = await app.inject('/bad')
    t.equal(res.statusCode, 500)
    t.equal(res.json().message, 'response/answer must be number')
  })
})
