// What a request allocates, per function: V8's sampling heap profiler (objects collected by the
// young- and old-generation GCs included) over N requests of one scenario, after a warm-up. The
// server and the client run in one process on a real socket, so Node's socket reading on both sides
// is in the total: compare peers, not the absolute figure. Young-generation GC work is proportional
// to these bytes. A tuning tool for bench/notes.md, not part of the report.
//   node bench/allocations.js <enclave|fastify4|fastify5> [P1|P1-info|P1-quiet|P1-nolog|S1..S5] [requests=5000] [top=30]
import { Session } from 'node:inspector/promises'
import { scenarios, appOf } from './scenarios.js'
import { buildApp } from './servers/fastify-style.js'
import { buildProductionApp } from './servers/production-app.js'
import { runConnection } from './instructions.js'

const [peer = 'enclave', scenarioName = 'P1', requestsArg = '5000', topArg = '30'] = process.argv.slice(2)
const modules = { enclave: '@enclave/core', fastify4: 'fastify4', fastify5: 'fastify5' }
const scenario = scenarios[scenarioName]
if (modules[peer] === undefined || scenario === undefined) {
  console.error('usage: node bench/allocations.js <enclave|fastify4|fastify5> [scenario=P1] [requests=5000] [top=30]')
  process.exit(2)
}
const factory = (await import(modules[peer])).default
const appName = appOf(scenarioName)
const app = appName === 'S' ? buildApp(factory) : buildProductionApp(factory, appName)
await app.listen({ port: 0, host: '127.0.0.1' })
const port = app.server.address().port
const requests = Number(requestsArg)

for (let i = 0; i < 5; i++) await runConnection(port, scenario, 4000)
const session = new Session()
session.connect()
// A small interval: the request's objects are a few hundred bytes each.
await session.post('HeapProfiler.startSampling', { samplingInterval: 64, includeObjectsCollectedByMinorGC: true, includeObjectsCollectedByMajorGC: true })
await runConnection(port, scenario, requests)
const { profile } = await session.post('HeapProfiler.stopSampling')
session.disconnect()
await app.close()

const byFunction = new Map()
let total = 0
const pending = [profile.head]
while (pending.length > 0) {
  const node = pending.pop()
  const frame = node.callFrame
  const where = frame.url.replace(/^.*node_modules\//, '').replace(/^.*\/(core|bench)\//, '$1/')
  const name = `${frame.functionName || '(anonymous)'} ${where}:${frame.lineNumber + 1}`
  total += node.selfSize
  if (node.selfSize > 0) byFunction.set(name, (byFunction.get(name) ?? 0) + node.selfSize)
  for (const child of node.children) pending.push(child)
}
console.log(`${peer} ${scenarioName}: ${Math.round(total / requests)} bytes sampled per request (${requests} requests)`)
for (const [name, bytes] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, Number(topArg))) {
  console.log(String(Math.round(bytes / requests)).padStart(7), name)
}
