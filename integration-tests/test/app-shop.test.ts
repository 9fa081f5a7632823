// A Fastify v4 shop in TypeScript (integration-tests/apps/shop: TypeBox, fastify-plugin,
// @fastify/helmet, @fastify/rate-limit) run unchanged on fastify@4.29.1 and on @enclave/fastify4.
import t from 'tap'
import { build } from '../apps/shop/app.js'
import { onBothFastifies } from './helpers/both-fastify.js'

onBothFastifies(t, async (t, implementation) => {
  const app = await build()
  t.teardown(() => app.close())
  const internal = { 'x-internal': '1' }

  t.test('a TypeBox route answers the product, extended by preSerialization and filtered by the response schema', async (t) => {
    const res = await app.inject({ url: '/products/tea-01', headers: internal })
    t.equal(res.statusCode, 200)
    t.equal(res.body, '{"sku":"tea-01","name":"Green tea","priceCents":450,"currency":"EUR"}')
    t.equal(res.headers['x-served-by'], 'shop')
  })

  t.test('@fastify/helmet sets its default headers', async (t) => {
    const res = await app.inject({ url: '/products/tea-01', headers: internal })
    t.equal(res.headers['x-frame-options'], 'SAMEORIGIN')
    t.equal(res.headers['x-content-type-options'], 'nosniff')
    t.equal(res.headers['strict-transport-security'], 'max-age=15552000; includeSubDomains')
    t.match(String(res.headers['content-security-policy']), /default-src 'self'/)
  })

  t.test('an unknown product answers the handler\'s own 404', async (t) => {
    const res = await app.inject({ url: '/products/nope', headers: internal })
    t.equal(res.statusCode, 404)
    t.equal(res.body, '{"ok":false,"code":"NO_PRODUCT","message":"no product nope","currency":"EUR"}')
  })

  t.test('the cart body gets its TypeBox defaults and the total is computed', async (t) => {
    const res = await app.inject({ method: 'POST', url: '/cart', headers: internal, payload: { lines: [{ sku: 'tea-01' }, { sku: 'cup-02', quantity: 2 }] } })
    t.equal(res.statusCode, 200)
    t.equal(res.body, '{"totalCents":2850,"items":3}')
  })

  t.test('an invalid cart reaches the error handler as a validation error', async (t) => {
    const res = await app.inject({ method: 'POST', url: '/cart', headers: internal, payload: { lines: [{ sku: 'tea-01', quantity: 11 }] } })
    t.equal(res.statusCode, 400)
    t.same(res.json(), { ok: false, code: 'FST_ERR_VALIDATION', message: 'body/lines/0/quantity must be <= 10' })
  })

  t.test('an error thrown by the handler keeps its statusCode and code', async (t) => {
    const res = await app.inject({ method: 'POST', url: '/cart', headers: internal, payload: { lines: [{ sku: 'zzz-99' }] } })
    t.equal(res.statusCode, 422)
    t.equal(res.body, '{"ok":false,"code":"UNKNOWN_SKU","message":"unknown sku zzz-99"}')
  })

  t.test('an unknown route is answered by the default not-found handler, not the error handler', async (t) => {
    const res = await app.inject({ url: '/nothing', headers: internal })
    t.equal(res.statusCode, 404)
    t.same(res.json(), { message: 'Route GET:/nothing not found', error: 'Not Found', statusCode: 404 })
  })

  t.test('@fastify/rate-limit answers 429 through the error handler after 3 requests', async (t) => {
    const statuses: number[] = []
    let last
    for (let i = 0; i < 4; i++) {
      last = await app.inject({ url: '/products/cup-02', remoteAddress: '10.0.0.9' })
      statuses.push(last.statusCode)
    }
    t.same(statuses, [200, 200, 200, 429])
    t.equal(last!.headers['x-ratelimit-limit'], '3')
    t.equal(last!.headers['x-ratelimit-remaining'], '0')
    t.same(last!.json(), { error: 'slow down', retryAfter: '60', currency: 'EUR' }, 'preSerialization hooks also see error handler payloads')
  })
})
