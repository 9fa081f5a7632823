// `npm test`'s test run: compiles the test trees (scripts/compile-tests.mjs), then runs tap over the
// compiled files without the tsx loader and, beside it at a lower priority, the checks of
// scripts/run-checks.mjs (type-checking, lint, check:cycles). tap's output streams as it runs; each
// check's output is printed whole once tap has ended, and any failed check fails the run. tap's
// totals line (`# { total: … }`) stays the last of its kind, as .ci/run reads it.
//
// tap's `--node-arg` and `--include` on the command line replace the lists of package.json's "tap"
// section, which keep tsx and the `.ts` files for `npx tap <file>.ts`. Arguments are passed on to tap
// (`npm test -- --jobs=4`). ENCLAVE_TEST_CHECKS=0 leaves the checks out (a test run alone).
import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { compileTests } from './compile-tests.mjs'
import { testTrees } from './lib/test-trees.mjs'
import { besideTestsPriority, checks, printResult, runChecks, setChecksPriority } from './run-checks.mjs'

const { stubs } = await compileTests()
if (stubs.length > 0) console.log(`${stubs.length} test files import TypeScript from outside the test trees and run through tsx`)

const checking = process.env.ENCLAVE_TEST_CHECKS === '0'
  ? Promise.resolve([])
  : runChecks(checks, { priority: besideTestsPriority })

const require = createRequire(import.meta.url)
const manifest = require('tap/package.json')
const bin = join(dirname(require.resolve('tap/package.json')), typeof manifest.bin === 'string' ? manifest.bin : manifest.bin.tap)
// tap adds --enable-source-maps itself; naming it here replaces the configured --import=tsx/esm.
// The runner runs with scripts/lib/lean-test-processes.mjs, which starts each test process without
// tap's module hooks (~0.6 CPU-s a file).
const leanTestProcesses = new URL('./lib/lean-test-processes.mjs', import.meta.url).href
const args = [`--import=${leanTestProcesses}`, bin, '--node-arg=--enable-source-maps', ...testTrees().includes.map((pattern) => `--include=${pattern}`), ...process.argv.slice(2)]
if (!tapBuiltAsConfigured()) {
  // tap rebuilds its Test class itself when the configured plugins differ from the built ones, but the
  // runner that does it keeps the old class's loaders for every test process it then starts: on a fresh
  // install (CI) each file would run with the default plugins' loaders, @tapjs/typescript's among them,
  // ~1.5 CPU-s a file. Building first makes the run start with the configured set.
  await new Promise((resolve) => {
    spawn(process.execPath, [bin, 'build'], { stdio: 'inherit' }).on('close', resolve)
  })
}
const tap = await new Promise((resolve) => {
  spawn(process.execPath, args, { stdio: 'inherit' }).on('close', (code, signal) => resolve({ code, signal }))
})
if (tap.signal !== null) console.error(`tap ended by ${tap.signal}`)
setChecksPriority(0)

const results = await checking
if (results.length > 0) console.log('\nchecks run beside the tests:\n')
let checksPassed = true
for (const result of results) checksPassed = printResult(result) && checksPassed
process.exitCode = tap.code === 0 && checksPassed ? 0 : (tap.code ?? 1) || 1

/**
 * Whether tap's built Test class has the plugins package.json's "tap" section asks for: every plugin it
 * names is in the built class's signature (the list of its plugins), and none it excludes (`!name`).
 */
function tapBuiltAsConfigured () {
  let signature
  try {
    const built = readFileSync(join(dirname(require.resolve('@tapjs/test/package.json')), 'test-built', 'dist', 'esm', 'index.js'), 'utf8')
    signature = /^export const signature = `([^`]*)`/m.exec(built)?.[1].split('\n')
  } catch {
    return false
  }
  if (signature === undefined) return false
  const configured = require('../package.json').tap?.plugin ?? []
  return configured.every((name) => name.startsWith('!') ? !signature.includes(name.slice(1)) : signature.includes(name))
}
