import enclave from '@enclave/core'

const app = enclave()

app.addHook('onRequest', async (request, reply) => {
  if (request.headers.authorization === undefined) {
    reply.code(401).send({ error: 'missing authorization header' })   // the rest is skipped
  }
})

app.addHook('onSend', (request, reply, payload, done) => {
  reply.header('x-request-id', request.id)
  done(null, payload)
})

app.get('/', async () => ({ hello: 'world' }))

const anonymous = await app.inject('/')
console.log(anonymous.statusCode, anonymous.body) // 401 {"error":"missing authorization header"}
const signedIn = await app.inject({ url: '/', headers: { authorization: 'Bearer k' } })
console.log(signedIn.statusCode, signedIn.headers['x-request-id']) // 200 req-2

export default app
