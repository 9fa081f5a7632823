import enclave from '@enclave/core'

const app = enclave()
const address = { type: 'object', properties: { zip: { type: 'string', pattern: '^[0-9]{5}$' } }, required: ['zip'] }

app.post('/orders', {
  schema: { body: { type: 'object', properties: { shipping: { type: 'object' } }, required: ['shipping'] } }
}, async (request, reply) => {
  const body = request.body as { shipping: unknown }
  const checkAddress = request.compileValidationSchema(address) // compiled on the first request only
  if (!checkAddress(body.shipping)) {
    return reply.code(422).send({ field: 'shipping', problems: checkAddress.errors })
  }
  // The route's own body validator, and a one-off check that compiles (once) and validates.
  const bodyIsValid = request.getValidationFunction('body')(body)
  return { bodyIsValid, zipOnly: request.validateInput(body.shipping, address) }
})

const ok = await app.inject({ method: 'POST', url: '/orders', payload: { shipping: { zip: '75001' } } })
console.log(ok.statusCode, ok.body)
// 200 {"bodyIsValid":true,"zipOnly":true}
const bad = await app.inject({ method: 'POST', url: '/orders', payload: { shipping: { zip: 'x' } } })
console.log(bad.statusCode, bad.json().problems[0].message)
// 422 must match pattern "^[0-9]{5}$"

export default app
