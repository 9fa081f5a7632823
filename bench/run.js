// `npm run bench` — runs the peer servers (pinned to CPU 0) under wrk or autocannon (pinned to CPU 1),
// interleaving peers round by round, then the in-process scenarios (S6 start-up, S7 compilers,
// S8 serialization); prints the tables and writes docs/benchmarks.md and docs/benchmarks.svg.
//
//   npm run bench -- --quick                     short smoke run
//   npm run bench -- --must-show                 the performance goal's checks (P1, S1–S5, start-up) and their ratios (bench/must-show.js)
//   npm run bench -- --scenarios S1,S4,S6        only these scenarios (P1, P1-info, P1-quiet, P1-nolog: the production-shaped app)
//   npm run bench -- --peers enclave,fastify5    only these peers (raw and fastify5 are kept as baselines
//                                                unless --no-baselines)
//   --rounds N --duration S --connections N --pipelining 1,10 --warmup S
//   --loader wrk|autocannon                      the load generator (default: wrk when installed)
//   --report / --no-report                       write docs/ (default: only for a complete, non-quick run)
//   --profile                                    start the enclave server with --cpu-prof (bench/results/profiles)
//   --no-instructions                            skip the instructions-per-request pass (callgrind)
//   --processes N --warmup-requests N --requests N --parallel N --start-timeout S   its settings (see bench/instructions.js)
import { spawn } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import os from 'node:os'
import { scenarios, item, appOf, productionPeers } from './scenarios.js'
import { pinning, pinnedNode, serverCpu, loadCpu } from './pinning.js'
import { runStartup } from './startup.js'
import { runNodeScript } from './child.js'
import { summariseHttp, printHttpTables, printMicroTables } from './summary.js'
import { writeReport } from './report.js'
import { wrkVersion } from './load.js'
import { waitForMessage, startServer, usageOf, stopProcess } from './peer-process.js'
import { instructionOptions, printInstructionTable, runInstructions } from './instructions.js'

const benchDir = fileURLToPath(new URL('.', import.meta.url))
const allPeers = ['raw', 'raw-limit', 'enclave', 'fastify4', 'fastify5', 'express', 'koa', 'hono']
const httpScenarios = ['S1', 'S2', 'S3', 'S4', 'S5', 'P1', 'P1-info', 'P1-quiet', 'P1-nolog']
const allScenarios = [...httpScenarios, 'S6', 'S7', 'S8']

function parseArgs (argv) {
  const value = (flag) => {
    const at = argv.indexOf(flag)
    return at === -1 ? undefined : argv[at + 1]
  }
  const list = (flag) => value(flag)?.split(',').map((entry) => entry.trim()).filter(Boolean)
  const quick = argv.includes('--quick')
  const options = {
    quick,
    scenarios: list('--scenarios') ?? allScenarios,
    peers: list('--peers') ?? allPeers,
    rounds: Number(value('--rounds') ?? (quick ? 1 : 3)),
    duration: Number(value('--duration') ?? (quick ? 1 : 3)),
    warmup: Number(value('--warmup') ?? (quick ? 0.5 : 1.5)),
    connections: Number(value('--connections') ?? 100),
    pipelining: (list('--pipelining') ?? ['1', '10']).map(Number),
    startupRounds: Number(value('--startup-rounds') ?? (quick ? 1 : 3)),
    report: argv.includes('--report') ? true : argv.includes('--no-report') ? false : undefined,
    profile: argv.includes('--profile'),
    baselines: !argv.includes('--no-baselines'),
    loader: value('--loader'),
    instructions: !argv.includes('--no-instructions'),
    processes: value('--processes'),
    warmupRequests: value('--warmup-requests'),
    warmupConnections: value('--warmup-connections'),
    requests: value('--requests'),
    parallel: value('--parallel'),
    startTimeout: value('--start-timeout')
  }
  const installedWrk = wrkVersion()
  options.loader ??= installedWrk === null ? 'autocannon' : 'wrk'
  if (!['wrk', 'autocannon'].includes(options.loader)) throw new Error(`unknown load generator ${options.loader}`)
  if (options.loader === 'wrk' && installedWrk === null) throw new Error('--loader wrk: wrk is not installed (apt-get install wrk)')
  options.loaderVersion = options.loader === 'wrk' ? installedWrk : 'autocannon'
  for (const name of options.scenarios) if (!allScenarios.includes(name)) throw new Error(`unknown scenario ${name}`)
  for (const name of options.peers) if (!allPeers.includes(name)) throw new Error(`unknown peer ${name}`)
  if (options.baselines) {
    // Ratios are to raw node:http and fastify@5: keep them in any subset.
    for (const baseline of ['raw', 'fastify5']) if (!options.peers.includes(baseline)) options.peers.unshift(baseline)
    options.peers = allPeers.filter((peer) => options.peers.includes(peer))
  }
  // Only a complete run rewrites docs/benchmarks.md, unless asked otherwise.
  options.report ??= !quick && options.scenarios.length === allScenarios.length && options.peers.length === allPeers.length
  return options
}

