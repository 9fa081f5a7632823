import enclave from '@enclave/core'
import * as v from 'valibot'
import { validatorCompiler } from '@enclave/standard-schema'

// valibot
const UserFields = { name: v.string(), email: v.pipe(v.string(), v.email()) }
const NewUser = v.object(UserFields)
const User = v.object({ id: v.number(), ...UserFields })

const app = enclave()
app.setValidatorCompiler(validatorCompiler)
app.post('/users', { schema: { body: NewUser } }, async (request) => request.body)
app.put('/users/:id', { schema: { body: User } }, async (request) => request.body)

const res = await app.inject({ method: 'POST', url: '/users', payload: { name: 'Ada', email: 'nope' } })
console.log(res.json().message) // body/email Invalid email: Received "nope"

export default app
