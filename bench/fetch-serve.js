// The fetch handler behind each runtime's own server (Bun.serve, Deno.serve, Node through
// @hono/node-server): Enclave against Hono (and Elysia on Bun) on S1–S3. Each peer runs in its own
// server process; a keep-alive load (autocannon, in this process) sends a fixed number of requests,
// and what is compared is the CPU time the server process spent per request (utime + stime of
// /proc/<pid>/stat, every thread of the runtime included): the load on a shared machine stretches
// the wall clock far more than the CPU time a request costs. Peers and scenarios alternate within
// a round; the median of the rounds is reported.
//   node bench/fetch-serve.js [--runtimes bun,deno,node] [--requests 20000] [--rounds 3] [--connections 16] [--json]
//     [--baseline <another build's core/dist/index.import.js>]   adds that build of Enclave as the peer `baseline`
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import { scenarios } from './scenarios.js'
import { median } from './stats.js'

const benchDir = fileURLToPath(new URL('.', import.meta.url))
const bin = (name) => fileURLToPath(new URL(`../node_modules/.bin/${name}`, import.meta.url))

function option (name, fallback) {
  const flag = process.argv.indexOf(`--${name}`)
  return flag === -1 ? fallback : process.argv[flag + 1]
}

const runtimes = {
  bun: { command: bin('bun'), args: ['servers/fetch-server.js'], peers: ['enclave', 'hono', 'elysia'] },
  deno: { command: bin('deno'), args: ['run', '-A', 'servers/fetch-server.js'], peers: ['enclave', 'hono'] },
  node: { command: process.execPath, args: ['servers/fetch-server.js'], peers: ['enclave', 'hono'] }
}
const chosen = option('runtimes', 'bun,deno,node').split(',')
const baseline = option('baseline', null)
if (baseline !== null) for (const runtime of Object.values(runtimes)) runtime.peers.splice(1, 0, 'baseline')
const peerArgument = (peer) => peer === 'baseline' ? `baseline=${baseline}` : peer
const requests = Number(option('requests', '20000'))
const rounds = Number(option('rounds', '3'))
const connections = Number(option('connections', '16'))
const scenarioNames = ['S1', 'S2', 'S3']
const ticksPerSecond = 100

/** CPU time of a process and all its threads, in µs (Linux). */
function cpuMicros (pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) * 1e6 / ticksPerSecond
}

function start (runtime, peer, port) {
  const { command, args } = runtimes[runtime]
  const child = spawn(command, [...args, peerArgument(peer), String(port)], { cwd: benchDir, stdio: ['ignore', 'pipe', 'inherit'] })
  return new Promise((resolve, reject) => {
    let output = ''
    child.stdout.on('data', (chunk) => {
      output += chunk
      if (output.includes(`ready ${port}`)) resolve(child)
    })
    child.on('exit', (code) => reject(new Error(`${runtime} ${peer} exited ${code}`)))
  })
}

async function load (port, scenario, amount) {
  const { method, path, headers, body } = scenarios[scenario].request
  const result = await autocannon({ url: `http://127.0.0.1:${port}${path}`, method, headers, body, connections, amount })
  if (result.non2xx !== 0 || result.errors !== 0) throw new Error(`${scenario}: ${result.non2xx} non-2xx, ${result.errors} errors`)
  return result.requests.total
}

async function check (port, scenario) {
  const { method, path, headers, body } = scenarios[scenario].request
  const response = await fetch(`http://127.0.0.1:${port}${path}`, { method, headers, body })
  const text = await response.text()
  if (!scenarios[scenario].check(response.status, text)) throw new Error(`${scenario}: unexpected answer ${response.status} ${text.slice(0, 200)}`)
}

const results = {}
let port = 31000 + Math.floor(Math.random() * 2000)
for (const runtime of chosen) {
  const servers = {}
  for (const peer of runtimes[runtime].peers) {
    servers[peer] = { child: await start(runtime, peer, ++port), port }
    for (const scenario of scenarioNames) {
      await check(port, scenario)
      // Warm-up: the JIT settles before anything is counted.
      await load(port, scenario, Math.max(2000, requests / 2))
    }
  }
  const samples = {}
  for (let round = 0; round < rounds; round++) {
    for (const scenario of scenarioNames) {
      for (const [peer, { child, port: peerPort }] of Object.entries(servers)) {
        const before = cpuMicros(child.pid)
        const answered = await load(peerPort, scenario, requests)
        ;(samples[`${scenario} ${peer}`] ??= []).push((cpuMicros(child.pid) - before) / answered)
      }
    }
  }
  for (const { child } of Object.values(servers)) {
    child.removeAllListeners('exit')
    child.kill()
  }
  results[runtime] = { peers: runtimes[runtime].peers, samples }
  const { peers } = runtimes[runtime]
  console.log(`${runtime}: server CPU µs per request (median of ${rounds} rounds of ${requests} requests, ${connections} connections)`)
  for (const scenario of scenarioNames) {
    const row = peers.map((peer) => {
      const values = samples[`${scenario} ${peer}`]
      return `${peer} ${median(values).toFixed(1)} (${Math.min(...values).toFixed(1)}–${Math.max(...values).toFixed(1)})`
    })
    const ratio = median(samples[`${scenario} hono`]) / median(samples[`${scenario} enclave`])
    console.log(`  ${scenario}  ${row.join('  ')}  hono/enclave ${ratio.toFixed(2)}x`)
  }
}
if (process.argv.includes('--json')) console.log(JSON.stringify({ requests, rounds, connections, results }))
