// The load generator, run by bench/run.js as a child process pinned to its own CPU. It receives
// one run per IPC message and answers with the numbers the report needs. wrk (C, one thread) when
// it is installed: it outruns a Node server on one core, so the server is what is measured;
// otherwise autocannon, which is itself Node and caps the fastest servers (see the report's notes).
import { spawn, spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'

const wrkScript = fileURLToPath(new URL('wrk-request.lua', import.meta.url))

export function wrkVersion () {
  const probe = spawnSync('wrk', ['--version'], { encoding: 'utf8' })
  if (probe.error !== undefined) return null
  return /wrk (?:debian\/)?(\S+)/.exec(`${probe.stdout}${probe.stderr}`)?.[1] ?? 'unknown'
}

function summariseAutocannon (result) {
  return {
    requests: result.requests.total,
    seconds: result.duration,
    rps: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts
  }
}

function headerLines (headers) {
  return Object.entries(headers ?? {}).map(([name, value]) => `${name}: ${value}`).join('\n')
}

function runWrk ({ url, method, headers, body, connections, pipelining, duration }) {
  return new Promise((resolve, reject) => {
    const env = { ...process.env, PIPELINE: String(pipelining), METHOD: method ?? 'GET', BODY: body ?? '', HEADERS: headerLines(headers) }
    // wrk takes whole seconds.
    const args = ['-t1', `-c${connections}`, `-d${Math.max(1, Math.round(duration))}s`, '--timeout', '10s', '-s', wrkScript, url]
    const child = spawn('wrk', args, { env, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk) => { output += chunk })
    child.stderr.on('data', (chunk) => { output += chunk })
    child.on('error', reject)
    child.on('close', (code) => {
      const line = /WRK-RESULT (\{.*\})/.exec(output)
      if (code !== 0 || line === null) return reject(new Error(`wrk exited ${code}: ${output}`))
      const raw = JSON.parse(line[1])
      const seconds = raw.micros / 1e6
      // wrk reports latency in µs; the report uses ms like autocannon.
      resolve({ requests: raw.requests, seconds, rps: raw.requests / seconds, p50: raw.p50 / 1000, p99: raw.p99 / 1000, non2xx: raw.non2xx, errors: raw.errors, timeouts: raw.timeouts })
    })
  })
}

async function runAutocannon ({ url, method, headers, body, connections, pipelining, duration }) {
  return summariseAutocannon(await autocannon({ url, method, headers, body, connections, pipelining, duration }))
}

if (process.send !== undefined) {
  const generator = process.argv.includes('--wrk') ? runWrk : runAutocannon
  // onRun catches every failure and reports it to the parent.
  // eslint-disable-next-line @typescript-eslint/no-misused-promises
  process.on('message', async function onRun (message) {
    if (message?.type !== 'run') return
    try {
      process.send({ type: 'result', result: await generator(message) })
    } catch (error) {
      process.send({ type: 'result', error: String(error?.stack ?? error) })
    }
  })
  process.send({ type: 'ready' })
}
