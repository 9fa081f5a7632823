import enclave from '@enclave/core'
import bearerAuth from '@enclave/bearer-auth'

const app = enclave()

app.get('/health', () => ({ up: true }))            // public

app.register(async function privateApi (api) {
  await api.register(bearerAuth, { keys: [process.env.API_KEY ?? 'dev-key'] })
  api.get('/me', (request) => ({ token: request.bearerToken })) // needs the key
})

console.log((await app.inject('/health')).statusCode) // 200
const denied = await app.inject('/me')
console.log(denied.statusCode, denied.headers['www-authenticate']) // 401 Bearer realm="api"
console.log((await app.inject({ url: '/me', headers: { authorization: 'Bearer dev-key' } })).json()) // { token: 'dev-key' }

export default app
