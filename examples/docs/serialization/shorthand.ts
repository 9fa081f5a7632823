import enclave from '@enclave/core'

const app = enclave()
const row = { id: 1, name: 'Ada', internal: true }

// shorthand: properties at the top level
app.get('/short', { schema: { response: { 200: { id: { type: 'integer' }, name: { type: 'string' } } } } }, async () => row)
// the same schema written in full
app.get('/full', {
  schema: { response: { 200: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } } } }
}, async () => row)

console.log((await app.inject('/short')).body) // {"id":1,"name":"Ada"}
console.log((await app.inject('/full')).body) // {"id":1,"name":"Ada"}

export default app
