import enclave from '@enclave/core'

// Shared schemas kept in the application's own registry, one bucket per encapsulation context.
const app = enclave({
  schemaController: {
    bucket (parentSchemas?: Record<string, unknown>) {
      const schemas: Record<string, any> = { ...parentSchemas }
      return {
        add (schema: any) { schemas[schema.$id] = schema },
        getSchema (id: string) { return schemas[id] },
        getSchemas () { return { ...schemas } }
      }
    }
  }
})

app.addSchema({ $id: 'user', type: 'object', required: ['name'], properties: { name: { type: 'string' } } })
app.post('/users', { schema: { body: { $ref: 'user#' } } }, async (request) => request.body)

console.log(Object.keys(app.getSchemas())) // [ 'user' ] — read from the bucket
console.log((await app.inject({ method: 'POST', url: '/users', payload: {} })).json().message)
// body should have required property 'name'

export default app
