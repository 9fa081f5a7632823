import enclave from '@enclave/core'
import errorMessage from '@enclave/error-message'

const app = enclave()
const handler = async () => ({ ok: true })

app.register(async function signup (signup) {
  await signup.register(errorMessage)          // this context and its descendants only
  signup.post('/signup', {
    schema: {
      body: {
        type: 'object',
        required: ['email', 'age'],
        properties: {
          email: { type: 'string', format: 'email' },
          age: { type: 'integer', minimum: 18, errorMessage: { minimum: 'you must be an adult' } }
        },
        errorMessage: { required: { email: 'we need your email' } }
      }
    }
  }, handler)
})

const res = await app.inject({ method: 'POST', url: '/signup', payload: { age: 12 } })
console.log(res.body)
// {"statusCode":400,"error":"Bad Request","message":"body/age you must be an adult, body we need your email"}

export default app
