import { appWithSharedSchemas } from './schemas-used-below.js'

const app = appWithSharedSchemas()

// serializer (response schema)
app.get('/', {
  schema: { response: { 200: { type: 'object', properties: { zip: { $ref: 'address#/properties/zip' } } } } }
}, async () => ({ zip: '75001' }))

console.log((await app.inject('/')).body) // {"zip":75001}

export default app