/** Every peer must answer every scenario correctly (and S3 must refuse a bad body) before any load. */
async function verify (server, scenarioNames) {
  const failures = []
  for (const name of scenarioNames) {
    const { request, check } = scenarios[name]
    const response = await fetch(`http://127.0.0.1:${server.port}${request.path}`, { method: request.method, headers: request.headers, body: request.body })
    const text = await response.text()
    if (!check(response.status, text)) failures.push(`${name}: ${response.status} ${text.slice(0, 120)}`)
    if (name === 'S3') {
      const bad = await fetch(`http://127.0.0.1:${server.port}${request.path}`, { method: 'POST', headers: request.headers, body: JSON.stringify({ ...item, price: -1 }) })
      await bad.text()
      if (bad.status !== 400) failures.push(`S3: an invalid body got ${bad.status}, not 400`)
    }
  }
  return failures
}

async function startLoader (options) {
  const { command, args } = pinnedNode(loadCpu, [`${benchDir}load.js`, ...(options.loader === 'wrk' ? ['--wrk'] : [])])
  const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], cwd: benchDir })
  await waitForMessage(child, 'ready', 30000, 'load generator')
  return child
}

async function load (loader, server, scenarioName, pipelining, duration, options) {
  const { request } = scenarios[scenarioName]
  const reply = waitForMessage(loader, 'result', (duration + 60) * 1000, 'load run')
  loader.send({
    type: 'run',
    url: `http://127.0.0.1:${server.port}${request.path}`,
    method: request.method,
    headers: request.headers,
    body: request.body,
    connections: options.connections,
    pipelining,
    duration
  })
  const message = await reply
  if (message.error !== undefined) throw new Error(message.error)
  return message.result
}

function rotate (list, by) {
  const shift = by % list.length
  return [...list.slice(shift), ...list.slice(0, shift)]
}

/**
 * The HTTP scenarios, one server app at a time: S1–S5 share one server per peer, each P1 variant
 * (its own logger settings) has its own, run by the peers that implement it.
 */
async function runHttp (options, log) {
  const scenarioNames = options.scenarios.filter((name) => httpScenarios.includes(name))
  if (scenarioNames.length === 0) return null
  const runs = []
  const excluded = {}
  for (const app of new Set(scenarioNames.map(appOf))) {
    const names = scenarioNames.filter((name) => appOf(name) === app)
    const peers = app === 'S' ? options.peers : options.peers.filter((peer) => productionPeers.includes(peer))
    await runHttpApp(app, names, peers, options, log, runs, excluded)
  }
  return { runs, excluded, peers: options.peers, scenarios: scenarioNames, pipelining: options.pipelining }
}

async function runHttpApp (app, scenarioNames, peers, options, log, runs, excluded) {
  const servers = []
  let loader
  try {
    for (const peer of peers) servers.push(await startServer(peer, options, app))
    const failing = new Set()
    for (const server of servers) {
      const failures = await verify(server, scenarioNames)
      if (failures.length > 0) {
        failing.add(server)
        excluded[server.peer] = [...(excluded[server.peer] ?? []), ...failures]
        log(`! ${server.peer} answers wrongly, left out: ${failures.join('; ')}`)
      }
    }
    const active = servers.filter((server) => !failing.has(server))
    loader = await startLoader(options)
    const plan = scenarioNames.length * options.pipelining.length * active.length
    log(`HTTP: ${active.length} peers × ${scenarioNames.length} scenarios × pipelining ${options.pipelining.join('/')} × ${options.rounds} rounds of ${options.duration}s (+ ${options.warmup}s warm-up each)`)
    for (const name of scenarioNames) {
      for (const server of active) await load(loader, server, name, Math.max(...options.pipelining), options.warmup, options)
    }
    for (let round = 0; round < options.rounds; round++) {
      let done = 0
      for (const name of scenarioNames) {
        for (const pipelining of options.pipelining) {
          for (const server of rotate(active, round)) {
            const before = await usageOf(server)
            const result = await load(loader, server, name, pipelining, options.duration, options)
            const after = await usageOf(server)
            runs.push({
              round,
              scenario: name,
              pipelining,
              peer: server.peer,
              ...result,
              cpuMicrosPerRequest: result.requests > 0 ? (after.cpuMicros - before.cpuMicros) / result.requests : null,
              serverCpuShare: (after.cpuMicros - before.cpuMicros) / 1e6 / result.seconds,
              rss: after.rss
            })
            done++
          }
        }
      }
      log(`  round ${round + 1}/${options.rounds} done (${done}/${plan} runs)`)
    }
  } finally {
    if (loader !== undefined) await stopProcess(loader)
    for (const server of servers) await stopProcess(server.child)
  }
}

