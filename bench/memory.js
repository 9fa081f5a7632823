// RSS after warm-up, per scenario and peer: each measurement is a fresh server process (the one
// `npm run bench` runs), sent `requests` requests of the scenario over `connections` keep-alive
// connections opened one after another (`inFlight` requests queued on each), then asked
// for its RSS. Peers alternate within a round; medians and the spread of the rounds are printed.
// Not part of `npm run bench` (a tuning tool, like dispatch-compare.js).
//   node bench/memory.js [--peers enclave,fastify5] [--scenarios S1,S5] [--rounds 3] [--requests 20000]
import http from 'node:http'
import { scenarios } from './scenarios.js'
import { startServer, usageOf, stopProcess } from './peer-process.js'

function option (flag, fallback) {
  const at = process.argv.indexOf(flag)
  return at === -1 ? fallback : process.argv[at + 1]
}
const peers = option('--peers', 'enclave,fastify5').split(',')
const scenarioNames = option('--scenarios', 'S1,S2,S3,S4,S5').split(',')
const rounds = Number(option('--rounds', '3'))
const requests = Number(option('--requests', '20000'))
const connections = 20
const inFlight = 10

function send (agent, port, request) {
  return new Promise((resolve, reject) => {
    const req = http.request({ agent, host: '127.0.0.1', port, method: request.method, path: request.path, headers: request.headers }, (res) => {
      res.resume()
      res.on('end', resolve)
    })
    req.on('error', reject)
    req.end(request.body)
  })
}

/** One connection after another, each with `inFlight` requests outstanding until its share is sent. */
async function warmUp (port, request) {
  const perConnection = Math.ceil(requests / connections)
  for (let c = 0; c < connections; c++) {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
    let sent = 0
    async function worker () {
      while (sent < perConnection) {
        sent++
        await send(agent, port, request)
      }
    }
    const workers = []
    for (let i = 0; i < inFlight; i++) workers.push(worker())
    await Promise.all(workers)
    agent.destroy()
  }
}

const median = (values) => values.slice().sort((a, b) => a - b)[Math.floor(values.length / 2)]
const mb = (bytes) => (bytes / 1048576).toFixed(1)

const samples = {}
for (let round = 0; round < rounds; round++) {
  for (const name of scenarioNames) {
    // The peer order is rotated each round, so drift hits all alike.
    for (let p = 0; p < peers.length; p++) {
      const peer = peers[(p + round) % peers.length]
      const server = await startServer(peer, {})
      try {
        await warmUp(server.port, scenarios[name].request)
        const { rss } = await usageOf(server)
        ;(samples[`${name} ${peer}`] ??= []).push(rss)
      } finally {
        await stopProcess(server.child)
      }
    }
  }
}

console.log(`RSS after ${requests} requests over ${connections} connections (${inFlight} queued on each), ${rounds} rounds`)
console.log('| scenario | ' + peers.join(' MB | ') + ' MB |')
console.log('|---|' + peers.map(() => '---:|').join(''))
for (const name of scenarioNames) {
  const cells = peers.map((peer) => {
    const values = samples[`${name} ${peer}`]
    return `${mb(median(values))} (${mb(Math.min(...values))}–${mb(Math.max(...values))})`
  })
  console.log(`| ${name} | ${cells.join(' | ')} |`)
}
console.log('RESULT ' + JSON.stringify({ requests, connections, inFlight, rounds, samples }))
