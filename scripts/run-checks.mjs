// `npm test`'s checks besides the tests: type-checking and linting (scripts/lint-and-typecheck.mjs, in
// two parts that share nothing) and check:cycles. scripts/test-compiled.mjs starts them beside tap, at a
// lower priority, so that they take the cores tap leaves idle (a test file waiting on a socket, a
// timer or a child process, and the last files of the run) rather than slowing the tests down.
//
// `node scripts/run-checks.mjs [npm script …]` runs the checks (or the npm scripts named) on their own,
// as many at once as the machine has cores. Each check's output is printed whole when it ends, in the
// order given; the exit code is non-zero when any of them failed.
import { spawn } from 'node:child_process'
import { availableParallelism, setPriority } from 'node:os'
import { dirname, join, resolve as resolvePath } from 'node:path'
import { fileURLToPath } from 'node:url'

const scripts = dirname(fileURLToPath(import.meta.url))

/** `npm test`'s checks: a name to print, and the command. */
export const checks = [
  { name: 'typecheck and lint (typecheck projects)', command: [process.execPath, join(scripts, 'lint-and-typecheck.mjs'), 'typed'] },
  { name: 'lint (other files)', command: [process.execPath, join(scripts, 'lint-and-typecheck.mjs'), 'rest'] },
  { name: 'check:cycles', command: [process.execPath, join(scripts, 'check-cycles.mjs')] }
]

function npmScript (name) {
  // npm_execpath is npm's own CLI when this runs from an npm script; npm from PATH otherwise.
  const npm = process.env.npm_execpath
  return { name, command: npm === undefined ? ['npm', 'run', name] : [process.execPath, npm, 'run', name] }
}

/** The checks' processes that are still running, and the nice value to start the next ones at. */
const running = new Set()
const next = { priority: undefined }

/**
 * Sets the nice value of the checks still running: back to normal once the tests have ended, so that
 * what is left of the checks is not held back by the rest of a busy machine. Lowering a nice value
 * needs the privilege to (root or CAP_SYS_NICE); without it they keep theirs, which only matters when
 * other work shares the machine.
 */
export function setChecksPriority (priority) {
  next.priority = priority
  for (const child of running) {
    try { setPriority(child.pid, priority) } catch { /* not allowed: see above */ }
  }
}

function run ({ name, command }) {
  const priority = next.priority
  return new Promise((resolve) => {
    const started = Date.now()
    const child = spawn(command[0], command.slice(1), { stdio: ['ignore', 'pipe', 'pipe'] })
    if (priority !== undefined && child.pid !== undefined) {
      try { setPriority(child.pid, priority) } catch { /* not allowed here: the check runs at tap's priority */ }
    }
    running.add(child)
    const output = []
    child.stdout.on('data', (chunk) => output.push(chunk))
    child.stderr.on('data', (chunk) => output.push(chunk))
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)))
    child.on('close', (code, signal) => {
      running.delete(child)
      resolve({ name, code: code ?? 1, signal, seconds: (Date.now() - started) / 1000, output: Buffer.concat(output) })
    })
  })
}

/** Prints a check's output and outcome; returns whether it passed. */
export function printResult (result) {
  process.stdout.write(result.output)
  const outcome = result.code === 0 ? 'passed' : `FAILED (${result.signal ?? `exit code ${result.code}`})`
  console.log(`[${result.name}] ${outcome} in ${result.seconds.toFixed(1)} s\n`)
  return result.code === 0
}

/**
 * Runs `list`, at most `limit` at once, each started at `priority` (a nice value) when given.
 * `onResult` is called with each result in the order of `list`, as soon as it and those before it ended.
 */
export async function runChecks (list, { limit = availableParallelism(), priority, onResult } = {}) {
  next.priority = priority
  const results = new Array(list.length)
  let reported = 0
  let started = 0
  async function worker () {
    while (started < list.length) {
      const index = started++
      results[index] = await run(list[index])
      // Not `onResult?.(results[reported++])`: without a callback that skips the increment and never ends.
      while (reported < list.length && results[reported] !== undefined) {
        const result = results[reported++]
        if (onResult !== undefined) onResult(result)
      }
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, list.length)) }, worker))
  return results
}

/** The nice value of checks that run beside the tests: below them, so that they yield the cores. */
export const besideTestsPriority = 10

if (process.argv[1] !== undefined && resolvePath(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const names = process.argv.slice(2)
  const list = names.length === 0 ? checks : names.map(npmScript)
  const results = await runChecks(list, { onResult: printResult })
  if (results.some((result) => result.code !== 0)) process.exitCode = 1
}