async function runMicro (script, options) {
  const args = [`${benchDir}${script}`]
  if (options.quick) args.push('--quick')
  const { command, args: pinnedArgs } = pinnedNode(serverCpu, args)
  return runNodeScript(command, pinnedArgs, benchDir)
}

function machine () {
  const cpus = os.cpus()
  return {
    cpuModel: cpus[0]?.model ?? 'unknown',
    cpus: cpus.length,
    memoryGB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    platform: `${os.type()} ${os.release()}`,
    loadAverageAtStart: os.loadavg()
  }
}

async function main () {
  if (process.argv.includes('--must-show')) {
    const { runMustShow } = await import('./must-show.js')
    const { checks } = await runMustShow(process.argv.slice(2))
    process.exitCode = checks.every((check) => check.met) ? 0 : 1
    return
  }
  const options = parseArgs(process.argv.slice(2))
  const log = (line) => console.log(line)
  const started = Date.now()
  const results = {
    date: new Date().toISOString(),
    options,
    machine: machine(),
    pinning
  }
  log(`bench: ${pinning.enabled ? 'servers on CPU 0, load generator on CPU 1' : `unpinned (${pinning.reason})`}; load average ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}`)

  // The leading measure: instructions per request under callgrind (req/s and CPU time follow).
  if (options.instructions && options.scenarios.some((name) => httpScenarios.includes(name))) {
    const settings = instructionOptions({
      scenarios: options.scenarios,
      peers: options.peers,
      processes: options.processes ?? (options.quick ? 1 : undefined),
      warmupRequests: options.warmupRequests ?? (options.quick ? 4000 : undefined),
      warmupConnections: options.warmupConnections ?? (options.quick ? 8 : undefined),
      requests: options.requests ?? (options.quick ? 500 : undefined),
      parallel: options.parallel,
      startTimeout: options.startTimeout
    })
    results.instructions = await runInstructions(settings, log)
    if (results.instructions.summary !== undefined) printInstructionTable(results.instructions.summary, log)
  }

  const http = await runHttp(options, log)
  if (http !== null) {
    results.http = { ...http, summary: summariseHttp(http) }
    printHttpTables(results.http.summary, log)
  }
  if (options.scenarios.includes('S6')) {
    log('S6: start-up with 1000 routes (fresh process per measurement)')
    results.startup = await runStartup(options, benchDir)
  }
  if (options.scenarios.includes('S7')) {
    log('S7: validating the S3 body, in-process')
    results.compilers = await runMicro('compilers.js', options)
  }
  if (options.scenarios.includes('S8')) {
    log('S8: serializing 100 users, in-process')
    results.serialize = await runMicro('serialize.js', options)
  }
  printMicroTables(results, log)
  results.machine.loadAverageAtEnd = os.loadavg()
  results.elapsedSeconds = (Date.now() - started) / 1000

  const resultsDir = fileURLToPath(new URL('./results/', import.meta.url))
  mkdirSync(resultsDir, { recursive: true })
  // latest.json is what docs/benchmarks.md is rendered from: a partial run must not replace it.
  const file = options.report ? 'latest.json' : 'partial.json'
  writeFileSync(`${resultsDir}${file}`, JSON.stringify(results, null, 2) + '\n')
  log(`results: bench/results/${file} (${results.elapsedSeconds.toFixed(0)} s)`)
  if (options.report) {
    writeReport(results)
    log('report: docs/benchmarks.md, docs/benchmarks.svg')
  }
}

main().catch((error) => {
  console.error(error)
  process.exitCode = 1
})
