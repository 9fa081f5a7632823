import enclave from '@enclave/core'
import { z } from 'zod'
import { validatorCompiler as zodCompiler } from '@enclave/zod'

const app = enclave()
app.setValidatorCompiler(zodCompiler)

app.setErrorHandler(function unprocessable (error, request, reply) {
  if (error.validation === undefined) return reply.send(error)
  return reply.code(422).send({
    part: error.validationContext,           // 'body'
    issues: error.validation,                // Ajv-shaped, whatever the library
    details: error.cause                     // the library's own error
  })
})

app.post('/people', { schema: { body: z.object({ age: z.number() }) } }, async (request) => request.body)

const res = await app.inject({ method: 'POST', url: '/people', payload: { age: 'x' } })
console.log(res.statusCode, res.json().part, res.json().issues[0].message) // 422 body must be number (the issue keeps Ajv's own wording)

export default app
