// Turns the raw load runs into per-(scenario, pipelining, peer) medians and ratios, and prints tables.
import { median, spread } from './stats.js'
import { scenarios } from './scenarios.js'

export function summariseHttp ({ runs, peers, scenarios: scenarioNames, pipelining }) {
  const rows = []
  for (const scenario of scenarioNames) {
    for (const level of pipelining) {
      const group = []
      for (const peer of peers) {
        const mine = runs.filter((run) => run.scenario === scenario && run.pipelining === level && run.peer === peer)
        if (mine.length === 0) continue
        const rps = mine.map((run) => run.rps)
        group.push({
          scenario,
          pipelining: level,
          peer,
          rps: median(rps),
          rpsMin: Math.min(...rps),
          rpsMax: Math.max(...rps),
          spread: spread(rps),
          p99: median(mine.map((run) => run.p99)),
          cpuMicrosPerRequest: median(mine.map((run) => run.cpuMicrosPerRequest)),
          serverCpuShare: median(mine.map((run) => run.serverCpuShare)),
          rss: Math.max(...mine.map((run) => run.rss)),
          failures: mine.reduce((sum, run) => sum + run.non2xx + run.errors + run.timeouts, 0),
          rounds: mine.length
        })
      }
      const raw = group.find((row) => row.peer === 'raw')
      const fastify5 = group.find((row) => row.peer === 'fastify5')
      for (const row of group) {
        row.ratioRaw = raw === undefined ? null : row.rps / raw.rps
        row.ratioFastify5 = fastify5 === undefined ? null : row.rps / fastify5.rps
        row.cpuRatioRaw = raw === undefined ? null : row.cpuMicrosPerRequest / raw.cpuMicrosPerRequest
        row.cpuRatioFastify5 = fastify5 === undefined ? null : row.cpuMicrosPerRequest / fastify5.cpuMicrosPerRequest
      }
      rows.push(...group)
    }
  }
  return rows
}

const fmt = {
  int: (n) => n === null || n === undefined ? '–' : Math.round(n).toLocaleString('en-US'),
  ratio: (n) => n === null || n === undefined ? '–' : n.toFixed(2) + 'x',
  fixed: (digits) => (n) => n === null || n === undefined ? '–' : n.toFixed(digits),
  percent: (n) => n === null || n === undefined ? '–' : (n * 100).toFixed(0) + '%',
  mb: (n) => n === null || n === undefined ? '–' : (n / 2 ** 20).toFixed(0)
}
export { fmt }

function printTable (header, rows, log) {
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => String(row[i]).length)))
  const line = (cells) => cells.map((cell, i) => i === 0 ? String(cell).padEnd(widths[i]) : String(cell).padStart(widths[i])).join('  ')
  log(line(header))
  for (const row of rows) log(line(row))
}

export function printHttpTables (rows, log) {
  const keys = [...new Set(rows.map((row) => `${row.scenario}|${row.pipelining}`))]
  for (const key of keys) {
    const [scenario, pipelining] = key.split('|')
    const group = rows.filter((row) => row.scenario === scenario && String(row.pipelining) === pipelining)
    log('')
    log(`${scenarios[scenario].title} — pipelining ${pipelining}`)
    printTable(
      ['peer', 'req/s', '×raw', '×fastify5', 'p99 ms', 'CPU µs/req', 'RSS MB', 'spread', 'failed'],
      group.map((row) => [row.peer, fmt.int(row.rps), fmt.ratio(row.ratioRaw), fmt.ratio(row.ratioFastify5), fmt.fixed(0)(row.p99), fmt.fixed(1)(row.cpuMicrosPerRequest), fmt.mb(row.rss), fmt.percent(row.spread), row.failures]),
      log
    )
  }
}

export function printMicroTables (results, log) {
  if (results.startup !== undefined) {
    log('')
    log(`S6 start-up, ${results.startup.routes} routes with body + response schemas (median of ${results.startup.summary[0].rounds})`)
    const fastify5 = results.startup.summary.find((row) => row.peer === 'fastify5')
    printTable(
      ['peer', 'ms', 'min–max ms', '×fastify5', 'CPU ms', '×fastify5 CPU', 'RSS MB', 'heap MB', '×fastify5 RSS'],
      results.startup.summary.map((row) => [row.peer, fmt.int(row.ms), `${fmt.int(row.msMin)}–${fmt.int(row.msMax)}`, fmt.ratio(row.ms / fastify5.ms), fmt.int(row.cpuMs), fmt.ratio(row.cpuMs / fastify5.cpuMs), fmt.mb(row.rss), fmt.mb(row.heapUsed), fmt.ratio(row.rss / fastify5.rss)]),
      log
    )
  }
  if (results.compilers !== undefined) {
    log('')
    log('S7 validating the S3 body (ops/s, in-process)')
    const ajv = results.compilers.results.find((row) => row.name === 'Ajv')
    printTable(
      ['compiler', 'ops/s', '×Ajv', 'spread', 'measured through'],
      results.compilers.results.map((row) => [row.name, fmt.int(row.opsPerSec), fmt.ratio(row.opsPerSec / ajv.opsPerSec), fmt.percent(row.spread), row.via]),
      log
    )
    if (results.compilers.pendingAdapters.length > 0) log(`TODO: adapters not built yet, raw libraries measured: ${results.compilers.pendingAdapters.join(', ')}`)
  }
  if (results.serialize !== undefined) {
    for (const dataset of results.serialize.datasets) {
      log('')
      log(`S8 serializing ${dataset.name}, ${dataset.bytes} bytes of JSON (ops/s, in-process)`)
      const baseline = dataset.results.find((row) => row.name === 'JSON.stringify')
      printTable(
        ['serializer', 'ops/s', '×JSON.stringify', 'spread'],
        dataset.results.map((row) => [row.name, fmt.int(row.opsPerSec), fmt.ratio(row.opsPerSec / baseline.opsPerSec), fmt.percent(row.spread)]),
        log
      )
    }
  }
}
