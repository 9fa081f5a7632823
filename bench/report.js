// Writes docs/benchmarks.md (tables, targets, method notes, findings) and docs/benchmarks.svg from
// a results object. `node bench/report.js [results.json]` re-renders from a saved run.
import { readFileSync, writeFileSync, existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { scenarios } from './scenarios.js'
import { fmt } from './summary.js'
import { renderChart } from './chart.js'

const docsDir = fileURLToPath(new URL('../docs/', import.meta.url))
// The page's findings (user-facing, kept current); bench/notes.md is the working log behind them.
const findingsFile = fileURLToPath(new URL('./findings.md', import.meta.url))

const peerLabels = {
  raw: 'raw node:http',
  'raw-limit': 'raw + fjs + Ajv (limit)',
  enclave: 'Enclave',
  'enclave lazy': 'Enclave, `lazySchemaCompilation`',
  'enclave eager': 'Enclave, `lazySchemaCompilation: false`',
  'enclave-fastify': '@enclave/fastify4',
  'enclave-fastify lazy': '@enclave/fastify4, `lazySchemaCompilation`',
  'enclave cached': 'Enclave, `schemaCache`, second start',
  'enclave-fastify cached': '@enclave/fastify4, `schemaCache`, second start',
  fastify4: 'fastify@4',
  fastify5: 'fastify@5',
  express: 'express@5',
  koa: 'koa@3',
  hono: 'hono'
}

const label = (peer) => peerLabels[peer] ?? peer
const bold = (text, yes) => yes ? `**${text}**` : text

function httpTables (rows) {
  const out = []
  const scenarioNames = [...new Set(rows.map((row) => row.scenario))]
  const levels = [...new Set(rows.map((row) => row.pipelining))]
  for (const name of scenarioNames) {
    out.push(`### ${scenarios[name].title}`, '', scenarios[name].description, '')
    const header = ['peer']
    for (const level of levels) header.push(`req/s p=${level}`, '×raw', '×fastify@5', 'p99 ms', 'CPU µs/req')
    header.push('RSS MB', 'spread')
    out.push('| ' + header.join(' | ') + ' |', '|' + header.map((_, i) => i === 0 ? '---' : '---:').join('|') + '|')
    const peers = [...new Set(rows.filter((row) => row.scenario === name).map((row) => row.peer))]
    for (const peer of peers) {
      const cells = [bold(label(peer), peer === 'enclave')]
      let rss = 0
      let worstSpread = 0
      for (const level of levels) {
        const row = rows.find((entry) => entry.scenario === name && entry.pipelining === level && entry.peer === peer)
        if (row === undefined) {
          cells.push('–', '–', '–', '–', '–')
          continue
        }
        cells.push(fmt.int(row.rps), fmt.ratio(row.ratioRaw), fmt.ratio(row.ratioFastify5), fmt.fixed(1)(row.p99), fmt.fixed(1)(row.cpuMicrosPerRequest))
        rss = Math.max(rss, row.rss)
        worstSpread = Math.max(worstSpread, row.spread ?? 0)
      }
      cells.push(fmt.mb(rss), fmt.percent(worstSpread))
      out.push('| ' + cells.join(' | ') + ' |')
    }
    out.push('')
  }
  return out
}

// The S1–S5 targets, by instructions per request: Enclave ÷ fastify@5 at most this.
const instructionTargets = { S1: 0.99, S2: 1.0, S3: 0.95, S4: 0.99, S5: 0.95 }

/** The leading measure: one table of instructions per request, every scenario × peer. */
function instructionSection (results) {
  const run = results.instructions
  if (run === undefined) return []
  const out = ['## Instructions per request (leading measure)', '']
  if (run.skipped !== undefined) {
    out.push(`Not measured in this run: ${run.skipped}. The tables below are req/s and CPU time only.`, '')
    return out
  }
  const s = run.settings
  out.push(`Each server runs under valgrind's callgrind (${run.valgrind}, JIT on, client outside valgrind). Warm-up: ${s.warmupRequests.toLocaleString('en-US')} requests over ${s.warmupConnections} connections opened one after another; then callgrind counts one fresh connection of ${s.requests.toLocaleString('en-US')} requests (instrumentation switched on and off around it with \`callgrind_control\`), and a window where V8's optimising compilers or deoptimiser exceed ${s.maxCompilerShare * 100} % of the instructions (or V8's mark-compact collector does) is thrown away and measured again. ${s.processes} processes per scenario × peer: median, spread = (max − min) / median. Fewer instructions is better. The count moves far less than req/s with the machine's load, but not zero: a heavily loaded machine adds a few percent (more event-loop wake-ups per request), so compare peers measured in the same run.`, '')
  out.push('| scenario | peer | instructions / request | spread | processes | ÷ raw | ÷ fastify@5 | target (Enclave ÷ fastify@5) |', '|---|---|---:|---:|---:|---:|---:|---|')
  for (const row of run.summary) {
    const target = row.peer === 'enclave' && instructionTargets[row.scenario] !== undefined && row.ratioFastify5 !== null
      ? `≤ ${instructionTargets[row.scenario].toFixed(2)}: ${verdict(row.ratioFastify5 <= instructionTargets[row.scenario])}`
      : ''
    out.push(`| ${row.scenario} | ${bold(label(row.peer), row.peer === 'enclave')} | ${fmt.int(row.instructions)} | ${(row.spread * 100).toFixed(2)} % | ${row.processes} | ${row.ratioRaw === null ? '–' : row.ratioRaw.toFixed(3)} | ${row.ratioFastify5 === null ? '–' : row.ratioFastify5.toFixed(3)} | ${target} |`)
  }
  out.push('')
  return out
}

function verdict (pass) {
  return pass === null ? 'not measured' : pass ? 'met' : '**missed**'
}

/**
 * met / missed, unless the ratio is closer to the target than the rounds' spread (half the mean of
 * the two rows' max−min ranges), in which case this run cannot tell, and says so.
 */
function verdictWithNoise (ratio, target, mine, theirs) {
  const band = ((mine.spread ?? 0) + (theirs.spread ?? 0)) / 4
  const verdictText = verdict(ratio >= target)
  if (Math.abs(ratio / target - 1) <= band) return `within noise (±${Math.round(band * 100)}%): ${verdictText}`
  return verdictText
}

/** The req/s targets, evaluated on this run (req/s medians; CPU per request beside them). */
function targetRows (results) {
  const rows = []
  const http = results.http?.summary ?? []
  const rowOf = (scenario, level, peer) => http.find((row) => row.scenario === scenario && row.pipelining === level && row.peer === peer)
  for (const scenario of ['S1', 'S2', 'S3', 'S4', 'S5']) {
    for (const level of results.http?.pipelining ?? []) {
      const row = rowOf(scenario, level, 'enclave')
      if (row === undefined) continue
      const fastify5 = rowOf(scenario, level, 'fastify5')
      rows.push([`${scenario} p=${level}: Enclave ≥ 1.0x fastify@5`, fmt.ratio(row.ratioFastify5), fmt.ratio(row.cpuRatioFastify5 === null ? null : 1 / row.cpuRatioFastify5), verdictWithNoise(row.ratioFastify5, 1, row, fastify5)])
      if (scenario === 'S1' || scenario === 'S4') {
        const raw = rowOf(scenario, level, 'raw')
        rows.push([`${scenario} p=${level}: Enclave ≥ 0.95x raw node:http`, fmt.ratio(row.ratioRaw), fmt.ratio(row.cpuRatioRaw === null ? null : 1 / row.cpuRatioRaw), verdictWithNoise(row.ratioRaw, 0.95, row, raw)])
      }
    }
  }
  const startup = results.startup?.summary
  if (startup !== undefined) {
    const mine = startup.find((row) => row.peer === 'enclave')
    const theirs = startup.find((row) => row.peer === 'fastify5')
    rows.push(['S6: start-up time ≤ fastify@5', `${fmt.int(mine.ms)} ms vs ${fmt.int(theirs.ms)} ms (${fmt.ratio(mine.ms / theirs.ms)})`, `CPU ${fmt.int(mine.cpuMs)} ms vs ${fmt.int(theirs.cpuMs)} ms`, verdict(mine.ms <= theirs.ms)])
    rows.push(['S6: default start-up ≤ 0.5x fastify@5 (CPU)', '', `CPU ${fmt.int(mine.cpuMs)} ms vs ${fmt.int(theirs.cpuMs)} ms (${fmt.ratio(mine.cpuMs / theirs.cpuMs)})`, verdict(mine.cpuMs <= 0.5 * theirs.cpuMs)])
    rows.push(['S6: start-up RSS ≤ fastify@5', `${fmt.mb(mine.rss)} MB vs ${fmt.mb(theirs.rss)} MB`, '', verdict(mine.rss <= theirs.rss)])
    // The cached start's target, on CPU time (the wall clock counts other processes' slices on this machine).
    for (const [peer, name, limit] of [['enclave cached', '`schemaCache` second start', 0.1]]) {
      const row = startup.find((entry) => entry.peer === peer)
      if (row === undefined) continue
      rows.push([`S6: ${name} ≤ ${limit}x fastify@5`, '', `CPU ${fmt.int(row.cpuMs)} ms vs ${fmt.int(theirs.cpuMs)} ms (${fmt.ratio(row.cpuMs / theirs.cpuMs)})`, verdict(row.cpuMs <= limit * theirs.cpuMs)])
    }
  }
  // The first dataset is the target's (records as a database returns them); the others are context.
  for (const [index, dataset] of (results.serialize?.datasets ?? []).entries()) {
    const opsOf = (name) => dataset.results.find((row) => row.name === name).opsPerSec
    const ratio = opsOf('@enclave/fjs') / opsOf('JSON.stringify')
    const bytesRatio = opsOf('@enclave/fjs, to bytes') / opsOf('JSON.stringify, to bytes')
    const label = index === 0 ? 'S8: schema serializer ≥ 2x JSON.stringify' : 'S8 (context, not the target)'
    rows.push([`${label}: ${dataset.short ?? dataset.name}`, `${fmt.ratio(ratio)} (to bytes ${fmt.ratio(bytesRatio)})`, '', index === 0 ? verdict(ratio >= 2) : 'see S8'])
  }
  return rows
}

function microTables (results) {
  const out = []
  if (results.startup !== undefined) {
    const fastify5 = results.startup.summary.find((row) => row.peer === 'fastify5')
    out.push('### S6 start-up', '', `Time from the factory call to \`ready()\` and listening with ${results.startup.routes} POST routes, each with its own params, body and 200-response schema (distinct schemas, so no cache shares work; Enclave with its defaults, where \`lazySchemaCompilation\` checks the schemas at \`ready()\` and compiles them on each route's first request; "\`lazySchemaCompilation: false\`": everything compiled at \`ready()\`, as Fastify does; "lazy" on the v4 face: the option turned on; "schemaCache, second start": the generated code read from the cache a previous start filled), in a fresh process per measurement pinned to the server CPU, peers interleaved, median of ${results.startup.summary[0].rounds}. CPU ms is the process's own CPU time over the same span (steadier than the wall clock on a shared machine). Memory after \`ready()\` and a forced GC.`, '')
    out.push('| peer | ready ms | min–max ms | ×fastify@5 | CPU ms | ×fastify@5 CPU | RSS MB | heap used MB | heap growth MB |', '|---|---:|---:|---:|---:|---:|---:|---:|---:|')
    for (const row of results.startup.summary) {
      out.push(`| ${bold(label(row.peer), row.peer === 'enclave')} | ${fmt.int(row.ms)} | ${fmt.int(row.msMin)}–${fmt.int(row.msMax)} | ${fmt.ratio(row.ms / fastify5.ms)} | ${fmt.int(row.cpuMs)} | ${fmt.ratio(row.cpuMs / fastify5.cpuMs)} | ${fmt.mb(row.rss)} | ${fmt.mb(row.heapUsed)} | ${fmt.mb(row.heapDelta)} |`)
    }
    out.push('')
  }
  if (results.compilers !== undefined) {
    const ajv = results.compilers.results.find((row) => row.name === 'Ajv')
    out.push('### S7 validation compilers', '', 'The S3 body (8 fields, ~1 KB) validated in-process by each compiler with the equivalent schema; median of interleaved samples.', '')
    out.push('| compiler | ops/s | ×Ajv | spread | measured through |', '|---|---:|---:|---:|---|')
    for (const row of results.compilers.results) {
      out.push(`| ${row.name} | ${fmt.int(row.opsPerSec)} | ${fmt.ratio(row.opsPerSec / ajv.opsPerSec)} | ${fmt.percent(row.spread)} | ${row.via} |`)
    }
    out.push('')
    if (results.compilers.pendingAdapters.length > 0) {
      out.push(`> **TODO:** the adapter packages ${results.compilers.pendingAdapters.map((name) => `@enclave/${name}`).join(', ')} were not built when this ran, so those rows measure the raw library with an equivalent schema. Re-run \`npm run bench -- --scenarios S7 --report\` once they are.`, '')
    }
  }
  if (results.serialize !== undefined) {
    out.push('### S8 schema-driven serialization', '', 'Arrays of 100 objects serialized in-process with their response schema, against `JSON.stringify`; median of interleaved samples. The "to bytes" rows add `Buffer.byteLength` of the result: a socket write needs a flat string, which `JSON.stringify` returns and a concatenating serializer does not, so those rows are what a response really pays.', '')
    for (const dataset of results.serialize.datasets) {
      const stringify = dataset.results.find((row) => row.name === 'JSON.stringify')
      out.push(`${dataset.name}, ${fmt.int(dataset.bytes)} bytes of JSON:`, '')
      out.push('| serializer | ops/s | ×JSON.stringify | spread | note |', '|---|---:|---:|---:|---|')
      for (const row of dataset.results) {
        out.push(`| ${row.name} | ${fmt.int(row.opsPerSec)} | ${fmt.ratio(row.opsPerSec / stringify.opsPerSec)} | ${fmt.percent(row.spread)} | ${row.note ?? ''} |`)
      }
      out.push('')
    }
  }
  return out
}

function methodNotes (results) {
  const { machine, options, pinning } = results
  const wrk = options.loader === 'wrk'
  const generator = wrk ? `wrk ${options.loaderVersion} (C, one thread, a Lua script for the method, body and pipelining)` : 'autocannon (programmatic, one Node process)'
  const http = results.http?.summary ?? []
  const spreads = http.map((row) => row.spread).filter((value) => value !== null).sort((a, b) => a - b)
  const medianSpread = spreads.length === 0 ? null : spreads[spreads.length >> 1]
  const worst = spreads.length === 0 ? null : spreads[spreads.length - 1]
  const lines = [
    `- **Machine:** ${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGB} GB, ${machine.platform}, Node ${machine.node}.`,
    `- **Placement:** ${pinning.enabled ? `each server pinned to CPU 0 and the load generator, ${generator}, to CPU 1 with \`taskset\`` : `unpinned (${pinning.reason})`}. All peer servers stay up for the whole run (idle ones use no CPU), so each is warmed once (${options.warmup} s per scenario at the highest pipelining) and keeps its JIT state.`,
    `- **Load:** ${options.connections} connections, pipelining ${options.pipelining.join(' and ')}, ${options.duration} s per run, ${options.rounds} rounds. Within a round the order is scenario → pipelining → peer, so peers alternate A B C … A B C and drift hits all alike; the peer order is rotated each round. Reported: median req/s of the rounds, median p99 latency (the load generator's), median server CPU time per request (the server's own \`process.cpuUsage()\` delta over the run ÷ responses), and the largest RSS seen.`,
    '- **Correctness first:** before any load every server is asked each scenario and its answer checked (S3 must also answer 400 to an invalid body); a peer that answers wrongly is left out of that run. Non-2xx, errors and timeouts during load are counted (all 0 unless the table says otherwise).',
    '- **Same work everywhere:** the data, schemas and route table come from `bench/scenarios.js`. Enclave and Fastify use their schema systems (S2 response schema, S3 body + response schema). Express, Koa and Hono validate S3 with an Ajv validator compiled at start-up (Fastify\'s Ajv options) and serialize with their own JSON. raw node:http validates by hand and uses JSON.stringify; the "limit" variant uses fast-json-stringify and compiled Ajv. S4 registers 500 static and 500 parametric routes before the target; raw routes by hand. S5: Enclave and Fastify nest 10 encapsulated plugins, each adding a callback-style onRequest and preHandler hook; Express, Koa and Hono (no encapsulation) run the same 20 counting steps as middleware on the route; raw calls them in a loop.',
    `- **Noise:** this machine is shared with other work (test suites, builds), so CPUs 0 and 1 are not the benchmark's alone. Load average ${machine.loadAverageAtStart.map((n) => n.toFixed(2)).join(' / ')} at the start and ${machine.loadAverageAtEnd?.map((n) => n.toFixed(2)).join(' / ') ?? '?'} at the end (1/5/15 min). The spread column is (max − min) / median of a peer's rounds: median ${fmt.percent(medianSpread)}, worst ${fmt.percent(worst)} across all rows. Ratios closer than that are ties. Server CPU µs per request is the steadier metric: it does not depend on how much CPU the load generator got.`,
    wrk
      ? '- **Ceiling:** wrk in C on its own core produces more requests than a Node server on one core can answer, so the server\'s CPU is the bottleneck and req/s measures the framework (check: the server CPU share of each run is ~100 % in `bench/results/latest.json`). Without wrk installed the bench falls back to autocannon, which is itself Node and caps the fastest servers.'
      : '- **Ceiling:** autocannon is itself Node on one core; at pipelining 10 the fastest servers can outrun it, which compresses their req/s ratios towards 1.0 (the CPU µs/req column still separates them). Install wrk (`apt-get install wrk`) for a generator that does not cap the servers.',
    `- Run: ${results.date}, ${Math.round(results.elapsedSeconds / 60)} min, \`npm run bench${options.quick ? ' -- --quick' : ''}\`. Raw data: \`bench/results/latest.json\` (local, git-ignored; \`node bench/report.js\` re-renders this page from it).`
  ]
  return lines
}

/** How to check the performance goal in one run; its latest results are in the findings (bench/findings.md). */
const goalSection = [
  '## Checking the performance goal in one run',
  '',
  '`npm run bench -- --must-show` (`bench/must-show.js`) builds, then measures Enclave and fastify@5 side by side and prints each ratio with met / MISSED:',
  '',
  '- **P1, the production-shaped app** (pino logger at `warn`, an async `onRequest` checking a bearer token, an encapsulated async `preHandler`, params and querystring schemas with coercion and a default, an async handler, a response schema): instructions per request, Enclave ≤ 0.85x fastify@5. `--variants` adds P1-info (pino\'s default level `info`: the "incoming request" and "request completed" lines written) and P1-quiet (`disableRequestLogging`) for context.',
  '- **S1–S5**: instructions per request no worse than the reference in `bench/must-show.js` (the instructions table below), compared as Enclave ÷ fastify@5 of the same run (absolute counts move with the machine\'s load; the run prints both).',
  '- **Default start-up** (S6\'s app: 1000 routes with distinct params, body and response schemas, no option set): CPU time to `ready()` and listening ≤ 0.5x fastify@5\'s, each start a fresh process, peers interleaved.',
  '',
  'Instruction counts use valgrind (callgrind) with the method below; `--processes N` (default 3) processes per scenario and peer, `--parallel N` at a time. On an idle 2-core machine the whole run takes about an hour. The process exits with 1 when a check is missed.',
  ''
]

export function renderReport (results) {
  const out = ['# Benchmarks', '']
  out.push('Enclave against its peers on the scenarios below. Generated by `npm run bench` (`bench/run.js`, written by `bench/report.js`); the findings section is `bench/findings.md`.', '')
  out.push('![req/s and server CPU per request relative to raw node:http](./benchmarks.svg)', '')
  out.push(...goalSection)
  out.push(...instructionSection(results))
  const targets = targetRows(results)
  if (targets.length > 0) {
    out.push('## Targets by req/s (secondary)', '', '| target | this run (req/s ratio) | CPU-per-request ratio | |', '|---|---:|---:|---|')
    for (const row of targets) out.push('| ' + row.join(' | ') + ' |')
    out.push('', 'The CPU-per-request ratio is the inverse ratio of server CPU µs per request (higher is better, like req/s); it is less sensitive to the shared machine than req/s. "Within noise" means the req/s ratio is closer to the target than the spread of the rounds, so this run cannot decide it. See the findings below for what the measurements without noise show.', '')
  }
  out.push('## Method', '', ...methodNotes(results), '')
  if (results.http !== undefined) out.push('## HTTP scenarios', '', ...httpTables(results.http.summary))
  if (Object.keys(results.http?.excluded ?? {}).length > 0) {
    out.push('Left out for wrong answers: ' + Object.entries(results.http.excluded).map(([peer, failures]) => `${label(peer)} (${failures.join('; ')})`).join(', '), '')
  }
  out.push('## In-process scenarios', '', ...microTables(results))
  if (existsSync(findingsFile)) out.push(readFileSync(findingsFile, 'utf8').trim(), '')
  return out.join('\n')
}

export function writeReport (results) {
  writeFileSync(`${docsDir}benchmarks.md`, renderReport(results))
  if (results.http !== undefined) writeFileSync(`${docsDir}benchmarks.svg`, renderChart(results.http.summary, label))
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const file = process.argv[2] ?? fileURLToPath(new URL('./results/latest.json', import.meta.url))
  writeReport(JSON.parse(readFileSync(file, 'utf8')))
  console.log('report: docs/benchmarks.md, docs/benchmarks.svg')
}
