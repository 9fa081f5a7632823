import enclave from '@enclave/core'
import { z } from 'zod'
import { validatorCompiler, serializerCompiler, createValidatorCompiler } from '@enclave/zod'

const app = enclave()
app.setValidatorCompiler(validatorCompiler)
app.setSerializerCompiler(serializerCompiler)

app.register(async function withOptions (app) {
  // or, with options:
  app.setValidatorCompiler(createValidatorCompiler({ messages: 'zod', coerce: ['querystring'] }))
  app.get('/zod-messages', { schema: { querystring: z.object({ n: z.number() }) } }, async (request) => request.query)
})

app.get('/items', {
  schema: { querystring: z.object({ n: z.number() }), response: { 200: z.object({ n: z.number() }) } }
}, async (request) => ({ n: request.query.n, internal: true }))

console.log((await app.inject('/items?n=5')).body) // {"n":5}
console.log((await app.inject('/items?n=x')).json().message) // querystring/n should be number

export default app
