import enclave from '@enclave/core'
import { z } from 'zod'
import { validatorCompiler as zodCompiler } from '@enclave/zod'

const app = enclave()
const signup = async (request: { body: unknown }) => ({ created: true })
const listItems = async (request: { query: unknown }) => request.query
const health = async (request: { query: unknown }) => request.query

// One route: the rest of the server keeps Ajv.
app.post('/signup', {
  validatorCompiler: zodCompiler,
  schema: { body: z.object({ email: z.email(), password: z.string().min(12) }) }
}, signup)

// One context (and its children); a sibling plugin is not affected.
app.register(async function v2 (api) {
  api.setValidatorCompiler(zodCompiler)
  api.get('/items', { schema: { querystring: z.object({ limit: z.int().max(50).default(10) }) } }, listItems)
}, { prefix: '/v2' })

// An Ajv route next to them.
app.get('/health', { schema: { querystring: { type: 'object', properties: { verbose: { type: 'boolean' } } } } }, health)

const weak = await app.inject({ method: 'POST', url: '/signup', payload: { email: 'a@b.co', password: 'short' } })
console.log(weak.json().message) // body/password should NOT have fewer than 12 characters
console.log((await app.inject('/v2/items')).json()) // { limit: 10 }
console.log((await app.inject('/health?verbose=true')).json()) // { verbose: true }

export default app
