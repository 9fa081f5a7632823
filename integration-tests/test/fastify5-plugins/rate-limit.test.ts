// @fastify/rate-limit 11 (the Fastify 5 major) on fastify@5.12.8 and on @enclave/fastify: the 429
// and its headers, per-route config, opting out, `global: false` with `app.rateLimit()`, key
// generators, allow lists, the not-found handler and a custom error response.
import t from 'tap'
import rateLimit from '@fastify5/rate-limit'
import { onFastify5 } from '../helpers/fastify5.js'

onFastify5(t, async (fastify) => {
  const app = fastify()
  await app.register(async (limited: any) => {
    await limited.register(rateLimit, { max: 2, timeWindow: 60_000, allowList: ['10.0.0.1'] })
    limited.get('/', async () => 'ok')
    limited.get('/strict', { config: { rateLimit: { max: 1, timeWindow: 60_000 } } }, async () => 'strict')
    limited.get('/free', { config: { rateLimit: false } }, async () => 'free')
  }, { prefix: '/limited' })
  await app.register(async (manual: any) => {
    await manual.register(rateLimit, {
      global: false,
      keyGenerator: (request: any) => request.headers['x-user'] ?? 'anonymous',
      errorResponseBuilder: (_request: any, context: any) => ({ statusCode: 429, code: 'SLOW_DOWN', message: `limit ${String(context.max)}`, after: context.after })
    })
    manual.get('/', { onRequest: manual.rateLimit({ max: 1, timeWindow: 60_000 }) }, async () => 'manual')
    manual.get('/unlimited', async () => 'unlimited')
  }, { prefix: '/manual' })
  await app.register(async (notFound: any) => {
    await notFound.register(rateLimit, { max: 1, timeWindow: 60_000 })
    notFound.setNotFoundHandler({ preHandler: notFound.rateLimit() }, (_request: any, reply: any) => { reply.code(404).send('none here') })
  }, { prefix: '/nf' })
  return app
}, async (t, app) => {
  t.test('the third request in the window answers 429 with the rate-limit headers', async (t) => {
    const first = await app.inject('/limited/')
    t.equal(first.headers['x-ratelimit-limit'], '2')
    t.equal(first.headers['x-ratelimit-remaining'], '1')
    t.equal(first.headers['x-ratelimit-reset'], '60')
    await app.inject('/limited/')
    const third = await app.inject('/limited/')
    t.equal(third.statusCode, 429)
    t.equal(third.headers['retry-after'], '60')
    t.equal(third.headers['x-ratelimit-remaining'], '0')
    t.same(third.json(), { statusCode: 429, error: 'Too Many Requests', message: 'Rate limit exceeded, retry in 1 minute' })
  })

  t.test('an allow-listed address is never limited', async (t) => {
    for (let i = 0; i < 3; i++) {
      const res = await app.inject({ url: '/limited/', remoteAddress: '10.0.0.1' })
      t.equal(res.statusCode, 200)
      t.notOk('x-ratelimit-limit' in res.headers)
    }
  })

  t.test('a route\'s own config.rateLimit applies, and rateLimit: false opts out', async (t) => {
    t.equal((await app.inject('/limited/strict')).statusCode, 200)
    t.equal((await app.inject('/limited/strict')).statusCode, 429)
    for (let i = 0; i < 3; i++) t.equal((await app.inject('/limited/free')).body, 'free')
  })

  t.test('global: false limits only where app.rateLimit() runs, per generated key, with a custom body', async (t) => {
    t.equal((await app.inject({ url: '/manual/', headers: { 'x-user': 'a' } })).statusCode, 200)
    const limited = await app.inject({ url: '/manual/', headers: { 'x-user': 'a' } })
    t.equal(limited.statusCode, 429)
    t.same(limited.json(), { statusCode: 429, code: 'SLOW_DOWN', message: 'limit 1', after: '1 minute' })
    t.equal((await app.inject({ url: '/manual/', headers: { 'x-user': 'b' } })).statusCode, 200)
    for (let i = 0; i < 3; i++) t.equal((await app.inject('/manual/unlimited')).statusCode, 200)
  })

  t.test('the not-found handler is limited through its preHandler', async (t) => {
    const first = await app.inject('/nf/x')
    t.equal(first.statusCode, 404)
    t.equal(first.body, 'none here')
    t.equal((await app.inject('/nf/y')).statusCode, 429)
  })
})
