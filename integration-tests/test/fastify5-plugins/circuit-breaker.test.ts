// @fastify/circuit-breaker 4 (the Fastify 5 major) on fastify@5.12.8 and on @enclave/fastify: a route
// under fastify.circuitBreaker() answers its first error, then 503 with the plugin's code once the
// threshold is reached, without running the handler while the circuit is open.
import t from 'tap'
import circuitBreaker from '@fastify5/circuit-breaker'
import { onFastify5 } from '../helpers/fastify5.js'

onFastify5(t, async (fastify) => {
  const app = fastify()
  await app.register(circuitBreaker, { threshold: 2, timeout: 2000, resetTimeout: 2000 })
  let calls = 0
  app.get('/flaky', { preHandler: app.circuitBreaker() }, async () => { calls++; throw new Error('down') })
  app.get('/calls', async () => ({ calls }))
  return app
}, async (t, app) => {
  t.test('the first error passes, then the circuit opens', async (t) => {
    const first = await app.inject('/flaky')
    t.equal(first.statusCode, 500)
    t.equal(first.json().message, 'down')
    const answers = [await app.inject('/flaky'), await app.inject('/flaky'), await app.inject('/flaky')]
    const open = answers[2]
    t.equal(open.statusCode, 503)
    t.equal(open.json().code, 'FST_ERR_CIRCUIT_BREAKER_OPEN')
    t.ok((await app.inject('/calls')).json().calls <= 2)
  })
})
