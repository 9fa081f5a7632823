import enclave from '@enclave/core'

const app = enclave()

app.setErrorHandler(async (error: Error & { statusCode?: number, id?: string }, request, reply) => {
  reply.code(error.statusCode ?? 500)
  return { message: error.message, internalId: error.id }
})

app.get('/y', { schema: { response: { '4xx': { type: 'object', properties: { message: { type: 'string' } } } } } }, async () => {
  throw Object.assign(new Error('title is too long'), { statusCode: 422, id: 'trace-91' })
})

const res = await app.inject('/y')
console.log(res.statusCode, res.body) // 422 {"message":"title is too long"}  (internalId is not declared: left out)

export default app
