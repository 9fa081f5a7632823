import enclave from '@enclave/core'
import bearerAuth from '@enclave/bearer-auth'

const app = enclave()
const clients = { async findByKey (key: string) { return key === 'k-1' ? { id: 'c1' } : undefined } }
const orders = { of (clientId: string) { return [{ client: clientId, total: 12 }] } }

await app.register(bearerAuth, {
  async auth (key) {
    const client = await clients.findByKey(key)   // your look-up
    return client ?? false                        // an object accepts and becomes the principal
  }
})
app.get('/orders', (request) => orders.of((request.bearerPrincipal as { id: string }).id))

console.log((await app.inject({ url: '/orders', headers: { authorization: 'Bearer k-1' } })).json()) // [ { client: 'c1', total: 12 } ]
console.log((await app.inject({ url: '/orders', headers: { authorization: 'Bearer nope' } })).statusCode) // 401

export default app
