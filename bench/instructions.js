// Instructions per request: each peer server runs under valgrind's callgrind (JIT on), a keep-alive
// client outside valgrind warms it up, then callgrind counts only a measured window on a fresh
// connection. Instruction counts move far less with the machine's load than req/s does.
//
//   node bench/instructions.js [--scenarios S1,S3] [--peers enclave,fastify5] [--processes 3]
//     [--warmup-requests 20000] [--warmup-connections 20] [--requests 2000] [--parallel 1] [--start-timeout 180]
//     [--keep]   keep the callgrind dumps (callgrind_annotate them to see where the instructions go)
//
// What makes the number repeatable (each point once gave a wrong one):
// - warm-up over many connections opened one after another: the first few new connections deoptimise
//   Node's net/http code, so a warm-up on one connection measures a window that still compiles;
// - the window is a fresh connection with a fixed request count, instrumentation switched on around it with
//   callgrind_control (the server starts with --instr-atstart=no, which also makes the warm-up run
//   several times faster than under full instrumentation);
// - a window where V8's optimising compilers or deoptimiser take > 1 % of the instructions is still
//   warming up: it is thrown away and another one measured (after more warm-up); so is one with a
//   mark-compact > 1 %, a collection that belongs to far more requests than the window's;
// - one number per process, several processes, the median reported with the spread.
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import { fileURLToPath } from 'node:url'
import { scenarios, appOf, productionPeers } from './scenarios.js'
import { median } from './stats.js'

const benchDir = fileURLToPath(new URL('.', import.meta.url))
export const instructionPeers = ['raw', 'enclave', 'fastify5', 'fastify4', 'hono']
// Only when named: P1's answer written to Node in one way each (servers/raw-write.js).
const writeVariantPeers = ['write-object', 'write-array', 'write-set-header', 'write-buffer', 'write-fixed-length', 'write-one-write']
const httpScenarios = ['S1', 'S2', 'S3', 'S4', 'S5', 'P1', 'P1-info', 'P1-quiet', 'P1-nolog']

/** valgrind and callgrind_control, or the reason the instruction count cannot be measured. */
export function valgrindStatus () {
  for (const tool of ['valgrind', 'callgrind_control']) {
    const probe = spawnSync(tool, ['--version'], { encoding: 'utf8' })
    if (probe.error !== undefined || probe.status !== 0) {
      return { available: false, reason: `${tool} not found (apt-get install valgrind)` }
    }
  }
  const version = spawnSync('valgrind', ['--version'], { encoding: 'utf8' }).stdout.trim()
  return { available: true, version }
}

// V8's optimising tiers and the deoptimiser: their share of a window says whether the code measured
// was still being (re)compiled.
// A full (mark-compact) collection: reported beside the count, since one landing in a window weighs
// on it far more than its share over a long run.
const majorGcFunction = /v8::internal::(MarkCompactCollector|ConcurrentMarking|IncrementalMarking|MainMarkingVisitor|ConcurrentMarkingVisitor|MarkingVisitorBase|Sweeper)/
const compilerFunction = /v8::internal::(compiler|maglev|turboshaft)::|v8::internal::Deoptimizer|v8::internal::OptimizingCompileDispatcher|v8::internal::Compiler::Compile|v8::internal::TranslatedState/

/**
 * The function a callgrind `fn=` line names. Callgrind compresses repeated names to `(id)`: the
 * first `fn=(id) name` defines the id in `names`, later `fn=(id)` lines refer to it.
 */
export function callgrindFunctionName (line, names) {
  const match = /^fn=(?:\((\d+)\))?\s*(.*)$/.exec(line)
  let name = match[2]
  if (match[1] !== undefined) {
    if (name === '') name = names.get(match[1]) ?? ''
    else names.set(match[1], name)
  }
  return name
}

/**
 * Reads a callgrind output file: the total instructions, and the self cost of every function whose
 * name marks V8's optimising compiler or deoptimiser. Cost lines that follow a `calls=` line are a
 * callee's inclusive cost and do not count as the caller's own.
 */
