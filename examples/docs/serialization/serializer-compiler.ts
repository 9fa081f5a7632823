import enclave from '@enclave/core'

const app = enclave()
const reportSchema = { type: 'object', properties: { total: { type: 'number' } } }

// Every route of this context: plain JSON.stringify (no filtering), whatever the schema.
app.setSerializerCompiler(({ schema, method, url, httpStatus, contentType }) => {
  app.log.debug({ method, url, httpStatus, contentType }, 'compiling a response schema')
  return (data) => JSON.stringify(data)
})

// One route: its own compiler, here one that writes only the declared top-level properties.
app.get('/report', {
  serializerCompiler: ({ schema }) => {
    const keys = Object.keys(schema.properties)
    return (data) => JSON.stringify(data, keys)
  },
  schema: { response: { 200: reportSchema } }
}, async () => {
  const report = { total: 12.5, rows: 3 }
  return report
})
app.get('/raw', { schema: { response: { 200: reportSchema } } }, async () => {
  const report = { total: 12.5, rows: 3 }
  return report
})

console.log((await app.inject('/report')).body) // {"total":12.5}
console.log((await app.inject('/raw')).body) // {"total":12.5,"rows":3}

export default app
