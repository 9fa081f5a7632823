import enclave from '@enclave/core'
import errorMessage from '@enclave/error-message'

const app = enclave()

app.register(async function orders (orders) {
  await orders.register(errorMessage)   // allErrors is on in this context
  orders.addSchema({ $id: 'item', type: 'object', required: ['sku'], properties: { sku: { type: 'string' } } })
  orders.post('/orders', {
    schema: {
      body: {
        type: 'object',
        properties: {
          items: {
            type: 'array',
            if: { maxItems: 100 },
            then: { items: { $ref: 'item#' } },
            else: { maxItems: 100 }   // one error instead of one per item
          }
        }
      }
    }
  }, async () => ({ ok: true }))
})

const tooMany = await app.inject({ method: 'POST', url: '/orders', payload: { items: new Array(1000).fill({}) } })
console.log(tooMany.json().message) // body/items should NOT have more than 100 items, body/items should match "else" schema

export default app
