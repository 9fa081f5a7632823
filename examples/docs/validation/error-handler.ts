import enclave from '@enclave/core'

const app = enclave()

app.setErrorHandler(function unprocessable (error, request, reply) {
  if (error.validation === undefined) return reply.send(error) // not a validation error
  return reply.code(422).send({
    type: 'validation',
    part: error.validationContext,
    issues: error.validation.map((issue) => ({ path: issue.instancePath, rule: issue.keyword, params: issue.params }))
  })
})

app.post('/users', {
  schema: { body: { type: 'object', properties: { name: { type: 'string' }, age: { type: 'integer' } } } }
}, async (request) => request.body)

const res = await app.inject({ method: 'POST', url: '/users', payload: { name: 'n', age: 'old' } })
console.log(res.statusCode, res.body)
// POST /users {"name":"n","age":"old"}
// → 422 {"type":"validation","part":"body","issues":[{"path":"/age","rule":"type","params":{"type":"integer"}}]}

export default app
