import enclave from '@enclave/core'

const app = enclave()

app.get('/search', {
  schema: {
    querystring: {
      type: 'object',
      properties: {
        tag: { type: 'array', items: { type: 'string' }, default: [] },
        ids: { type: 'array', items: { type: 'integer' } },
        limit: { type: 'integer', default: 20 }
      }
    }
  }
}, async (request) => request.query)

console.log((await app.inject('/search?tag=x')).json()) // { tag: [ 'x' ], limit: 20 }
console.log((await app.inject('/search?tag=1')).json()) // { tag: [ '1' ], limit: 20 }
console.log((await app.inject('/search?ids=7&ids=8')).json()) // { ids: [ 7, 8 ], tag: [], limit: 20 }
console.log((await app.inject('/search')).json()) // { tag: [], limit: 20 }
console.log((await app.inject('/search?limit=ten')).json().message) // querystring/limit should be integer

export default app
