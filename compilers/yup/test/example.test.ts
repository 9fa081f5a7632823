import t from 'tap'
import { build } from '../../../examples/compilers/yup.js'

const key = { 'idempotency-key': 'k-1' }

t.test('examples/compilers/yup.ts: create, read and list orders, cast and filtered by yup', async (t) => {
  const app = build()
  t.teardown(() => app.close())
  const created = await app.inject({
    method: 'POST',
    url: '/orders',
    headers: key,
    payload: { items: [{ sku: 'A-1', quantity: '2' }, { sku: 'B-7' }], shipTo: { city: 'Oslo' }, giftWrap: true }
  })
  t.equal(created.statusCode, 201)
  const order = { id: 1, items: [{ sku: 'A-1', quantity: 2 }, { sku: 'B-7', quantity: 1 }], shipTo: { city: 'Oslo' }, status: 'open' }
  t.strictSame(created.json(), order, 'quantity cast and defaulted; giftWrap dropped; internalNote stripped by the response schema')

  t.strictSame((await app.inject({ url: '/orders/1' })).json(), order)
  t.equal((await app.inject({ url: '/orders/2' })).statusCode, 404)
  t.equal((await app.inject({ url: '/orders/x' })).json().message, 'params/id should be number')
  t.strictSame((await app.inject({ url: '/orders?limit=1' })).json(), [order])
  t.equal((await app.inject({ url: '/orders?limit=0' })).json().message, 'querystring/limit should be greater than or equal to 1')
})

t.test('examples/compilers/yup.ts: every failure is listed (abortEarly: false)', async (t) => {
  const app = build()
  t.teardown(() => app.close())
  const res = await app.inject({ method: 'POST', url: '/orders', headers: key, payload: { items: [{ sku: 'nope', quantity: 0 }] } })
  t.equal(res.statusCode, 400)
  const message: string = res.json().message
  t.strictSame(message.split(', ').sort(), [
    'body/items/0/quantity should be greater than or equal to 1',
    'body/items/0/sku should look like A-1',
    // yup gives a missing object its default ({}), so the failure is its required field.
    'body/shipTo/city is a required field'
  ])
  const noKey = await app.inject({ method: 'POST', url: '/orders', payload: { items: [{ sku: 'A-1' }], shipTo: { city: 'Oslo' } } })
  t.equal(noKey.json().message, 'headers/idempotency-key is a required field')
})

t.test('examples/compilers/yup.ts: the coupon async test and the 422 problem context', async (t) => {
  const app = build()
  t.teardown(() => app.close())
  const used = await app.inject({ method: 'POST', url: '/orders', headers: key, payload: { items: [{ sku: 'A-1' }], shipTo: { city: 'Oslo' }, coupon: 'WELCOME' } })
  t.equal(used.statusCode, 400)
  t.equal(used.json().message, 'body/coupon was already used')

  const problems = await app.inject({ method: 'POST', url: '/v2/orders/check', payload: { items: [], shipTo: { city: 'Oslo', zip: '1' } } })
  t.equal(problems.statusCode, 422)
  t.equal(problems.json().part, 'body')
  t.strictSame(problems.json().problems.sort((a: { path: string }, b: { path: string }) => a.path.localeCompare(b.path)), [
    { path: 'items', test: 'min', message: 'items field must have at least 1 items' },
    { path: 'shipTo.zip', test: 'matches', message: 'shipTo.zip should be 4 or 5 digits' }
  ])
})
