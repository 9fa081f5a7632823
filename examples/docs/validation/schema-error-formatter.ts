import enclave from '@enclave/core'

const app = enclave({
  schemaErrorFormatter (errors, dataVar) {
    return new Error(`${dataVar}: ${errors.length} error(s): ${errors.map((e) => e.keyword).join(',')}`)
  }
})
const search = { schema: { querystring: { type: 'object', required: ['q'], properties: { q: { type: 'string' } } } } } as const
app.get('/search', search, async (request) => request.query)

app.register(async function api (child) {
  child.decorate('locale', 'fr')
  child.setSchemaErrorFormatter(function frenchFormatter (errors, dataVar) {
    // `this` is the instance of the route's context: its decorators are there
    return new Error(`${(this as any).locale}: ${dataVar} invalide`)
  })
  child.get('/search', search, async (request) => request.query)
}, { prefix: '/api' })

console.log((await app.inject('/search')).body)
// GET /search (missing q) → {"statusCode":400,"error":"Bad Request","message":"querystring: 1 error(s): required"}
console.log((await app.inject('/api/search')).json().message) // fr: querystring invalide

export default app
