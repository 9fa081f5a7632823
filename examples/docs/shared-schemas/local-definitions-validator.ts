import enclave from '@enclave/core'

const app = enclave()

// validator
app.post('/', {
  schema: {
    body: {
      type: 'object',
      definitions: { small: { type: 'integer', maximum: 3 } },
      properties: { n: { $ref: '#/definitions/small' } }
    }
  }
}, async (request) => request.body)

console.log((await app.inject({ method: 'POST', url: '/', payload: { n: '2' } })).json()) // { n: 2 }
console.log((await app.inject({ method: 'POST', url: '/', payload: { n: 4 } })).json().message) // body/n should be <= 3

export default app
