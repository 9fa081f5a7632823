import { appWithSharedSchemas } from './schemas-used-below.js'

const app = appWithSharedSchemas()

// validator
app.post('/', {
  schema: { body: { type: 'object', properties: { country: { $ref: 'address#/definitions/country' } } } }
}, async (request) => request.body)

const res = await app.inject({ method: 'POST', url: '/', payload: { country: 'US' } })
console.log(res.json().message) // body/country should be equal to one of the allowed values

export default app
