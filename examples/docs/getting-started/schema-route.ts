import enclave from '@enclave/core'

const app = enclave()

app.post('/users', {
  schema: {
    body: {
      type: 'object',
      required: ['name'],
      properties: { name: { type: 'string', minLength: 1 }, age: { type: 'integer', minimum: 0 } }
    },
    response: {
      201: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } }
    }
  }
}, async (request, reply) => {
  const user = { id: 1, name: request.body.name, password: 'secret' }
  // `password` is not in the 201 schema, so it never leaves the server.
  return reply.code(201).send(user)
})

export default app
