import enclave from '@enclave/core'

const app = enclave({ protectErrorPayloads: true })

app.get('/x', { schema: { response: { default: { type: 'object', properties: { fallback: { type: 'boolean' } } } } } },
  async () => { throw new Error('boom') })

const res = await app.inject('/x')
console.log(res.statusCode, res.body) // 500 {"statusCode":500,"error":"Internal Server Error","message":"boom"}  (without the option: 500 {})

export default app
