import { appWithSharedSchemas } from './schemas-used-below.js'

const app = appWithSharedSchemas()

// validator
app.post('/', {
  schema: { body: { type: 'object', properties: { code: { $ref: 'address#code' } } } }
}, async (request) => request.body)

const res = await app.inject({ method: 'POST', url: '/', payload: { code: 'abc' } })
console.log(res.json().message) // body/code should match pattern "^[A-Z]{3}$"

export default app
