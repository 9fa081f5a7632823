// The performance goal's three checks in one run, Enclave and fastify@5 side by side, ratios printed:
//   1. instructions per request of the production-shaped app (P1): Enclave ≤ 0.85x fastify@5;
//   2. S1–S5 instructions per request: no worse than the table of docs/benchmarks.md when the goal
//      was set (compared as Enclave ÷ fastify@5 of this run, which the machine's load moves far
//      less than the absolute counts, and absolute for reference);
//   3. default start-up (1000 routes, distinct schemas, no option set): CPU ≤ 0.5x fastify@5's.
//
//   npm run bench -- --must-show [--processes 3] [--parallel 1] [--startup-rounds 5] [--variants]
//     [--warmup-requests N --warmup-connections N --requests N --start-timeout S]   (see bench/instructions.js)
//   node bench/must-show.js …     (the same, without building first)
//
// --variants adds P1-info (pino's default level, the request lines written) and P1-quiet
// (disableRequestLogging) for context; they are not part of the verdict. Exits 1 when a check fails.
import os from 'node:os'
import { fileURLToPath } from 'node:url'
import { instructionOptions, runInstructions, printInstructionTable } from './instructions.js'
import { runStartup } from './startup.js'

const benchDir = fileURLToPath(new URL('.', import.meta.url))

/** docs/benchmarks.md's instructions table when the goal was set (one complete run, 3 processes each). */
export const docsReference = {
  S1: { enclave: 55641, ratio: 0.973 },
  S2: { enclave: 524202, ratio: 0.998 },
  S3: { enclave: 99016, ratio: 0.829 },
  S4: { enclave: 58344, ratio: 0.984 },
  S5: { enclave: 56976, ratio: 0.936 }
}

const p1Limit = 0.85
const startupLimit = 0.5

function parseArgs (argv) {
  const value = (flag) => {
    const at = argv.indexOf(flag)
    return at === -1 ? undefined : argv[at + 1]
  }
  return {
    processes: value('--processes') ?? 3,
    parallel: value('--parallel') ?? 1,
    warmupRequests: value('--warmup-requests'),
    warmupConnections: value('--warmup-connections'),
    requests: value('--requests'),
    startTimeout: value('--start-timeout'),
    startupRounds: Number(value('--startup-rounds') ?? 5),
    variants: argv.includes('--variants')
  }
}

const ratio = (value) => value.toFixed(3) + 'x'
const count = (value) => Math.round(value).toLocaleString('en-US')

export async function runMustShow (argv, log = console.log) {
  const args = parseArgs(argv)
  const started = Date.now()
  log(`must-show run, ${new Date().toISOString()}; load average ${os.loadavg().map((load) => load.toFixed(2)).join(' / ')} (1/5/15 min) on ${os.cpus().length} CPUs`)
  const scenarios = ['P1', ...(args.variants ? ['P1-info', 'P1-quiet'] : []), 'S1', 'S2', 'S3', 'S4', 'S5']
  const instructions = await runInstructions(instructionOptions({ scenarios, peers: ['enclave', 'fastify5'], processes: args.processes, parallel: args.parallel, warmupRequests: args.warmupRequests, warmupConnections: args.warmupConnections, requests: args.requests, startTimeout: args.startTimeout }), log)
  log('')
  log(`start-up: 1000 routes, ${args.startupRounds} fresh processes each, interleaved`)
  const startup = await runStartup({ startupRounds: args.startupRounds, startupPeers: ['enclave', 'fastify5'] }, benchDir)
  log(`load average at the end ${os.loadavg().map((load) => load.toFixed(2)).join(' / ')}; ${((Date.now() - started) / 60000).toFixed(0)} min`)
  log('')

  const checks = []
  if (instructions.summary === undefined) {
    checks.push({ name: 'instructions per request', detail: `not measured: ${instructions.skipped}`, met: false })
  } else {
    printInstructionTable(instructions.summary, log)
    log('')
    const rowOf = (scenario, peer) => instructions.summary.find((row) => row.scenario === scenario && row.peer === peer)
    const p1 = rowOf('P1', 'enclave')
    const p1Fastify = rowOf('P1', 'fastify5')
    if (p1 === undefined || p1Fastify === undefined) checks.push({ name: `P1 ≤ ${p1Limit}x fastify@5`, detail: 'a peer has no count', met: false })
    else checks.push({ name: `P1 (production-shaped) ≤ ${p1Limit}x fastify@5`, detail: `${count(p1.instructions)} vs ${count(p1Fastify.instructions)}: ${ratio(p1.ratioFastify5)}`, met: p1.ratioFastify5 <= p1Limit })
    for (const scenario of ['S1', 'S2', 'S3', 'S4', 'S5']) {
      const row = rowOf(scenario, 'enclave')
      const reference = docsReference[scenario]
      if (row === undefined || row.ratioFastify5 === null) {
        checks.push({ name: `${scenario} no worse than docs/benchmarks.md`, detail: 'no count', met: false })
        continue
      }
      checks.push({
        name: `${scenario} no worse than docs/benchmarks.md (${ratio(reference.ratio)} of fastify@5, ${count(reference.enclave)})`,
        detail: `${ratio(row.ratioFastify5)} of fastify@5 (${count(row.instructions)}, ${(100 * (row.instructions / reference.enclave - 1)).toFixed(1)} % against the docs' count)`,
        met: row.ratioFastify5 <= reference.ratio
      })
    }
  }
  const mine = startup.summary.find((row) => row.peer === 'enclave')
  const theirs = startup.summary.find((row) => row.peer === 'fastify5')
  checks.push({ name: `default start-up ≤ ${startupLimit}x fastify@5 (CPU)`, detail: `${count(mine.cpuMs)} ms vs ${count(theirs.cpuMs)} ms: ${ratio(mine.cpuMs / theirs.cpuMs)} (ready+listen wall ${count(mine.ms)} vs ${count(theirs.ms)} ms)`, met: mine.cpuMs <= startupLimit * theirs.cpuMs })

  for (const check of checks) log(`${check.met ? 'met   ' : 'MISSED'}  ${check.name}: ${check.detail}`)
  return { instructions, startup, checks }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { checks } = await runMustShow(process.argv.slice(2))
  process.exitCode = checks.every((check) => check.met) ? 0 : 1
}
