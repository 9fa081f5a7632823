import enclave from '@enclave/core'
import { z } from 'zod'
import { createValidatorCompiler as createAjvCompiler } from '@enclave/ajv'
import { validatorCompiler as zodCompiler } from '@enclave/zod'

const app = enclave()
const ajv = createAjvCompiler()

app.setValidatorCompiler(function bySchemaKind (input) {
  return input.schema?._zod !== undefined ? zodCompiler(input) : ajv(input)
})

app.get('/zod', { schema: { querystring: z.object({ n: z.number() }) } }, async (request) => request.query)
app.get('/ajv', { schema: { querystring: { type: 'object', properties: { n: { type: 'number' } } } } }, async (request) => request.query)

console.log((await app.inject('/zod?n=5')).json(), (await app.inject('/ajv?n=5')).json()) // { n: 5 } { n: 5 }

export default app
