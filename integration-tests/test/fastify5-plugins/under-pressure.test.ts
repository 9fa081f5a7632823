// @fastify/under-pressure 9 (the Fastify 5 major) on fastify@5.12.8 and on @enclave/fastify: the
// status route, `memoryUsage()`, `isUnderPressure()`, and the 503 once a limit is passed (a
// custom health check that reports unhealthy, so no load is needed).
import t from 'tap'
import underPressure from '@fastify5/under-pressure'
import { onFastify5 } from '../helpers/fastify5.js'

let healthy = true

onFastify5(t, async (fastify) => {
  healthy = true
  const app = fastify()
  await app.register(underPressure, {
    exposeStatusRoute: '/status',
    healthCheck: async () => healthy,
    healthCheckInterval: 60_000,
    retryAfter: 30
  })
  app.get('/', async () => 'ok')
  return app
}, async (t, app) => {
  t.test('the status route and the decorators report a healthy server', async (t) => {
    const status = await app.inject('/status')
    t.equal(status.statusCode, 200)
    t.same(status.json(), { status: 'ok' })
    const usage = app.memoryUsage()
    t.same(Object.keys(usage).sort(), ['eventLoopDelay', 'eventLoopUtilized', 'heapUsed', 'rssBytes'])
    t.equal(app.isUnderPressure(), false)
    t.equal((await app.inject('/')).body, 'ok')
  })

  t.test('a failing health check makes the status route answer 503', async (t) => {
    healthy = false
    const status = await app.inject('/status')
    t.equal(status.statusCode, 503)
    t.equal(status.headers['retry-after'], '30')
    t.same(status.json(), { code: 'FST_UNDER_PRESSURE', error: 'Service Unavailable', message: 'Service Unavailable', statusCode: 503 })
    healthy = true
  })
})
