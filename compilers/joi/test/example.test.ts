import t from 'tap'
import { build } from '../../../examples/compilers/joi.js'

const key = { 'idempotency-key': 'k-1' }

t.test('examples/compilers/joi.ts: create, read and list orders, converted and filtered by Joi', async (t) => {
  const app = build()
  t.teardown(() => app.close())
  const created = await app.inject({
    method: 'POST',
    url: '/orders',
    headers: key,
    payload: { items: [{ sku: 'A-1', quantity: '2' }, { sku: 'B-7' }], shipTo: { city: 'Oslo' } }
  })
  t.equal(created.statusCode, 201)
  const order = { id: 1, items: [{ sku: 'A-1', quantity: 2 }, { sku: 'B-7', quantity: 1 }], shipTo: { city: 'Oslo' }, status: 'open' }
  t.strictSame(created.json(), order, 'quantity converted and defaulted; internalNote stripped by the response schema')

  t.strictSame((await app.inject({ url: '/orders/1' })).json(), order)
  t.equal((await app.inject({ url: '/orders/2' })).statusCode, 404)
  t.equal((await app.inject({ url: '/orders/x' })).json().message, 'params/id should be a number')
  t.strictSame((await app.inject({ url: '/orders?limit=1' })).json(), [order])
  t.equal((await app.inject({ url: '/orders?limit=0' })).json().message, 'querystring/limit should be greater than or equal to 1')
})

t.test('examples/compilers/joi.ts: every failure is listed (abortEarly: false)', async (t) => {
  const app = build()
  t.teardown(() => app.close())
  const res = await app.inject({ method: 'POST', url: '/orders', headers: key, payload: { items: [{ sku: 'nope', quantity: 0 }] } })
  t.equal(res.statusCode, 400)
  t.strictSame(res.json(), {
    statusCode: 400,
    error: 'Bad Request',
    message: 'body/items/0/sku with value "nope" fails to match the required pattern: /^[A-Z]-\\d+$/, ' +
      'body/items/0/quantity should be greater than or equal to 1, body/shipTo is required'
  })
  const noKey = await app.inject({ method: 'POST', url: '/orders', payload: { items: [{ sku: 'A-1' }], shipTo: { city: 'Oslo' } } })
  t.equal(noKey.json().message, 'headers/idempotency-key is required')
})

t.test('examples/compilers/joi.ts: the coupon external rule and the 422 problem context', async (t) => {
  const app = build()
  t.teardown(() => app.close())
  const used = await app.inject({ method: 'POST', url: '/orders', headers: key, payload: { items: [{ sku: 'A-1' }], shipTo: { city: 'Oslo' }, coupon: 'WELCOME' } })
  t.equal(used.statusCode, 400)
  t.equal(used.json().message, 'body/coupon was already used')

  const problems = await app.inject({ method: 'POST', url: '/v2/orders/check', payload: { items: [], shipTo: { city: '' } } })
  t.equal(problems.statusCode, 422)
  t.strictSame(problems.json(), {
    part: 'body',
    problems: [
      { path: 'items', code: 'array.min', message: '"items" must contain at least 1 items' },
      { path: 'shipTo.city', code: 'string.empty', message: '"shipTo.city" is not allowed to be empty' }
    ]
  })
})
