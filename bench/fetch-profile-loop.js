// A loop of app.fetch() on one scenario, to profile under each runtime's CPU profiler:
//   bun --cpu-prof bench/fetch-profile-loop.js S2 20000
//   deno run -A --cpu-prof bench/fetch-profile-loop.js S2 20000      node --cpu-prof bench/fetch-profile-loop.js ...
// then `node bench/profile-summary.js <the .cpuprofile>`.
import enclave from '@enclave/core'
import { scenarios } from './scenarios.js'
import { buildApp } from './servers/fastify-style.js'

const [scenario = 'S1', countArg = '20000'] = process.argv.slice(2)
const count = Number(countArg)
const app = buildApp(enclave)
await app.ready()
const { method, path, headers, body } = scenarios[scenario].request
const init = { method, headers: body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) }, body }
const url = `http://127.0.0.1${path}`
const started = process.cpuUsage()
for (let i = 0; i < count; i++) {
  const response = await app.fetch(new Request(url, init))
  await response.arrayBuffer()
}
const used = process.cpuUsage(started)
console.log(`${scenario}: ${((used.user + used.system) / count).toFixed(2)} CPU µs per request over ${count}`)
