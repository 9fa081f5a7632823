// Framework cost per request on the fetch path, in-process: each peer's fetch handler is called with
// a Web Request and its Response body read to the end, the same loop on Node, Bun and Deno (no socket,
// no load generator: what the framework costs between a runtime's server and the app). CPU time per
// request, peers and scenarios alternated (each round in another order of peers), the median of the rounds.
//   node bench/fetch-compare.js [seconds=2] [rounds=3]
//   bun bench/fetch-compare.js ...      deno run -A bench/fetch-compare.js ...
//   ... [--baseline <another build's core/dist/index.import.js>]   adds that build of Enclave as the peer `baseline`
//       (repeatable: `baseline2`, … ; any module whose default export is an Enclave factory)
//   ... [--scenarios S2]   only these scenarios (comma-separated)
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import enclave from '@enclave/core'
import { scenarios } from './scenarios.js'
import { buildApp } from './servers/fastify-style.js'
import { buildHonoApp } from './servers/hono-app.js'

const flagged = new Set(['--baseline', '--scenarios'])
const positional = process.argv.slice(2).filter((arg, index, all) => !arg.startsWith('--') && !flagged.has(all[index - 1]))
const [secondsArg = '2', roundsArg = '3'] = positional
const seconds = Number(secondsArg)
const rounds = Number(roundsArg)
const runtime = typeof globalThis.Bun !== 'undefined' ? `Bun ${globalThis.Bun.version}` : typeof globalThis.Deno !== 'undefined' ? `Deno ${globalThis.Deno.version.deno}` : `Node ${process.versions.node}`

const enclaveApp = buildApp(enclave)
await enclaveApp.ready()
const peers = { enclave: enclaveApp.fetch, hono: buildHonoApp().fetch }
const baselines = process.argv.flatMap((arg, index, all) => arg === '--baseline' ? [all[index + 1]] : [])
for (const [index, file] of baselines.entries()) {
  const { default: baselineEnclave } = await import(pathToFileURL(resolve(file)).href)
  const baselineApp = buildApp(baselineEnclave)
  await baselineApp.ready()
  peers[index === 0 ? 'baseline' : `baseline${index + 1}`] = baselineApp.fetch
}
const scenariosFlag = process.argv.indexOf('--scenarios')
const scenarioNames = scenariosFlag === -1 ? ['S1', 'S2', 'S3'] : process.argv[scenariosFlag + 1].split(',')

function cpuMicros () {
  const usage = process.cpuUsage()
  return usage.user + usage.system
}

function requestOf (scenario) {
  const { method, path, headers, body } = scenarios[scenario].request
  return new Request(`http://127.0.0.1${path}`, { method, headers: { ...headers, ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }) }, body })
}

async function checkOnce (fetch, scenario) {
  const response = await fetch(requestOf(scenario))
  const text = await response.text()
  if (!scenarios[scenario].check(response.status, text)) throw new Error(`${scenario}: unexpected answer ${response.status} ${text.slice(0, 200)}`)
}

/** Requests answered for `seconds`, and the CPU µs each cost. */
async function measure (fetch, scenario) {
  const until = performance.now() + seconds * 1000
  const start = cpuMicros()
  let count = 0
  while (performance.now() < until) {
    for (let i = 0; i < 100; i++) {
      const response = await fetch(requestOf(scenario))
      await response.arrayBuffer()
    }
    count += 100
  }
  return (cpuMicros() - start) / count
}

for (const [name, fetch] of Object.entries(peers)) {
  for (const scenario of scenarioNames) {
    await checkOnce(fetch, scenario)
    // Warm-up: the JIT settles before anything is counted.
    await measure(fetch, scenario)
  }
  void name
}

const samples = {}
const peerList = Object.entries(peers)
for (let round = 0; round < rounds; round++) {
  // Each round starts with the next peer: the one that runs after the others measured lower, whichever it was.
  const order = peerList.map((_, index) => peerList[(index + round) % peerList.length])
  for (const scenario of scenarioNames) {
    for (const [name, fetch] of order) {
      const key = `${scenario} ${name}`
      ;(samples[key] ??= []).push(await measure(fetch, scenario))
    }
  }
}

function median (values) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}

const rows = scenarioNames.map((scenario) => {
  const ours = median(samples[`${scenario} enclave`])
  const hono = median(samples[`${scenario} hono`])
  const others = {}
  for (const name of Object.keys(peers)) if (name.startsWith('baseline')) others[name] = median(samples[`${scenario} ${name}`])
  return { scenario, enclave: ours, hono, ratio: hono / ours, ...others }
})
if (process.argv.includes('--json')) {
  console.log(JSON.stringify({ runtime, seconds, rounds, rows, samples }))
} else {
  console.log(`${runtime}: CPU µs per request through the fetch handler (median of ${rounds} rounds of ${seconds} s)`)
  for (const row of rows) {
    const others = Object.keys(peers).filter((name) => name.startsWith('baseline')).map((name) => `  ${name} ${row[name].toFixed(2)}`).join('')
    console.log(`${row.scenario}  enclave ${row.enclave.toFixed(2)}  hono ${row.hono.toFixed(2)}  hono/enclave ${row.ratio.toFixed(2)}x${others}`)
  }
}
