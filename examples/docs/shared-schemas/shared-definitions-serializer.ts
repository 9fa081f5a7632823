import { appWithSharedSchemas } from './schemas-used-below.js'

const app = appWithSharedSchemas()

// serializer (response schema)
app.get('/', {
  schema: { response: { 200: { type: 'object', properties: { country: { $ref: 'address#/definitions/country' } } } } }
}, async () => ({ country: 'FR', other: 1 }))

console.log((await app.inject('/')).body) // {"country":"FR"}

export default app
