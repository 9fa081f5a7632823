import enclave from '@enclave/core'

const app = enclave()

app.get('/x', { schema: { response: { default: { type: 'object', properties: { fallback: { type: 'boolean' } } } } } },
  async () => { throw new Error('boom') })

const res = await app.inject('/x')
console.log(res.statusCode, res.body) // 500 {"statusCode":500,"error":"Internal Server Error","message":"boom"}

export default app
