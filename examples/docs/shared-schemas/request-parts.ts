import enclave from '@enclave/core'

const app = enclave()
const handler = async (request: { params: unknown, query: unknown }) => ({ params: request.params, query: request.query })

app.addSchema({ $id: 'paging', type: 'object', properties: { page: { type: 'integer', minimum: 1, default: 1 } } })
app.addSchema({ $id: 'ids', type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] })
app.addSchema({ $id: 'common', definitions: { token: { type: 'string', minLength: 4 } } })

app.get('/list/:id', {
  schema: {
    params: { $ref: 'ids#' },
    querystring: { $ref: 'paging#' },
    headers: { type: 'object', properties: { 'x-token': { $ref: 'common#/definitions/token' } } }
  }
}, handler)

console.log((await app.inject('/list/3')).json()) // { params: { id: 3 }, query: { page: 1 } }
console.log((await app.inject('/list/3?page=0')).json().message) // querystring/page should be >= 1

export default app
