// The held-out audit, run by hand on every runtime (`node integration-tests/runtimes/held-out/compare.mjs`
// from the repository root; TypeScript through tsx on Node) and in CI on Node, Bun and Deno
// (RUNTIMES=node,bun,deno, integration-tests/test/runtimes-held-out.test.ts). Every app of apps.mjs answers its requests
// through inject() on Node, then through app.fetch and listen() on Node (and, for the v5 apps, through
// inject() and listen() on fastify@5.12.8), through Bun.serve and Deno.serve and those runtimes'
// listen() (their node:http), and as a Worker on
// workerd; every answer that differs from inject()'s is printed. Differences that belong to the
// runtime (docs/runtimes.md, "What differs per runtime") are marked as known.
import { Buffer } from 'node:buffer'
import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { heldOutApps } from './apps.mjs'

const audit = join(import.meta.dirname ?? new URL('.', import.meta.url).pathname, 'audit.mjs')
const bin = (name) => join(process.cwd(), 'node_modules/.bin', name)
const runs = {
  node: [process.execPath, ['--import', 'tsx/esm', audit]],
  bun: [bin('bun'), [audit]],
  // --sloppy-imports: the TypeScript apps import './catalog.js' for catalog.ts, as tsc wants.
  deno: [bin('deno'), ['run', '--allow-all', '--no-lock', '--quiet', '--sloppy-imports', audit]],
  // Each app built as a Worker by enclave-worker-build and served by workerd.
  workerd: [process.execPath, ['--import', 'tsx/esm', join(process.cwd(), 'integration-tests/workers/held-out.ts')]]
}
// RUNTIMES=node,workerd runs some of them (node always: it gives the inject() answers).
const chosen = new Set(['node', ...(process.env.RUNTIMES ?? Object.keys(runs).join(',')).split(',')])

/** What a runtime's server does on its own, whoever answers through it. */
function known (runtime, name, injected, seen, request) {
  // Bun's server sends a stream body chunked and drops the length the app declared for it.
  if (runtime === 'bun' && name === 'content-length' && request.streamedWithLength === true && seen.headers['content-length'] === undefined) return 'Bun drops a streamed body\'s declared length'
  // JSON.parse's message is the engine's (JavaScriptCore on Bun), and with it the length.
  if (runtime === 'bun' && injected.status === 400 && (name === 'body' || name === 'content-length') && /JSON/.test(seen.body)) return 'the engine\'s JSON.parse message'
  // inject() and app.fetch() give a header value as the app set it; every server writes a character
  // beyond ASCII as Node's does (UTF-8), and an HTTP client reads each byte as a Latin-1 character.
  const given = injected.headers[name]
  if (typeof given === 'string' && seen.headers[name] === Buffer.from(given, 'utf8').toString('latin1')) return 'a client reads a header\'s UTF-8 bytes as Latin-1'
  // Bun's server may gather a small streamed body and send it with its length.
  if (runtime === 'bun' && name === 'content-length' && injected.headers['content-length'] === undefined && seen.headers['content-length'] === String(Buffer.byteLength(seen.body))) return 'Bun sends a small streamed reply with its length'
  // A chunked upload refused with 413 while the client still sends it: workerd closes the
  // connection, and the client can see the exchange fail before it reads the answer (a bare Worker
  // that stops reading and answers 413 does the same).
  if (runtime === 'workerd' && name === 'error' && injected.status === 413 && request.chunks !== undefined && /fetch failed|terminated/.test(seen.error)) return 'workerd closes a refused upload\'s connection under the client'
  // Bun's, Deno's and workerd's servers send no Content-Length on a 204.
  if (runtime !== 'node' && injected.status === 204 && name === 'content-length') return 'the server drops Content-Length on a 204'
  return null
}

let unexpected = 0
const inject = {}
for (const [runtime, [file, args]] of Object.entries(runs)) {
  if (!chosen.has(runtime)) continue
  const report = JSON.parse(execFileSync(file, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 1 << 26 }))
  for (const held of heldOutApps) {
    if (report[held.name] === undefined) {
      unexpected++
      console.log(`MISSING  ${runtime}: ${held.name} was not run`)
      continue
    }
    for (const [mode, answers] of Object.entries(report[held.name])) {
      if (mode === 'inject') { inject[held.name] = answers; continue }
      answers.forEach((seen, index) => {
        const injected = inject[held.name][index]
        const request = held.requests[index]
        const label = `${runtime} ${mode} ${held.name}: ${request.method ?? 'GET'} ${request.path}`
        const report = (name, detail) => {
          const reason = known(runtime, name, injected, seen, request)
          if (reason === null) unexpected++
          console.log(`${reason === null ? 'DIFFERS' : 'known'}  ${label}: ${name} ${detail}${reason === null ? '' : ` (${reason})`}`)
        }
        // A reply whose source fails mid-body: every client must see the body fail, none a complete answer.
        if (request.cutShort === true) {
          if (seen.error === undefined) report('error', `none: the body ended as if complete (${JSON.stringify(seen.body).slice(0, 60)})`)
          return
        }
        if (seen.error !== undefined) return report('error', seen.error.split('\n')[0])
        if (seen.status !== injected.status) report('status', `${seen.status}, inject ${injected.status}`)
        if (seen.body !== injected.body) report('body', `${JSON.stringify(seen.body).slice(0, 160)}, inject ${JSON.stringify(injected.body).slice(0, 160)}`)
        for (const name of new Set([...Object.keys(seen.headers), ...Object.keys(injected.headers)])) {
          if (JSON.stringify(seen.headers[name]) !== JSON.stringify(injected.headers[name])) report(name, `${JSON.stringify(seen.headers[name])}, inject ${JSON.stringify(injected.headers[name])}`)
        }
      })
    }
  }
}
console.log(unexpected === 0 ? 'every held-out answer is inject()\'s (known runtime differences aside)' : `${unexpected} unexpected differences`)
process.exitCode = unexpected === 0 ? 0 : 1
