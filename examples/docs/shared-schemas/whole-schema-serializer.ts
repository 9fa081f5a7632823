import { appWithSharedSchemas } from './schemas-used-below.js'

const app = appWithSharedSchemas()

// serializer (response schema)
app.get('/', { schema: { response: { 200: { $ref: 'address#' } } } }, async () => ({ city: 'Paris', zip: '75001', secret: 'x' }))

console.log((await app.inject('/')).body) // {"city":"Paris","zip":75001}

export default app
