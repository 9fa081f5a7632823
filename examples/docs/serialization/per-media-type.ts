import enclave from '@enclave/core'

const app = enclave()
const person = { id: 3, name: 'Ada', fullName: 'Ada Lovelace', birthYear: 1815 }

app.get('/people/:id', {
  schema: {
    response: {
      200: {
        description: 'one person, in two versions',
        content: {
          'application/json': { schema: { type: 'object', properties: { name: { type: 'string' } } } },
          'application/vnd.people.v2+json': {
            schema: { type: 'object', properties: { fullName: { type: 'string' }, id: { type: 'integer' } } }
          }
        }
      }
    }
  }
}, async (request, reply) => {
  if (request.headers.accept === 'application/vnd.people.v2+json') reply.type('application/vnd.people.v2+json')
  return person
})

const v2 = await app.inject({ url: '/people/3', headers: { accept: 'application/vnd.people.v2+json' } })
console.log(v2.body, v2.headers['content-type']) // {"fullName":"Ada Lovelace","id":3} application/vnd.people.v2+json; charset=utf-8
const v1 = await app.inject('/people/3')
console.log(v1.body, v1.headers['content-type']) // {"name":"Ada"} application/json; charset=utf-8

export default app
