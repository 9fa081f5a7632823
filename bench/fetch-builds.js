// Builds of Enclave (and Hono) through the fetch handler in-process, each in a process of its own:
// the same loop as fetch-compare.js (a Web Request in, the Response body read to its end), but one
// app per process, processes alternated round after round and each round starting with the next
// peer. Several apps in one process measured the same build up to 2x apart on a loaded machine
// (see docs/benchmarks.md); this is how two builds are compared on Bun, Deno and Node.
//   node bench/fetch-builds.js [--runtimes bun,deno,node] [--scenarios S1,S2,S3] [--rounds 5] [--requests 5000]
//     [--baseline <another build's core/dist/index.import.js>] [--build <this build's, if not @enclave/core>] [--no-hono]
// CPU µs per request (the process's user + system time over the counted pass), median (range) of the rounds.
import { execFileSync } from 'node:child_process'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { dirname, join, resolve } from 'node:path'

const here = fileURLToPath(import.meta.url)

function requestOf (scenarios, name) {
  const { method, path, headers, body } = scenarios[name].request
  const length = body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }
  return new Request(`http://127.0.0.1${path}`, { method, headers: { ...headers, ...length }, body })
}

async function child ([peer, scenarioList, requestsArg]) {
  const { scenarios } = await import('./scenarios.js')
  let fetch
  if (peer === 'hono') {
    const { buildHonoApp } = await import('./servers/hono-app.js')
    fetch = buildHonoApp().fetch
  } else {
    const { buildApp } = await import('./servers/fastify-style.js')
    const module = peer === 'enclave' ? '@enclave/core' : pathToFileURL(resolve(peer)).href
    const { default: factory } = await import(module)
    const app = buildApp(factory)
    await app.ready()
    fetch = app.fetch
  }
  const requests = Number(requestsArg)
  const result = {}
  for (const name of scenarioList.split(',')) {
    const check = await fetch(requestOf(scenarios, name))
    const text = await check.text()
    if (!scenarios[name].check(check.status, text)) throw new Error(`${peer} ${name}: unexpected answer ${check.status} ${text.slice(0, 200)}`)
    // Three passes, the last counted: the JIT settles in the first two.
    for (let pass = 0; pass < 3; pass++) {
      const start = process.cpuUsage()
      for (let i = 0; i < requests; i++) await (await fetch(requestOf(scenarios, name))).arrayBuffer()
      const used = process.cpuUsage(start)
      result[name] = (used.user + used.system) / requests
    }
  }
  process.stdout.write(JSON.stringify(result) + '\n')
}

function parent () {
  const flag = (name, fallback) => {
    const index = process.argv.indexOf(name)
    return index === -1 ? fallback : process.argv[index + 1]
  }
  const root = join(dirname(here), '..')
  const commands = {
    node: [process.execPath, []],
    bun: [join(root, 'node_modules/.bin/bun'), []],
    deno: [join(root, 'node_modules/.bin/deno'), ['run', '--allow-all', '--no-lock', '--quiet']]
  }
  const runtimes = flag('--runtimes', 'bun,deno,node').split(',')
  const scenarioList = flag('--scenarios', 'S1,S2,S3')
  const rounds = Number(flag('--rounds', '5'))
  const requests = flag('--requests', '5000')
  const baseline = flag('--baseline', null)
  const build = flag('--build', null)
  const peers = [build === null ? 'enclave' : resolve(build)]
  if (baseline !== null) peers.push(resolve(baseline))
  if (!process.argv.includes('--no-hono')) peers.push('hono')
  const label = (peer) => peer === peers[0] ? 'enclave' : peer === 'hono' ? peer : 'baseline'
  for (const runtime of runtimes) {
    const [command, args] = commands[runtime]
    const samples = {}
    for (let round = 0; round < rounds; round++) {
      for (let index = 0; index < peers.length; index++) {
        const peer = peers[(index + round) % peers.length]
        const output = execFileSync(command, [...args, here, '--child', peer, scenarioList, requests], { cwd: root, encoding: 'utf8' })
        const result = JSON.parse(output.trim().split('\n').pop())
        for (const [scenario, micros] of Object.entries(result)) (samples[`${scenario} ${label(peer)}`] ??= []).push(micros)
      }
    }
    console.log(`${runtime}: CPU µs per request through the fetch handler, median (range) of ${rounds} rounds of ${requests} requests, one process per peer`)
    for (const scenario of scenarioList.split(',')) {
      const cells = peers.map((peer) => {
        const sorted = [...samples[`${scenario} ${label(peer)}`]].sort((a, b) => a - b)
        return `${label(peer)} ${sorted[Math.floor(sorted.length / 2)].toFixed(1)} (${sorted[0].toFixed(1)}–${sorted[sorted.length - 1].toFixed(1)})`
      })
      console.log(`  ${scenario}  ${cells.join('  ')}`)
    }
  }
}

if (process.argv[2] === '--child') await child(process.argv.slice(3))
else parent()
