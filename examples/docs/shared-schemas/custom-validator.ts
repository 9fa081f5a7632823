import enclave from '@enclave/core'
import { Ajv } from 'ajv'

const app = enclave()
const handler = async (request: { body: unknown }) => request.body

app.addSchema({ $id: 'address', type: 'object', properties: { city: { type: 'string' } } })

app.register(async function strictApi (api) {
  const ajv = new Ajv({ allErrors: false, coerceTypes: false })
  for (const schema of Object.values(api.getSchemas())) ajv.addSchema(schema)
  api.setValidatorCompiler(({ schema }) => ajv.compile(schema))
  api.post('/strict', { schema: { body: { $ref: 'address#' } } }, handler)
})

// no coercion in this context: a number is not a city
const res = await app.inject({ method: 'POST', url: '/strict', payload: { city: 75 } })
console.log(res.statusCode, res.json().message) // 400 body/city should be string

export default app
