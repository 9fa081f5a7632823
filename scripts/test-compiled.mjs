// `npm test`'s test run: compiles the test trees (scripts/compile-tests.mjs), then runs tap over the
// compiled files without the tsx loader. tap's `--node-arg` and `--include` on the command line replace
// the lists of package.json's "tap" section, which keep tsx and the `.ts` files for `npx tap <file>.ts`.
// Arguments are passed on to tap (`npm test -- --jobs=4`).
import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { compileTests } from './compile-tests.mjs'
import { testTrees } from './lib/test-trees.mjs'

const { stubs } = await compileTests()
if (stubs.length > 0) console.log(`${stubs.length} test files import TypeScript from outside the test trees and run through tsx`)

const require = createRequire(import.meta.url)
const manifest = require('tap/package.json')
const bin = join(dirname(require.resolve('tap/package.json')), typeof manifest.bin === 'string' ? manifest.bin : manifest.bin.tap)
// tap adds --enable-source-maps itself; naming it here replaces the configured --import=tsx/esm.
const args = [bin, '--node-arg=--enable-source-maps', ...testTrees().includes.map((pattern) => `--include=${pattern}`), ...process.argv.slice(2)]
const child = spawn(process.execPath, args, { stdio: 'inherit' })
child.on('close', (code, signal) => {
  process.exitCode = code ?? 1
  if (signal !== null) console.error(`tap ended by ${signal}`)
})
