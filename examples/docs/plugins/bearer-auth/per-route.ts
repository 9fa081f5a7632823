import enclave from '@enclave/core'
import bearerAuth from '@enclave/bearer-auth'

const app = enclave()
const keys = ['user-key']
const adminKeys = ['admin-key']
const handler = async () => ({ ok: true })

await app.register(bearerAuth, { keys, addHook: false })

app.get('/report', { onRequest: app.verifyBearerAuth! }, handler)           // one route
app.get('/admin', { onRequest: app.verifyBearerAuthFactory!({ keys: adminKeys, realm: 'admin' }) }, handler)

const asUser = { authorization: 'Bearer user-key' }
console.log((await app.inject({ url: '/report', headers: asUser })).statusCode) // 200
console.log((await app.inject({ url: '/admin', headers: asUser })).statusCode) // 401

export default app