export function readCallgrind (text) {
  const names = new Map()
  let total = 0
  let compiler = 0
  let majorGc = 0
  let currentIsCompiler = false
  let currentIsMajorGc = false
  let afterCalls = false
  for (const line of text.split('\n')) {
    if (line.startsWith('fn=')) {
      const name = callgrindFunctionName(line, names)
      currentIsCompiler = compilerFunction.test(name)
      currentIsMajorGc = majorGcFunction.test(name)
      continue
    }
    if (line.startsWith('calls=')) { afterCalls = true; continue }
    if (line.startsWith('cfn=') || line.startsWith('cfi=') || line.startsWith('cfl=') || line.startsWith('cob=')) {
      // A callee's compressed name is defined here the first time it appears.
      const match = /^cfn=\((\d+)\)\s+(.+)$/.exec(line)
      if (match !== null) names.set(match[1], match[2])
      continue
    }
    if (line.startsWith('totals:') || line.startsWith('summary:')) {
      total = Math.max(total, Number(line.split(/\s+/)[1]))
      continue
    }
    const first = line.charCodeAt(0)
    // Cost lines start with a position: a digit, '+', '-' or '*'.
    if ((first >= 48 && first <= 57) || first === 43 || first === 45 || first === 42) {
      if (afterCalls) { afterCalls = false; continue }
      if (currentIsCompiler || currentIsMajorGc) {
        const parts = line.split(' ')
        const cost = Number(parts[parts.length - 1])
        if (currentIsCompiler) compiler += cost
        else majorGc += cost
      }
    }
  }
  return { total, compiler, majorGc }
}

/** The bytes of one request of a scenario, as a keep-alive client sends it. */
function requestBytes (request) {
  const body = request.body === undefined ? '' : request.body
  let head = `${request.method} ${request.path} HTTP/1.1\r\nhost: 127.0.0.1\r\nconnection: keep-alive\r\n`
  for (const [name, value] of Object.entries(request.headers ?? {})) head += `${name}: ${value}\r\n`
  if (request.body !== undefined) head += `content-length: ${Buffer.byteLength(body)}\r\n`
  return Buffer.from(head + '\r\n' + body)
}

/**
 * Sends `count` requests one after another on one new connection and checks every answer is a 200
 * (the first one also against the scenario's check). Answers are framed by content-length or chunked.
 */
export function runConnection (port, scenario, count) {
  const bytes = requestBytes(scenario.request)
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1')
    let pending = Buffer.alloc(0)
    let answered = 0
    socket.setNoDelay(true)
    socket.on('connect', () => socket.write(bytes))
    socket.on('error', reject)
    socket.on('close', () => { if (answered < count) reject(new Error(`connection closed after ${answered}/${count} answers`)) })
    socket.on('data', (chunk) => {
      pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk])
      for (;;) {
        const headEnd = pending.indexOf('\r\n\r\n')
        if (headEnd === -1) return
        const head = pending.subarray(0, headEnd).toString('latin1')
        const status = Number(head.slice(9, 12))
        const length = /\r\ncontent-length:\s*(\d+)/i.exec(head)
        let end
        let body
        if (length !== null) {
          end = headEnd + 4 + Number(length[1])
          if (pending.length < end) return
          body = pending.subarray(headEnd + 4, end)
        } else if (/\r\ntransfer-encoding:\s*chunked/i.test(head)) {
          const last = pending.indexOf('\r\n0\r\n\r\n', headEnd)
          if (last === -1) return
          end = last + 7
          body = null
        } else {
          socket.destroy()
          reject(new Error('an answer without content-length or chunked encoding'))
          return
        }
        if (answered === 0 && body !== null && !scenario.check(status, body.toString())) {
          socket.destroy()
          reject(new Error(`wrong answer: ${status} ${body.toString().slice(0, 100)}`))
          return
        }
        if (status !== 200) {
          socket.destroy()
          reject(new Error(`status ${status}`))
          return
        }
        pending = pending.subarray(end)
        answered++
        if (answered === count) {
          socket.end()
          resolve()
          return
        }
        socket.write(bytes)
      }
    })
  })
}

function callgrindControl (pid, ...args) {
  const result = spawnSync('callgrind_control', [...args, String(pid)], { encoding: 'utf8' })
  if (result.status !== 0) throw new Error(`callgrind_control ${args.join(' ')} ${pid}: ${result.stderr || result.stdout}`)
}

// Servers under valgrind outlive an interrupted runner unless it ends them itself.
const liveServers = new Set()
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, function endServers () {
    for (const child of liveServers) child.kill('SIGKILL')
    process.exit(130)
  })
}

