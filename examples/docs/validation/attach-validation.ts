import enclave from '@enclave/core'

const app = enclave()

const signupSchema = {
  type: 'object',
  required: ['email'],
  properties: { email: { type: 'string', format: 'email' } }
} as const
async function createAccount (body: { email: string }) {
  return { ok: true, email: body.email }
}

app.post('/signup', { attachValidation: true, schema: { body: signupSchema } }, async (request, reply) => {
  if (request.validationError) {
    // show the form again with the problems, instead of a bare 400
    return reply.code(200).send({ ok: false, problems: request.validationError.validation })
  }
  return createAccount(request.body)
})

const bad = await app.inject({ method: 'POST', url: '/signup', payload: { email: 'nope' } })
console.log(bad.statusCode, bad.json().problems[0].keyword) // 200 format

export default app
