// @fastify/rate-limit 9 (the Fastify 4 major), unmodified, on Enclave: the global limit with its
// headers and the 429 after N requests, per-route config (through onRoute), the rateLimit()
// decorator as a hook, keys, allow lists, and a custom error response.
import t from 'tap'
import enclave from '@enclave/core'
import type { EnclaveInstance } from '@enclave/core'
import rateLimit from '@fastify/rate-limit'

type RateLimitHook = (request: unknown, reply: unknown) => Promise<void>

function limiterOf (app: EnclaveInstance): (options?: Record<string, unknown>) => RateLimitHook {
  return (app as unknown as { rateLimit: (options?: Record<string, unknown>) => RateLimitHook }).rateLimit
}

async function statuses (app: EnclaveInstance, url: string, count: number, headers: Record<string, string> = {}): Promise<number[]> {
  const seen: number[] = []
  for (let i = 0; i < count; i++) seen.push((await app.inject({ url, headers })).statusCode)
  return seen
}

t.test('the global limit answers 429 after max requests, with the rate-limit headers', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(rateLimit, { max: 3, timeWindow: '1 minute' })
  let handlerRuns = 0
  app.get('/', async function home () {
    handlerRuns++
    return { ok: true }
  })

  const remaining: unknown[] = []
  for (let i = 0; i < 3; i++) {
    const response = await app.inject('/')
    t.equal(response.statusCode, 200)
    t.equal(response.headers['x-ratelimit-limit'], '3')
    t.equal(response.headers['x-ratelimit-reset'], '60')
    t.notOk('retry-after' in response.headers)
    remaining.push(response.headers['x-ratelimit-remaining'])
  }
  t.same(remaining, ['2', '1', '0'])

  const limited = await app.inject('/')
  t.equal(limited.statusCode, 429)
  t.same(limited.json(), { statusCode: 429, error: 'Too Many Requests', message: 'Rate limit exceeded, retry in 1 minute' })
  t.equal(limited.headers['x-ratelimit-limit'], '3')
  t.equal(limited.headers['x-ratelimit-remaining'], '0')
  t.equal(limited.headers['retry-after'], '60')
  t.equal(handlerRuns, 3, 'the limited request never reaches the handler')
})

t.test('routes override the limit in config.rateLimit or opt out with false', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(rateLimit, { max: 2, timeWindow: 60_000 })
  app.get('/default', async function byDefault () { return 'default' })
  app.get('/generous', { config: { rateLimit: { max: 4 } } }, async function generous () { return 'generous' })
  app.get('/unlimited', { config: { rateLimit: false } }, async function unlimited () { return 'unlimited' })

  t.same(await statuses(app, '/default', 3), [200, 200, 429])
  t.same(await statuses(app, '/generous', 5), [200, 200, 200, 200, 429], 'a route limit is counted on its own')
  t.same(await statuses(app, '/unlimited', 5), [200, 200, 200, 200, 200])
  t.notOk('x-ratelimit-limit' in (await app.inject('/unlimited')).headers)
})

t.test('clients are counted apart by the key generator; an allow list is never limited', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(rateLimit, {
    max: 1,
    timeWindow: 60_000,
    keyGenerator: function byApiKey (request: { headers: Record<string, unknown> }) { return String(request.headers['x-api-key'] ?? 'anonymous') },
    allowList: ['internal']
  })
  app.get('/', async function home () { return 'home' })

  t.same(await statuses(app, '/', 2, { 'x-api-key': 'alice' }), [200, 429])
  t.same(await statuses(app, '/', 2, { 'x-api-key': 'bob' }), [200, 429], 'bob has his own counter')
  t.same(await statuses(app, '/', 3, { 'x-api-key': 'internal' }), [200, 200, 200])
})

t.test('with global: false only routes using the rateLimit() hook are limited', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(rateLimit, { global: false, max: 1, timeWindow: 30_000 })
  app.get('/open', async function open () { return 'open' })
  app.get('/guarded', { onRequest: limiterOf(app)() }, async function guarded () { return 'guarded' })
  app.get('/custom', { preHandler: limiterOf(app)({ max: 2, timeWindow: 45_000 }) }, async function custom () { return 'custom' })

  t.same(await statuses(app, '/open', 3), [200, 200, 200])
  t.same(await statuses(app, '/guarded', 2), [200, 429])
  t.equal((await app.inject('/guarded')).json().message, 'Rate limit exceeded, retry in 30 seconds')
  t.same(await statuses(app, '/custom', 3), [200, 200, 429])
})

t.test('the not-found handler can be limited through its preHandler option', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(rateLimit, { max: 1, timeWindow: 60_000 })
  app.setNotFoundHandler({ preHandler: limiterOf(app)() }, function notFound (_request, reply) {
    reply.code(404).send({ missing: true })
  })

  const first = await app.inject('/nowhere')
  t.equal(first.statusCode, 404)
  t.same(first.json(), { missing: true })
  t.equal((await app.inject('/elsewhere')).statusCode, 429, 'probing for routes is limited too')
})

t.test('errorResponseBuilder shapes the 429 and onExceeded is told', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  const exceeded: string[] = []
  await app.register(rateLimit, {
    max: 1,
    timeWindow: 60_000,
    keyGenerator: function fixedKey () { return 'client' },
    onExceeded: function record (_request: unknown, key: string) { exceeded.push(key) },
    errorResponseBuilder: function build (_request: unknown, context: { max: number, after: string, statusCode: number }) {
      return { statusCode: context.statusCode, code: 'SLOW_DOWN', error: 'Too Many Requests', message: `only ${context.max} per ${context.after}` }
    }
  })
  app.get('/', async function home () { return 'home' })

  await app.inject('/')
  const limited = await app.inject('/')
  t.equal(limited.statusCode, 429)
  t.same(limited.json(), { statusCode: 429, code: 'SLOW_DOWN', error: 'Too Many Requests', message: 'only 1 per 1 minute' })
  t.same(exceeded, ['client'])
})

t.test('a rate limit registered in a child context leaves sibling routes alone', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.register(async function api (instance) {
    await instance.register(rateLimit, { max: 1, timeWindow: 60_000 })
    instance.get('/limited', async function limited () { return 'limited' })
  }, { prefix: '/api' })
  app.get('/free', async function free () { return 'free' })

  t.same(await statuses(app, '/api/limited', 2), [200, 429])
  t.same(await statuses(app, '/free', 3), [200, 200, 200])
})
