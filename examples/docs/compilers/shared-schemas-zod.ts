import enclave from '@enclave/core'
import { z } from 'zod'
import { validatorCompiler } from '@enclave/zod'

// zod
const Address = z.object({ city: z.string(), zip: z.string() })
const User = z.object({ id: z.int(), name: z.string(), address: Address })
const NewUser = User.omit({ id: true })
const UserPatch = NewUser.partial()
const Category = z.object({ name: z.string(), get children () { return z.array(Category) } }) // recursive

const app = enclave()
app.setValidatorCompiler(validatorCompiler)
app.post('/users', { schema: { body: NewUser } }, async (request) => request.body)
app.patch('/users/:id', { schema: { body: UserPatch } }, async (request) => request.body)
app.post('/categories', { schema: { body: Category } }, async (request) => request.body)

const res = await app.inject({ method: 'POST', url: '/users', payload: { name: 'Ada', address: { city: 'Paris' } } })
console.log(res.json().message) // body/address should have required property 'zip'

export default app