function startUnderCallgrind (peer, app, outDir, startTimeout) {
  const server = writeVariantPeers.includes(peer) ? ['raw-write.js', '--variant', peer.slice('write-'.length)] : [`${peer}.js`]
  const args = [
    '--tool=callgrind', '-q', '--instr-atstart=no', `--callgrind-out-file=${outDir}/callgrind.out`,
    process.execPath, `${benchDir}servers/${server[0]}`, ...server.slice(1), '--port', '0', '--app', app
  ]
  // The IPC channel's descriptor passes through valgrind to node: the server reports its port on it.
  const child = spawn('valgrind', args, { stdio: ['ignore', 'pipe', 'pipe', 'ipc'], cwd: benchDir })
  liveServers.add(child)
  child.once('exit', () => liveServers.delete(child))
  return new Promise((resolve, reject) => {
    let output = ''
    const timer = setTimeout(() => { child.kill('SIGKILL'); reject(new Error(`${peer} did not start under valgrind within ${startTimeout} s`)) }, startTimeout * 1000)
    child.on('message', function onReady (message) {
      if (message?.type !== 'ready') return
      child.off('message', onReady)
      clearTimeout(timer)
      resolve({ child, port: message.port })
    })
    child.stdout.on('data', (chunk) => { output += chunk })
    child.stderr.on('data', (chunk) => { output += chunk })
    child.once('exit', (code) => { clearTimeout(timer); reject(new Error(`${peer} exited (${code}) under valgrind: ${output.slice(-500)}`)) })
  })
}

/** One process of one peer: warm up, then measured windows until one is free of compilation. */
async function measureProcess (peer, scenarioName, options) {
  const scenario = scenarios[scenarioName]
  const outDir = mkdtempSync(`${os.tmpdir()}/enclave-callgrind-`)
  const { child, port } = await startUnderCallgrind(peer, appOf(scenarioName), outDir, options.startTimeout)
  child.removeAllListeners('exit')
  const exited = new Promise((resolve) => child.once('exit', resolve))
  try {
    const perConnection = Math.ceil(options.warmupRequests / options.warmupConnections)
    for (let i = 0; i < options.warmupConnections; i++) await runConnection(port, scenario, perConnection)
    const rejected = []
    const rewarmConnections = 2
    for (let attempt = 1; attempt <= options.attempts; attempt++) {
      callgrindControl(child.pid, '--zero')
      callgrindControl(child.pid, '--instr=on')
      const started = process.hrtime.bigint()
      await runConnection(port, scenario, options.requests)
      const seconds = Number(process.hrtime.bigint() - started) / 1e9
      callgrindControl(child.pid, '--instr=off')
      callgrindControl(child.pid, '--dump')
      const dumps = readdirSync(outDir).filter((name) => name.startsWith('callgrind.out.')).sort((a, b) => Number(a.split('.').pop()) - Number(b.split('.').pop()))
      const { total, compiler, majorGc } = readCallgrind(readFileSync(`${outDir}/${dumps[dumps.length - 1]}`, 'utf8'))
      const window = { instructionsPerRequest: total / options.requests, compilerShare: total > 0 ? compiler / total : 0, majorGcShare: total > 0 ? majorGc / total : 0, reqPerSecUnderValgrind: options.requests / seconds, attempt }
      // A window with a mark-compact in it counts one collection that belongs to far more requests
      // than the window's (forcing one before the window does not help: gc() throws away optimised
      // code, and the windows after it were 5-55 % TurboFan even after 5 000 more requests).
      if (window.compilerShare <= options.maxCompilerShare && window.majorGcShare <= options.maxMajorGcShare) return { ...window, rejected }
      rejected.push(window)
      for (let i = 0; i < rewarmConnections; i++) await runConnection(port, scenario, perConnection)
    }
    return { instructionsPerRequest: null, compilerShare: null, rejected }
  } finally {
    child.disconnect?.()
    child.kill('SIGKILL')
    await exited
    if (options.keep) console.log(`callgrind dumps kept in ${outDir}`)
    else rmSync(outDir, { recursive: true, force: true })
  }
}

function parseArgs (argv) {
  const value = (flag) => {
    const at = argv.indexOf(flag)
    return at === -1 ? undefined : argv[at + 1]
  }
  const list = (flag) => value(flag)?.split(',').map((entry) => entry.trim()).filter(Boolean)
  return instructionOptions({
    scenarios: list('--scenarios'),
    peers: list('--peers'),
    processes: value('--processes'),
    warmupRequests: value('--warmup-requests'),
    warmupConnections: value('--warmup-connections'),
    requests: value('--requests'),
    parallel: value('--parallel'),
    startTimeout: value('--start-timeout'),
    keep: argv.includes('--keep')
  })
}

/** The instruction run's settings, from `npm run bench` options or this script's own flags. */
export function instructionOptions (given = {}) {
  const options = {
    scenarios: (given.scenarios ?? httpScenarios).filter((name) => httpScenarios.includes(name)),
    peers: (given.peers ?? instructionPeers).filter((peer) => instructionPeers.includes(peer) || writeVariantPeers.includes(peer)),
    processes: Number(given.processes ?? 3),
    warmupRequests: Number(given.warmupRequests ?? 20000),
    warmupConnections: Number(given.warmupConnections ?? 20),
    requests: Number(given.requests ?? 2000),
    parallel: Number(given.parallel ?? 1),
    // Seconds a server may take to start under valgrind: the S app's 2000 routes need more on a loaded machine.
    startTimeout: Number(given.startTimeout ?? 180),
    keep: given.keep === true,
    attempts: 4,
    maxCompilerShare: 0.01,
    maxMajorGcShare: 0.01
  }
  return options
}

