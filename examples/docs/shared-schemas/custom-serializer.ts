import enclave from '@enclave/core'
import { createSerializerCompiler } from '@enclave/fjs'

const app = enclave()

app.addSchema({ $id: 'price', type: 'object', properties: { amount: { type: 'integer' } } })

app.register(async function roundedApi (api) {
  api.setSerializerCompiler(createSerializerCompiler(api.getSchemas(), { rounding: 'round' }))
  api.get('/rounded', { schema: { response: { 200: { $ref: 'price#' } } } }, async () => ({ amount: 9.6 }))
  // → {"amount":10}; elsewhere the default compiler writes {"amount":9}
})
app.get('/default', { schema: { response: { 200: { $ref: 'price#' } } } }, async () => ({ amount: 9.6 }))

console.log((await app.inject('/rounded')).body) // {"amount":10}
console.log((await app.inject('/default')).body) // {"amount":9}

export default app
