import enclave from '@enclave/core'

const app = enclave()

app.get('/me', {
  schema: { headers: { type: 'object', required: ['X-Api-Key'], properties: { 'X-Api-Key': { type: 'string' } } } }
}, async (request) => ({ key: request.headers['x-api-key'] }))

console.log((await app.inject({ url: '/me', headers: { 'X-API-KEY': 'k' } })).json()) // { key: 'k' }
console.log((await app.inject('/me')).body)
// missing → 400 {"statusCode":400,"error":"Bad Request","message":"headers should have required property 'x-api-key'"}

export default app
