import enclave from '@enclave/core'

const app = enclave()

app.post('/users/:team', {
  schema: {
    body: {
      type: 'object',
      required: ['name'],
      properties: { name: { type: 'string' }, age: { type: 'integer' }, role: { type: 'string', enum: ['admin', 'member'], default: 'member' } }
    },
    response: {
      201: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } }, required: ['id', 'name'] },
      '4xx': { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] }
    }
  }
}, async (request, reply) => {
  request.body        // { name: string, role: 'admin' | 'member', age?: number }
  request.params.team // string, from the path
  if (request.body.name === '') return reply.code(422).send({ message: 'empty name' })
  return reply.code(201).send({ id: 1, name: request.body.name })
  // reply.code(201).send({ id: '1' }) is a compile error: 201 needs a numeric id and a name
})

export default app
