import enclave from '@enclave/core'

const app = enclave()
const handler = async (request: { body: unknown }) => request.body

// validator
app.post('/order', {
  schema: {
    body: {
      type: 'object',
      definitions: { positive: { $id: '#positive', type: 'integer', minimum: 1 } },
      properties: { qty: { $ref: '#positive' } }
    }
  }
}, handler)

console.log((await app.inject({ method: 'POST', url: '/order', payload: { qty: '3' } })).json()) // { qty: 3 }
console.log((await app.inject({ method: 'POST', url: '/order', payload: { qty: 0 } })).json().message) // body/qty should be >= 1

export default app
