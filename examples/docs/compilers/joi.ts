import enclave from '@enclave/core'
import Joi from 'joi'
import { validatorCompiler, serializerCompiler, createValidatorCompiler } from '@enclave/joi'

const app = enclave()
const getItem = async (request: { params: unknown }) => request.params

app.setValidatorCompiler(validatorCompiler)
app.setSerializerCompiler(serializerCompiler)
app.register(async function withOptions (app) {
  // or, with Joi's options:
  app.setValidatorCompiler(createValidatorCompiler({ abortEarly: false, parts: { body: { convert: false } } }))
})
app.get('/items/:id', { schema: { params: Joi.object({ id: Joi.number().integer() }) } }, getItem)

console.log((await app.inject('/items/7')).json()) // { id: 7 }
console.log((await app.inject('/items/x')).json().message) // params/id should be a number

export default app
