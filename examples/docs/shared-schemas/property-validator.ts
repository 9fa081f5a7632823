import { appWithSharedSchemas } from './schemas-used-below.js'

const app = appWithSharedSchemas()

// validator
app.post('/', {
  schema: { body: { type: 'object', properties: { zip: { $ref: 'address#/properties/zip' } } } }
}, async (request) => request.body)

console.log((await app.inject({ method: 'POST', url: '/', payload: { zip: '10115' } })).json()) // { zip: 10115 }
console.log((await app.inject({ method: 'POST', url: '/', payload: { zip: 'Berlin' } })).json().message) // body/zip should be integer

export default app
