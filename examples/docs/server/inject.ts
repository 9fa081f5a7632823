import enclave from '@enclave/core'

const app = enclave()
app.post('/items', async (request, reply) => ({ query: request.query, body: request.body, key: request.headers['x-key'] }))
app.get('/health', async () => 'ok')

const response = await app.inject({ method: 'POST', url: '/items?x=1', payload: { a: 1 }, headers: { 'x-key': 'k' } })
response.statusCode; response.headers; response.json(); response.body; response.cookies
console.log(response.statusCode, response.json()) // 200 { query: { x: '1' }, body: { a: 1 }, key: 'k' }

app.inject('/health', (error, response) => { /* … */ })           // callback form

await app.inject().post('/items').headers({ 'x-key': 'k' }).payload({ a: 1 }).end()   // chain

export default app
