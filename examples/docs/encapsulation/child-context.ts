import enclave from '@enclave/core'

interface User { name: string }
async function authenticate (request: { headers: Record<string, unknown> }): Promise<User | null> {
  return request.headers.authorization === 'Bearer demo' ? { name: 'ada' } : null
}
async function listOrders (user: User | null) {
  return { user: user?.name ?? null, orders: [] }
}

const app = enclave()                         // the root context

app.register(async function api (child) {     // a child context
  // decorateRequest returns the instance typed with `request.user`
  const api = child.decorateRequest('user', null as User | null)
  api.addHook('onRequest', async (request) => { request.user = await authenticate(request) })
  api.get('/orders', async (request) => listOrders(request.user))
}, { prefix: '/api' })

app.get('/health', async () => 'ok')          // no user, no authentication hook here

const orders = await app.inject({ url: '/api/orders', headers: { authorization: 'Bearer demo' } })
console.log(orders.json()) // { user: 'ada', orders: [] }
const health = await app.inject('/health')
console.log(health.statusCode, health.body) // 200 ok

export default app
