import enclave from '@enclave/core'

const app = enclave()

app.addSchema({ $id: 'address', type: 'object', properties: { city: { type: 'string' } } })

const home = { city: 'Paris', doorCode: '1234' }
app.get('/home', { schema: { response: { 200: { type: 'object', properties: { home: { $ref: 'address#' } } } } } },
  async () => ({ home }))

console.log((await app.inject('/home')).body) // {"home":{"city":"Paris"}}

export default app
