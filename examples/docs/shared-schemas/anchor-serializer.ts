import { appWithSharedSchemas } from './schemas-used-below.js'

const app = appWithSharedSchemas()

// serializer (response schema)
app.get('/', {
  schema: { response: { 200: { type: 'object', properties: { code: { $ref: 'address#code' } } } } }
}, async () => ({ code: 'ABC' }))

console.log((await app.inject('/')).body) // {"code":"ABC"}

export default app
