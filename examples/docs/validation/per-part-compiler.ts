import enclave, { type EnclaveInstance } from '@enclave/core'

// one rule per part, enough to show the dispatch
const bodyValidator = (schema: any) => (data: any) => data?.[schema.requires] !== undefined ? { value: data } : { error: `missing ${schema.requires}` }
const queryValidator = (schema: any) => (data: any) => ({ value: data })
const paramsValidator = (schema: any) => (data: any) => ({ value: data })

function validateByPart (app: EnclaveInstance) {
  const compilers: Record<string, ((schema: any) => any) | undefined> = {
    body: (schema) => bodyValidator(schema),
    querystring: (schema) => queryValidator(schema),
    params: (schema) => paramsValidator(schema)
  }
  app.setValidatorCompiler(function perPart ({ schema, httpPart }) {
    if (httpPart === undefined) throw new Error('missing httpPart')
    const compile = compilers[httpPart]
    if (compile === undefined) throw new Error(`no validator compiler for ${httpPart}`)
    return compile(schema)
  })
}

const app = enclave()
validateByPart(app)
app.post('/b', { schema: { body: { type: 'object', requires: 'name' } } }, async (request) => request.body)
console.log((await app.inject({ method: 'POST', url: '/b', payload: {} })).json().message) // body missing name

// a route with a headers schema → ready() rejects:
const other = enclave()
validateByPart(other)
other.get('/h', { schema: { headers: { type: 'object', requires: 'x-key' } } }, async () => 'ok')
await other.ready().catch((error) => console.log(error.message))
// Failed building the validation schema for GET: /h, due to error no validator compiler for headers

export default app
