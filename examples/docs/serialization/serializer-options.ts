import enclave from '@enclave/core'

const app = enclave({ serializerOpts: { rounding: 'round' } })

app.get('/', { schema: { response: { 200: { type: 'object', properties: { n: { type: 'integer' } } } } } }, async () => ({ n: 1.6 }))

console.log((await app.inject('/')).body) // {"n":2}

export default app
