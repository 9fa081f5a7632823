import enclave from '@enclave/core'
import { z } from 'zod'
import { createValidatorCompiler as createAjvCompiler } from '@enclave/ajv'
import { validatorCompiler as zodCompiler } from '@enclave/zod'
import type { ValidatorCompiler } from '@enclave/core'

const app = enclave()
const search = async (request: { body: unknown, query: unknown }) => ({ body: request.body, query: request.query })

const ajv = createAjvCompiler()   // shared schemas of addSchema() are not visible to it: pass them as the first argument

const perPart: ValidatorCompiler = function perPart (input) {
  switch (input.httpPart) {
    case 'body': return zodCompiler(input)
    case 'querystring':
    case 'params': return ajv(input)
    default: throw new Error(`no validator for ${input.httpPart}`)
  }
}

app.setValidatorCompiler(perPart)
app.post('/search', {
  schema: {
    body: z.object({ terms: z.array(z.string()).min(1) }),
    querystring: { type: 'object', properties: { limit: { type: 'integer', default: 10 } } }
  }
}, search)

console.log((await app.inject({ method: 'POST', url: '/search', payload: { terms: ['a'] } })).json())
// { body: { terms: [ 'a' ] }, query: { limit: 10 } }

export default app
