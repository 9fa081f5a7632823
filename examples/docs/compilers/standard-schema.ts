import enclave from '@enclave/core'
import * as v from 'valibot'
import { validatorCompiler, serializerCompiler } from '@enclave/standard-schema'

const app = enclave()
const getEvent = async (request: { params: unknown }) => request.params

app.setValidatorCompiler(validatorCompiler)
app.setSerializerCompiler(serializerCompiler)
app.get('/events/:id', { schema: { params: v.object({ id: v.number() }) } }, getEvent)

console.log((await app.inject('/events/7')).json()) // { id: 7 }

export default app
