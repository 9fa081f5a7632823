import enclave from '@enclave/core'

const app = enclave()
const posts = [{ id: 1, title: 'Hello', draft: false, authorEmail: 'a@example.org' }, { id: 2, title: 'Again', draft: true, authorEmail: 'a@example.org' }]
const summary = { type: 'object', properties: { id: { type: 'integer' }, title: { type: 'string' } } }

app.get('/feed', async (request, reply) => {
  const toJson = reply.compileSerializationSchema(summary) // compiled on the first request only
  const lines = posts.map((post) => toJson(post))
  return reply.type('application/x-ndjson').send(lines.join('\n'))
})

console.log((await app.inject('/feed')).body)
// {"id":1,"title":"Hello"}
// {"id":2,"title":"Again"}

export default app
