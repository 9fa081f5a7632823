import enclave from '@enclave/core'

const app = enclave()

async function createCustomer (body: unknown) {
  return { id: 1, ...(body as object), createdBy: 'api' }
}

app.addSchema({
  $id: 'address',
  type: 'object',
  required: ['city'],
  properties: { city: { type: 'string' }, zip: { type: 'integer' } },
  definitions: { country: { type: 'string', enum: ['FR', 'DE'] } }
})

app.post('/customers', {
  schema: {
    body: { type: 'object', properties: { home: { $ref: 'address#' } } },   // validated
    response: { 201: { type: 'object', properties: { id: { type: 'integer' }, home: { $ref: 'address#' } } } } // serialized
  }
}, async (request, reply) => reply.code(201).send(await createCustomer(request.body)))

const created = await app.inject({ method: 'POST', url: '/customers', payload: { home: { city: 'Paris', zip: '75001' } } })
console.log(created.statusCode, created.body) // 201 {"id":1,"home":{"city":"Paris","zip":75001}}
const invalid = await app.inject({ method: 'POST', url: '/customers', payload: { home: {} } })
console.log(invalid.json().message) // body/home should have required property 'city'

export default app
