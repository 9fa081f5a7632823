// A low-noise view of framework overhead for tuning: requests through app.inject() (light-my-request,
// the same fake socket for Enclave and Fastify, no kernel, no load generator), in-process.
//   node bench/inject-compare.js <enclave|fastify4|fastify5> <S1..S5> [seconds=3]
// Prints RESULT {"opsPerCpuSecond": …}. Compare peers in alternating processes; see bench/notes.md.
import { scenarios } from './scenarios.js'
import { buildApp } from './servers/fastify-style.js'

const [peer = 'enclave', scenario = 'S1', secondsArg = '3'] = process.argv.slice(2)
const modules = { enclave: '@enclave/core', fastify4: 'fastify4', fastify5: 'fastify5' }
const app = buildApp((await import(modules[peer])).default)
await app.ready()
const { request, check } = scenarios[scenario]
const options = { method: request.method, url: request.path, headers: request.headers, payload: request.body }

const first = await app.inject(options)
if (!check(first.statusCode, first.body)) throw new Error(`${peer} ${scenario}: ${first.statusCode} ${first.body}`)

async function batch (count) {
  const pending = []
  for (let i = 0; i < count; i++) pending.push(app.inject(options))
  await Promise.all(pending)
}

const warmUntil = performance.now() + 1000
while (performance.now() < warmUntil) await batch(50)
let done = 0
const cpuBefore = process.cpuUsage()
const start = performance.now()
const until = start + Number(secondsArg) * 1000
while (performance.now() < until) {
  await batch(50)
  done += 50
}
const cpu = process.cpuUsage(cpuBefore)
// Per CPU second: on a shared machine the wall clock counts other processes' time slices too.
console.log('RESULT ' + JSON.stringify({ peer, scenario, opsPerCpuSecond: done / ((cpu.user + cpu.system) / 1e6), opsPerSec: done / ((performance.now() - start) / 1000) }))
