// S6, one measurement in a fresh process: factory() to ready() and listening with 1000 routes, each
// with its own params, body and response schemas (bench/startup-schemas.js).
// Run as `node --expose-gc bench/startup-app.js <peer> [lazy|eager] [cache=<dir>]`; prints RESULT {...}.
// `lazy` turns on `lazySchemaCompilation` (enclave()'s default, off on the Fastify faces), `eager`
// turns it off, `cache=<dir>` the persisted `schemaCache` (Enclave's entries only: Fastify has neither).
import { routeCount, routeSchemas } from './startup-schemas.js'

const peer = process.argv[2]
const flags = process.argv.slice(3)
const lazy = flags.includes('lazy')
const eager = flags.includes('eager')
const cacheDir = flags.find((flag) => flag.startsWith('cache='))?.slice('cache='.length)
const modules = { enclave: '@enclave/core', 'enclave-fastify': '@enclave/fastify4', fastify4: 'fastify4', fastify5: 'fastify5' }
if (modules[peer] === undefined) throw new Error(`unknown S6 peer ${peer}`)
if ((lazy || eager || cacheDir !== undefined) && !peer.startsWith('enclave')) throw new Error(`${peer} has no lazy schema compilation nor schema cache`)
const factory = (await import(modules[peer])).default

function handler (request) { return { id: 1, name: request.body.name } }

// Everything the schemas take is built before the clock starts: only the framework is measured.
const schemas = []
for (let i = 0; i < routeCount; i++) schemas.push(routeSchemas(i))
globalThis.gc?.()
const before = process.memoryUsage()

const cpuBefore = process.cpuUsage()
const start = performance.now()
const options = { logger: false }
if (lazy) options.lazySchemaCompilation = true
if (eager) options.lazySchemaCompilation = false
if (cacheDir !== undefined) options.schemaCache = { dir: cacheDir }
const app = factory(options)
for (let i = 0; i < routeCount; i++) app.post(`/resource${i}/items/:id`, { schema: schemas[i] }, handler)
await app.ready()
const readyMs = performance.now() - start
await app.listen({ port: 0, host: '127.0.0.1' })
const ms = performance.now() - start
const cpu = process.cpuUsage(cpuBefore)
// CPU time too: on a shared machine the wall clock also counts other processes' time slices.
const cpuMs = (cpu.user + cpu.system) / 1000

globalThis.gc?.()
const after = process.memoryUsage()
console.log('RESULT ' + JSON.stringify({
  peer: [peer, ...flags].join(' '),
  ms,
  readyMs,
  cpuMs,
  rss: after.rss,
  heapUsed: after.heapUsed,
  heapDelta: after.heapUsed - before.heapUsed,
  rssDelta: after.rss - before.rss
}))
await app.close()
