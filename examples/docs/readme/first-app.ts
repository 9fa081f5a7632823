import enclave from '@enclave/core'
import bearerAuth from '@enclave/bearer-auth'

const app = enclave({ logger: true })
app.addSchema({ $id: 'user', type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } })

// A public route: the body is validated, the reply serialized through the schema.
app.post('/users', {
  schema: {
    body: { type: 'object', required: ['name'], properties: { name: { type: 'string', minLength: 1 } } },
    response: { 201: { $ref: 'user#' } }
  }
}, async (request, reply) => reply.code(201).send({ id: 1, name: request.body.name, password: 'never sent' }))

// A private context: bearer-auth applies to the routes registered inside it, and nowhere else.
app.register(async function privateApi (instance) {
  await instance.register(bearerAuth, { keys: [process.env.API_KEY ?? 'dev-key'] })
  instance.get('/me', async (request) => ({ token: request.bearerToken }))
}, { prefix: '/private' })

await app.listen({ port: Number(process.env.PORT ?? 3000), host: '127.0.0.1' })
export default app
