import enclave from '@enclave/core'

const app = enclave()

const itemSchema = { type: 'object', required: ['name'], properties: { name: { type: 'string' } } } as const
async function createItem (body: { name: string }) {
  return { id: 1, name: body.name }
}

app.route({
  method: ['GET', 'POST'],
  url: '/users/:id',
  config: { audit: true },
  handler: async (request, reply) => ({ id: request.params.id, method: request.method })
})

app.get('/health', async () => 'ok')
app.post('/items', { bodyLimit: 10_000, schema: { body: itemSchema } }, async (request, reply) => {
  reply.code(201)
  return createItem(request.body)
})

console.log((await app.inject({ method: 'POST', url: '/users/7' })).json()) // { id: '7', method: 'POST' }
const created = await app.inject({ method: 'POST', url: '/items', payload: { name: 'pen' } })
console.log(created.statusCode, created.json()) // 201 { id: 1, name: 'pen' }

export default app
