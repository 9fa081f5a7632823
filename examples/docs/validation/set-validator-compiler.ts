import enclave, { type ValidatorCompiler } from '@enclave/core'

const app = enclave()

// accepts a string body of at most `maxLength` characters
const compiler: ValidatorCompiler = ({ schema }) => (data: unknown) =>
  typeof data === 'string' && data.length <= schema.maxLength ? { value: data } : { error: new Error('too long') }
const schema = { body: { type: 'string', maxLength: 3 } }
const h = async (request: { body: unknown }) => request.body

app.setValidatorCompiler(compiler)                       // this context and its descendants
app.post('/x', { validatorCompiler: compiler, schema }, h) // one route; beats the context's

const res = await app.inject({ method: 'POST', url: '/x', headers: { 'content-type': 'text/plain' }, payload: 'abcd' })
console.log(res.statusCode, res.json().message) // 400 too long

export default app
