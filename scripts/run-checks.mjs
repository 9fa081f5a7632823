// `node scripts/run-checks.mjs typecheck lint check:cycles`: runs those npm scripts side by side, as
// many at once as the machine has cores, so that `npm test`'s single-threaded checks (tsc, ESLint)
// do not leave a core idle. Each script's output is printed whole when it ends, in the order given;
// the exit code is non-zero when any of them failed.
import { spawn } from 'node:child_process'
import { availableParallelism } from 'node:os'

const names = process.argv.slice(2)
const npm = process.env.npm_execpath
const limit = Math.max(1, availableParallelism())

function run (name) {
  return new Promise((resolve) => {
    const started = Date.now()
    // npm_execpath is npm's own CLI when this runs from an npm script; npm from PATH otherwise.
    const child = npm === undefined
      ? spawn('npm', ['run', name], { stdio: ['ignore', 'pipe', 'pipe'] })
      : spawn(process.execPath, [npm, 'run', name], { stdio: ['ignore', 'pipe', 'pipe'] })
    const output = []
    child.stdout.on('data', (chunk) => output.push(chunk))
    child.stderr.on('data', (chunk) => output.push(chunk))
    child.on('close', (code, signal) => {
      resolve({ name, code: code ?? 1, signal, seconds: (Date.now() - started) / 1000, output: Buffer.concat(output) })
    })
  })
}

const results = new Array(names.length)
const printed = { next: 0 }
function printReady () {
  while (printed.next < names.length && results[printed.next] !== undefined) {
    const result = results[printed.next++]
    process.stdout.write(result.output)
    const outcome = result.code === 0 ? 'passed' : `FAILED (${result.signal ?? `exit code ${result.code}`})`
    console.log(`[${result.name}] ${outcome} in ${result.seconds.toFixed(1)} s\n`)
  }
}

let started = 0
async function worker () {
  while (started < names.length) {
    const index = started++
    results[index] = await run(names[index])
    printReady()
  }
}

await Promise.all(Array.from({ length: Math.min(limit, names.length) }, worker))
if (results.some((result) => result.code !== 0)) process.exitCode = 1
