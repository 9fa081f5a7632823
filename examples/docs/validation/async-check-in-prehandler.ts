import enclave from '@enclave/core'

const app = enclave()

const orderSchema = {
  type: 'object',
  required: ['productId'],
  properties: { productId: { type: 'integer' } }
} as const
const products = { async exists (id: number) { return id === 1 } }
async function createOrder () {
  return { created: true }
}

app.post('/orders', {
  schema: { body: orderSchema },
  preHandler: async (request, reply) => {
    if (!(await products.exists(request.body.productId))) {
      return reply.code(422).send({ message: 'unknown product' })
    }
  }
}, createOrder)

console.log((await app.inject({ method: 'POST', url: '/orders', payload: { productId: 2 } })).statusCode) // 422

export default app
