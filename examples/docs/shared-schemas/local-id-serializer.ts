import enclave from '@enclave/core'

const app = enclave()

// serializer (response schema)
app.get('/order', {
  schema: {
    response: {
      200: {
        type: 'object',
        definitions: { label: { $id: '#label', type: 'string' } },
        properties: { name: { $ref: '#label' } }
      }
    }
  }
}, async () => ({ name: 'Box', internal: true }))

console.log((await app.inject('/order')).body) // {"name":"Box"}

export default app
