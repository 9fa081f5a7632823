import enclave from '@enclave/core'

const app = enclave()

// serializer (response schema)
app.get('/', {
  schema: {
    response: {
      200: { type: 'object', definitions: { name: { type: 'string' } }, properties: { city: { $ref: '#/definitions/name' } } }
    }
  }
}, async () => ({ city: 'Paris', secret: 1 }))

console.log((await app.inject('/')).body) // {"city":"Paris"}

export default app
