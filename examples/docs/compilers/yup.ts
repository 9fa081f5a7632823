import enclave from '@enclave/core'
import * as yup from 'yup'
import { validatorCompiler, serializerCompiler, createValidatorCompiler } from '@enclave/yup'

const app = enclave()
const getItem = async (request: { params: unknown }) => request.params

app.setValidatorCompiler(validatorCompiler)
app.setSerializerCompiler(serializerCompiler)
app.register(async function withOptions (app) {
  // or, with yup's options:
  app.setValidatorCompiler(createValidatorCompiler({ abortEarly: false, stripUnknown: true }))
})
app.get('/items/:id', { schema: { params: yup.object({ id: yup.number().integer().required() }) } }, getItem)

console.log((await app.inject('/items/7')).json()) // { id: 7 }
console.log((await app.inject('/items/x')).json().message) // params/id should be number

export default app
