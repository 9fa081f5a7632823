import enclave from '@enclave/core'

// Hundreds of routes, few of them used by any one process (serverless, generated CRUD APIs):
// compile each route's schemas on its first request instead of at start-up.
const app = enclave({ lazySchemaCompilation: true })

app.post('/orders/:id', {
  schema: {
    params: { type: 'object', properties: { id: { type: 'integer' } } },
    body: { type: 'object', required: ['sku'], properties: { sku: { type: 'string' } } },
    response: { 200: { type: 'object', properties: { id: { type: 'integer' }, sku: { type: 'string' } } } }
  }
}, async (request) => {
  const { id } = request.params as { id: number }
  const { sku } = request.body as { sku: string }
  return { id, sku, internal: 'dropped by the response schema' }
})

await app.ready() // checks the schemas, compiles nothing

const ok = await app.inject({ method: 'POST', url: '/orders/7', payload: { sku: 'A-1' } })
console.log(ok.statusCode, ok.body) // 200 {"id":7,"sku":"A-1"}
const bad = await app.inject({ method: 'POST', url: '/orders/7', payload: {} })
console.log(bad.statusCode) // 400

export default app
