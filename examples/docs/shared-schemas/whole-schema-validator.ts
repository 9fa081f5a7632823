import { appWithSharedSchemas } from './schemas-used-below.js'

const app = appWithSharedSchemas()
const handler = async (request: { body: unknown }) => request.body

// validator
app.post('/address', { schema: { body: { $ref: 'address#' } } }, handler) // the body is an address
app.post('/ship', { schema: { body: { type: 'object', properties: { shipTo: { $ref: 'address#' } } } } }, handler)
app.post('/customer', { schema: { body: { $ref: 'customer#' } } }, handler) // customer → address

async function messageOf (url: string, payload: object) {
  return (await app.inject({ method: 'POST', url, payload })).json().message
}
console.log(await messageOf('/address', {})) // body should have required property 'city'
console.log(await messageOf('/ship', { shipTo: { city: 'P' } })) // body/shipTo/city should NOT have fewer than 2 characters
console.log(await messageOf('/customer', { name: 'Ann', home: {} })) // body/home should have required property 'city'

export default app
