// S6's other side: what a route's first request costs when its schemas are compiled then
// (lazySchemaCompilation, enclave()'s default). One process, S6's routes; for each route the CPU time
// of its first injected request and of its second (same payload), median over the routes.
// Run as `node bench/startup-first-request.js [enclave|enclave-fastify] [routes=200]`.
import { routeSchemas } from './startup-schemas.js'
import { median } from './stats.js'

const peer = process.argv[2] ?? 'enclave'
const routes = Number(process.argv[3] ?? 200)
const modules = { enclave: '@enclave/core', 'enclave-fastify': '@enclave/fastify4' }
if (modules[peer] === undefined) throw new Error(`unknown peer ${peer}`)
const factory = (await import(modules[peer])).default

function handler (request) { return { id: 1, name: request.body.name } }

const app = factory({ logger: false, lazySchemaCompilation: true })
for (let i = 0; i < routes; i++) app.post(`/resource${i}/items/:id`, { schema: routeSchemas(i) }, handler)
await app.ready()

function cpuMsOf (usage) { return (usage.user + usage.system) / 1000 }

const first = []
const second = []
for (let i = 0; i < routes; i++) {
  const request = { method: 'POST', url: `/resource${i}/items/${i + 1}`, payload: { name: 'n', count: 1 } }
  for (const samples of [first, second]) {
    const before = process.cpuUsage()
    const reply = await app.inject(request)
    samples.push(cpuMsOf(process.cpuUsage(before)))
    if (reply.statusCode !== 200) throw new Error(`route ${i}: ${reply.statusCode} ${reply.body}`)
  }
}
await app.close()
const firstMs = median(first)
const secondMs = median(second)
console.log(`${peer}, ${routes} routes: first request ${firstMs.toFixed(2)} ms CPU, second ${secondMs.toFixed(2)} ms, compile on first request ≈ ${(firstMs - secondMs).toFixed(2)} ms (medians)`)
