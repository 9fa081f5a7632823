import enclave from '@enclave/core'

const app = enclave()

// A row as the database returns it, with fields no client should see.
const users = new Map([[7, { id: 7, name: 'Ada', email: 'ada@example.org', passwordHash: '$2b$10$…' }]])

app.get('/users/:id', {
  schema: {
    params: { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } },
    response: {
      200: {
        type: 'object',
        required: ['id', 'name'],
        properties: { id: { type: 'integer' }, name: { type: 'string' }, email: { type: 'string' } }
      },
      '4xx': { type: 'object', properties: { message: { type: 'string' } } }
    }
  }
}, async (request, reply) => {
  const user = users.get(request.params.id)
  if (user === undefined) return reply.code(404).send({ message: 'no such user' })
  return user
})

console.log((await app.inject('/users/7')).body) // {"id":7,"name":"Ada","email":"ada@example.org"}
console.log((await app.inject('/users/8')).body) // {"message":"no such user"}

export default app
