import enclave from '@enclave/core'

const app = enclave()
const v2 = async () => ({ version: '2.1.3' })
const tenantHome = async (request: { hostname: string }) => ({ tenant: request.hostname.split('.')[0] })

app.get('/v', { constraints: { version: '2.1.3' } }, v2)   // Accept-Version: 2.x, 2.1.x, 2.1.3
app.get('/', { constraints: { host: /^[a-z]+\.tenant\.example$/ } }, tenantHome)

console.log((await app.inject({ url: '/v', headers: { 'accept-version': '2.x' } })).json()) // { version: '2.1.3' }
console.log((await app.inject({ url: '/v', headers: { 'accept-version': '3.x' } })).statusCode) // 404
console.log((await app.inject({ url: '/', headers: { host: 'acme.tenant.example' } })).json()) // { tenant: 'acme' }

export default app