/** Every scenario × peer × process; `parallel` processes at a time (instruction counts do not mind). */
export async function runInstructions (options, log = console.log) {
  const status = valgrindStatus()
  if (!status.available) {
    log(`instructions per request: skipped, ${status.reason}; req/s only`)
    return { skipped: status.reason }
  }
  const jobs = []
  for (const scenario of options.scenarios) {
    for (const peer of options.peers) {
      if (appOf(scenario) !== 'S' ? !productionPeers.includes(peer) && !writeVariantPeers.includes(peer) : writeVariantPeers.includes(peer)) continue
      for (let index = 0; index < options.processes; index++) jobs.push({ scenario, peer, process: index })
    }
  }
  log(`instructions per request (${status.version}): ${options.peers.length} peers × ${options.scenarios.length} scenarios × ${options.processes} processes; warm-up ${options.warmupRequests} requests over ${options.warmupConnections} connections, window ${options.requests} requests on a fresh connection`)
  const windows = []
  let next = 0
  async function worker () {
    while (next < jobs.length) {
      const job = jobs[next++]
      const started = Date.now()
      try {
        const result = await measureProcess(job.peer, job.scenario, options)
        windows.push({ ...job, ...result })
        const shown = result.instructionsPerRequest === null ? 'no window free of compilation' : `${Math.round(result.instructionsPerRequest).toLocaleString('en-US')} instr/req (compiler ${(result.compilerShare * 100).toFixed(2)} %, major GC ${(result.majorGcShare * 100).toFixed(2)} %)`
        log(`  ${job.scenario} ${job.peer} #${job.process + 1}: ${shown}${result.rejected.length > 0 ? `, ${result.rejected.length} window(s) rejected (compiler/major GC ${result.rejected.map((w) => `${(w.compilerShare * 100).toFixed(1)}/${(w.majorGcShare * 100).toFixed(1)}`).join(', ')} %)` : ''} [${((Date.now() - started) / 1000).toFixed(0)} s]`)
      } catch (error) {
        windows.push({ ...job, instructionsPerRequest: null, error: String(error.message ?? error) })
        log(`  ${job.scenario} ${job.peer} #${job.process + 1}: failed, ${error.message ?? error}`)
      }
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, options.parallel) }, worker))
  return { valgrind: status.version, settings: options, windows, summary: summariseInstructions(windows, options) }
}

/** Median per scenario × peer, the spread (max−min over median) and the ratios to raw and fastify@5. */
export function summariseInstructions (windows, options) {
  const rows = []
  for (const scenario of options.scenarios) {
    const group = []
    for (const peer of options.peers) {
      const values = windows.filter((w) => w.scenario === scenario && w.peer === peer && w.instructionsPerRequest !== null).map((w) => w.instructionsPerRequest)
      if (values.length === 0) continue
      const mid = median(values)
      group.push({ scenario, peer, instructions: mid, spread: (Math.max(...values) - Math.min(...values)) / mid, processes: values.length })
    }
    const raw = group.find((row) => row.peer === 'raw')
    const fastify5 = group.find((row) => row.peer === 'fastify5')
    for (const row of group) {
      row.ratioRaw = raw === undefined ? null : row.instructions / raw.instructions
      row.ratioFastify5 = fastify5 === undefined ? null : row.instructions / fastify5.instructions
    }
    rows.push(...group)
  }
  return rows
}

export function printInstructionTable (rows, log = console.log) {
  const header = ['scenario', 'peer', 'instr/req', 'spread', '÷ raw', '÷ fastify5', 'processes']
  const cells = rows.map((row) => [row.scenario, row.peer, Math.round(row.instructions).toLocaleString('en-US'), `${(row.spread * 100).toFixed(2)} %`,
    row.ratioRaw === null ? '–' : row.ratioRaw.toFixed(3), row.ratioFastify5 === null ? '–' : row.ratioFastify5.toFixed(3), String(row.processes)])
  const widths = header.map((title, i) => Math.max(title.length, ...cells.map((row) => row[i].length)))
  const line = (row) => row.map((cell, i) => i < 2 ? cell.padEnd(widths[i]) : cell.padStart(widths[i])).join('  ')
  log(line(header))
  for (const row of cells) log(line(row))
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const options = parseArgs(process.argv.slice(2))
  const result = await runInstructions(options)
  if (result.summary !== undefined) printInstructionTable(result.summary)
}
