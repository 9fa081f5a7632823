import enclave from '@enclave/core'

const app = enclave()

// full
app.get('/full', {
  schema: { querystring: { type: 'object', properties: { page: { type: 'integer' } }, required: ['page'] } }
}, async (request) => request.query)

// shorthand: the same as { type: 'object', properties: { page: { type: 'integer' } } }
app.get('/shorthand', {
  schema: { querystring: { page: { type: 'integer' } } }
}, async (request) => request.query)

console.log((await app.inject('/shorthand?page=2')).json()) // { page: 2 }
console.log((await app.inject('/shorthand?page=x')).json().message) // querystring/page should be integer
console.log((await app.inject('/full')).json().message) // querystring should have required property 'page'

export default app
