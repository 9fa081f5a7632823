import enclave from '@enclave/core'

const app = enclave()

app.post('/users/:id', {
  schema: {
    params: { type: 'object', properties: { id: { type: 'integer' } } },
    body: {
      type: 'object',
      required: ['name'],
      properties: { name: { type: 'string', minLength: 1 }, age: { type: 'integer', minimum: 0 } }
    },
    querystring: { type: 'object', properties: { notify: { type: 'boolean', default: false } } },
    headers: { type: 'object', required: ['x-api-key'], properties: { 'x-api-key': { type: 'string' } } }
  }
}, async (request) => {
  // request.params.id is a number, request.query.notify a boolean (false when absent)
  return { id: request.params.id, name: request.body.name, notify: request.query.notify }
})

const ok = await app.inject({ method: 'POST', url: '/users/7', headers: { 'x-api-key': 'k' }, payload: { name: 'Ada' } })
console.log(ok.json()) // { id: 7, name: 'Ada', notify: false }

const bad = await app.inject({ method: 'POST', url: '/users/7', headers: { 'x-api-key': 'k' }, payload: {} })
console.log(bad.body)
// {"statusCode":400,"error":"Bad Request","message":"body should have required property 'name'"}

export default app
