import { join } from 'node:path'
import enclave from '@enclave/core'

// The first start compiles and writes each schema's generated code to the directory; the next start
// of the same app reads it back instead of compiling. The directory is the app's own (never a shared
// temporary folder): the code in it runs in this process.
const app = enclave({ schemaCache: { dir: join(process.cwd(), 'node_modules', '.cache', 'enclave') } })

app.post('/orders', {
  schema: {
    body: { type: 'object', required: ['sku'], properties: { sku: { type: 'string' }, qty: { type: 'integer', default: 1 } } },
    response: { 200: { type: 'object', properties: { sku: { type: 'string' }, qty: { type: 'integer' } } } }
  }
}, async (request) => request.body)

const ok = await app.inject({ method: 'POST', url: '/orders', payload: { sku: 'A-1' } })
console.log(ok.statusCode, ok.body) // 200 {"sku":"A-1","qty":1}

export default app
