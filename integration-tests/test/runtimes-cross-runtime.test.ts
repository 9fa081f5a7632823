// One suite of cases (runtimes/suite/cases.mjs) against one app (runtimes/suite/app.mjs), answered
// the same on every runtime and every way of serving it: Node through listen() and through
// app.fetch(), Bun through Bun.serve({ fetch: app.fetch }) and listen() (Bun's node:http), Deno
// through Deno.serve(app.fetch) and listen() (Deno's node:http). Each runtime runs every case in
// one child process. Bun and Deno come from the root package.json's devDependencies: a missing
// binary fails the test.
import t, { type Test } from 'tap'
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { plainChild } from '../../core/test/fixtures/plain-child.js'

const run = promisify(execFile)
// Three runtimes start here (a cold start each, ~10 s in all on an idle machine): room for a loaded one.
t.setTimeout(180_000)
const root = resolve(fileURLToPath(new URL('../..', import.meta.url)))
const launchers = join(root, 'integration-tests/runtimes')

interface Seen { status: number, headers: Record<string, string>, body: string, error?: string }
interface Expected {
  status: number
  headers?: Record<string, string | null>
  /** Header values a runtime's own server writes whatever the app sent, by "<runtime> <mode>" (docs/runtimes.md). */
  headersServedBy?: Record<string, Record<string, string | null>>
  json?: unknown
  jsonMatch?: Record<string, unknown>
  text?: string
}
type Report = Record<string, Record<string, Seen>>

// The suite is plain JavaScript (Bun and Deno run it as it is, and so does Node without a loader).
const casesModule = new URL('../runtimes/suite/cases.mjs', import.meta.url).href
const { cases } = await import(casesModule) as { cases: Array<{ name: string, expect: Expected }> }

const runtimes: Array<{ name: string, command: string, args: string[] }> = [
  { name: 'Node', command: process.execPath, args: [join(launchers, 'node.mjs')] },
  { name: 'Bun', command: join(root, 'node_modules/.bin/bun'), args: [join(launchers, 'bun.mjs')] },
  { name: 'Deno', command: join(root, 'node_modules/.bin/deno'), args: ['run', '--allow-all', '--no-lock', '--quiet', join(launchers, 'deno.mjs')] }
]

function checkCase (t: Test, servedBy: string, label: string, seen: Seen | undefined, expected: Expected): void {
  if (seen === undefined || seen.error !== undefined) {
    t.fail(`${label}: ${seen?.error ?? 'not run'}`)
    return
  }
  t.equal(seen.status, expected.status, `${label}: status`)
  for (const [name, value] of Object.entries({ ...expected.headers, ...expected.headersServedBy?.[servedBy] })) {
    t.equal(seen.headers[name] ?? null, value, `${label}: ${name}`)
  }
  if (expected.text !== undefined) t.equal(seen.body, expected.text, `${label}: body`)
  if (expected.json !== undefined) t.same(JSON.parse(seen.body), expected.json, `${label}: body`)
  if (expected.jsonMatch !== undefined) t.match(JSON.parse(seen.body), expected.jsonMatch, `${label}: body`)
}

// The three children run side by side; each subtest waits for its own.
const reports = runtimes.map(async (runtime) => {
  if (!existsSync(runtime.command)) throw new Error(`${runtime.name}'s binary is missing: ${runtime.command} (npm ci installs it)`)
  const [file, args] = plainChild(runtime.command, runtime.args)
  const { stdout, stderr } = await run(file, args, { cwd: root, env: { ...process.env, NO_COLOR: '1' }, maxBuffer: 16 * 1024 * 1024 })
  return { report: JSON.parse(stdout) as Report, stderr }
})
// A child that fails is reported by its subtest, not as an unhandled rejection meanwhile.
for (const report of reports) report.catch(() => {})

runtimes.forEach((runtime, index) => {
  t.test(`${runtime.name}: every case answers as expected, whichever way the app is served`, async (t) => {
    const { report, stderr } = await reports[index]!
    // Clients that leave (mid-upload, mid-reply) are ordinary: no server prints an error for them
    // (Deno.serve logs whatever a handler rejects with and every body stream that fails).
    t.notMatch(stderr, /Error|BadResource|ECONNRESET|ENC_ERR_|Uncaught/, `${runtime.name}: nothing logged as an error`)
    t.ok(Object.keys(report).length >= 2, `${runtime.name}: served two ways (${Object.keys(report).join(', ')})`)
    for (const [mode, results] of Object.entries(report)) {
      for (const testCase of cases) checkCase(t, `${runtime.name} ${mode}`, `${runtime.name} ${mode}: ${testCase.name}`, results[testCase.name], testCase.expect)
    }
  })
})
