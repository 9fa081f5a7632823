import enclave from '@enclave/core'

const app = enclave()

app.setReplySerializer((payload, statusCode) => JSON.stringify({ data: payload, status: statusCode }))

app.get('/plain', async () => ({ a: 1 }))
app.get('/typed', { schema: { response: { 200: { type: 'object', properties: { a: { type: 'integer' } } } } } }, async () => {
  const row = { a: 1, b: 2 }
  return row
})
app.get('/csv', async (request, reply) => {
  const rows = [{ id: 1, name: 'Ada' }, { id: 2, name: 'Grace' }]
  return reply.type('text/csv').serializer(toCsv).send(rows)
})

function toCsv (rows: Array<Record<string, unknown>>): string {
  return rows.map((row) => Object.values(row).join(',')).join('\n')
}

console.log((await app.inject('/plain')).body) // {"data":{"a":1},"status":200}
console.log((await app.inject('/typed')).body) // {"data":{"a":1,"b":2},"status":200}: the reply serializer wins
console.log((await app.inject('/csv')).body) // 1,Ada\n2,Grace

export default app
