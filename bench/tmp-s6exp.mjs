// experiment: enclave start-up variants (CPU ms), not part of the bench
import enclave from '@enclave/core'
import { createRequire } from 'node:module'
const require = createRequire(import.meta.url)
const fjs7 = require('../node_modules/fastify5/node_modules/fast-json-stringify')
const variant = process.argv[2]
const schemas = []
for (let i = 0; i < 1000; i++) schemas.push({
  body: { type: 'object', required: ['name', 'count'], properties: { name: { type: 'string', minLength: 1, maxLength: 100 + i }, count: { type: 'integer', minimum: 0, maximum: 1000 + i }, price: { type: 'number' }, tags: { type: 'array', items: { type: 'string' } }, active: { type: 'boolean' }, meta: { type: 'object', properties: { source: { type: 'string' }, [`route${i}`]: { type: 'integer' } } } } },
  response: { 200: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' }, createdAt: { type: 'string' }, [`field${i}`]: { type: 'boolean' }, owner: { type: 'object', properties: { id: { type: 'integer' }, email: { type: 'string' } } } } } }
})
const c0 = process.cpuUsage()
const app = enclave({ logger: false, ...(variant.includes('noopt') ? { ajv: { customOptions: { code: { optimize: false } } } } : {}) })
if (variant.includes('fjs7')) app.setSerializerCompiler(({ schema }) => fjs7(schema))
for (let i = 0; i < 1000; i++) app.post(`/resource${i}/items`, { schema: schemas[i] }, () => ({}))
await app.ready()
const c = process.cpuUsage(c0)
console.log(variant, Math.round((c.user + c.system) / 1000))
