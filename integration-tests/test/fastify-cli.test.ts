// fastify-cli 6 (the Fastify 4 major), unmodified, starting apps on @enclave/fastify4 — the package
// the name `fastify` resolves to in this repository, as it would after `npm install
// fastify@npm:@enclave/fastify4`: `fastify start` with `--options` and plugin options, `--watch`
// reloading on a change, and the app `fastify generate` writes, run after its one-dependency change.
import { spawn, type ChildProcess } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { createServer } from 'node:net'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import t, { type Test } from 'tap'
import { plainChild } from '../../core/test/fixtures/plain-child.js'

const require = createRequire(import.meta.url)
const cliBin = join(dirname(require.resolve('fastify-cli/package.json')), 'cli.js')
const here = dirname(fileURLToPath(import.meta.url))
const fixture = join(here, '..', 'fixtures', 'autoload-app')
// Scratch apps live inside the repository so that `fastify`, `@fastify/autoload`, `fastify-cli`
// resolve from its node_modules (ignored by git).
const scratch = join(here, '..', '.tmp')

/** The machine is shared and loaded: generous, but bounded. */
const startTimeout = 45_000

async function freePort (): Promise<number> {
  return await new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

interface Cli { child: ChildProcess, output: () => string }

/** Spawns the bin in its own process group, so the watch mode's forked child is stopped with it. */
function runCli (t: Test, args: string[], cwd: string): Cli {
  let output = ''
  const [file, plainArgs] = plainChild(process.execPath, [cliBin, ...args])
  const child = spawn(file, plainArgs, { cwd, detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
  child.stdout!.on('data', (chunk: Buffer) => { output += chunk.toString() })
  child.stderr!.on('data', (chunk: Buffer) => { output += chunk.toString() })
  t.teardown(async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    const exited = new Promise((resolve) => child.once('exit', resolve))
    try { process.kill(-child.pid!, 'SIGTERM') } catch {}
    const timer = setTimeout(() => { try { process.kill(-child.pid!, 'SIGKILL') } catch {} }, 5_000)
    await exited
    clearTimeout(timer)
  })
  return { child, output: () => output }
}

async function until<T> (what: string, cli: Cli, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + startTimeout
  while (Date.now() < deadline) {
    const value = await probe().catch(() => undefined)
    if (value !== undefined) return value
    if (cli.child.exitCode !== null) throw new Error(`fastify-cli exited (${cli.child.exitCode}) before ${what}:\n${cli.output()}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`timed out waiting for ${what}:\n${cli.output()}`)
}

async function getJson (url: string): Promise<{ status: number, body: any }> {
  const res = await fetch(url)
  const text = await res.text()
  return { status: res.status, body: res.headers.get('content-type')?.startsWith('application/json') === true ? JSON.parse(text) : text }
}

function scratchCopy (t: Test, name: string, from?: string): string {
  mkdirSync(scratch, { recursive: true })
  const dir = join(scratch, `${name}-${process.pid}`)
  rmSync(dir, { recursive: true, force: true })
  if (from !== undefined) cpSync(from, dir, { recursive: true })
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

t.test('fastify start runs the autoload app on @enclave/fastify4, with --options and plugin options', async (t) => {
  const port = await freePort()
  const cli = runCli(t, ['start', '-l', 'info', '-a', '127.0.0.1', '-p', String(port), '--options', 'app.js', '--', '--punctuation', '!'], fixture)
  const base = `http://127.0.0.1:${port}`
  await until('listening', cli, async () => cli.output().includes(`Server listening at ${base}`) ? true : undefined)
  t.strictSame((await getJson(`${base}/runtime`)).body, { enclave: true, version: '4.29.1' }, 'fastify-cli loaded @enclave/fastify4')
  t.strictSame((await getJson(`${base}/`)).body, { root: true, greeting: 'hello world!' }, 'options after -- reach the app')
  t.strictSame((await getJson(`${base}/users/2`)).body, { id: '2', name: 'Grace' })
  t.strictSame(await getJson(`${base}/internal/stats/`), { status: 200, body: { users: 2 } }, '--options: the app\'s ignoreTrailingSlash is a server option')
  const log = cli.output().split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line))
  t.ok(log.some((entry) => entry.msg === `Server listening at ${base}` && entry.level === 30), 'pino JSON logs at the -l level')
})

t.test('fastify start without --options keeps the app\'s options out of the server', async (t) => {
  const port = await freePort()
  const cli = runCli(t, ['start', '-l', 'info', '-a', '127.0.0.1', '-p', String(port), 'app.js'], fixture)
  const base = `http://127.0.0.1:${port}`
  await until('listening', cli, async () => cli.output().includes(`Server listening at ${base}`) ? true : undefined)
  t.equal((await getJson(`${base}/internal/stats/`)).status, 404)
  t.strictSame((await getJson(`${base}/`)).body, { root: true, greeting: 'hello world' })
})

t.test('fastify start --watch restarts the app when a file changes', async (t) => {
  const dir = scratchCopy(t, 'watch', fixture)
  const port = await freePort()
  const cli = runCli(t, ['start', '-w', '-l', 'info', '-a', '127.0.0.1', '-p', String(port), 'app.js'], dir)
  const base = `http://127.0.0.1:${port}`
  t.strictSame(await until('the first answer', cli, async () => (await getJson(`${base}/health`)).body), { status: 'ok' })
  writeFileSync(join(dir, 'routes', 'health', 'index.js'), readFileSync(join(dir, 'routes', 'health', 'index.js'), 'utf8').replace("status: 'ok'", "status: 'reloaded'"))
  const reloaded = await until('the reloaded answer', cli, async () => {
    const { body } = await getJson(`${base}/health`)
    return body.status === 'reloaded' ? body : undefined
  })
  t.strictSame(reloaded, { status: 'reloaded' })
})

t.test('the app fastify generate writes runs on Enclave after the one-dependency change', async (t) => {
  // generate runs `npm init` in the target, which, inside this repository, would edit the nearest
  // package.json: it writes outside, and the result is copied in.
  const outside = mkdtempSync(join(tmpdir(), 'enclave-cli-generate-'))
  t.teardown(() => rmSync(outside, { recursive: true, force: true }))
  const generate = runCli(t, ['generate', join(outside, 'app')], outside)
  const exitCode = await new Promise((resolve) => generate.child.once('exit', resolve))
  t.equal(exitCode, 0, generate.output())
  const dir = scratchCopy(t, 'generated', join(outside, 'app'))
  const manifestPath = join(dir, 'package.json')
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'))
  t.match(manifest.dependencies.fastify, /^\^4\./, 'generated for Fastify 4')
  // The one change: the name fastify installs Enclave. Packages resolve from the repository here.
  manifest.dependencies.fastify = 'npm:@enclave/fastify4@^4.29.1'
  writeFileSync(manifestPath, JSON.stringify(manifest, null, 2))

  const port = await freePort()
  const cli = runCli(t, ['start', '-l', 'info', '-a', '127.0.0.1', '-p', String(port), 'app.js'], dir)
  const base = `http://127.0.0.1:${port}`
  await until('listening', cli, async () => cli.output().includes(`Server listening at ${base}`) ? true : undefined)
  t.strictSame((await getJson(`${base}/`)).body, { root: true })
  t.strictSame((await getJson(`${base}/example`)).body, 'this is an example')

  // Its own tests (node:test, through fastify-cli/helper's build) pass too.
  const testFiles = ['routes', 'plugins'].flatMap((folder) => readdirSync(join(dir, 'test', folder)).map((file) => join('test', folder, file)))
  const [file, args] = plainChild(process.execPath, ['--test', ...testFiles])
  const tests = spawn(file, args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] })
  let report = ''
  tests.stdout.on('data', (chunk: Buffer) => { report += chunk.toString() })
  tests.stderr.on('data', (chunk: Buffer) => { report += chunk.toString() })
  const code = await new Promise((resolve) => tests.on('exit', resolve))
  t.equal(code, 0, report)
  t.match(report, /# fail 0/)
})
