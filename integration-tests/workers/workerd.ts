import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { createInterface } from 'node:readline'
import type { Readable } from 'node:stream'
import { buildWorker } from '@enclave/worker-build'

/** A Worker to build and serve: its entry and the app factory its schemas are compiled from. */
export interface WorkerSpec {
  name: string
  entry: string
  app: string
  /** Bindings given as plain-text environment variables. */
  env?: Record<string, string>
  minify?: boolean
  /** Packages the app imports under another name (enclave-worker-build's `alias`). */
  alias?: Record<string, string>
}

export interface Workerd {
  /** Each Worker's base URL, by name. */
  urls: Record<string, string>
  /** Each bundle's size in bytes, by name. */
  bytes: Record<string, number>
  /** workerd's process id (for /proc CPU readings). */
  pid: number
  /** The workerd binary's own output so far (errors the Workers logged). */
  output: () => string
  close: () => Promise<void>
}

const workerdBin = join(dirname(createRequire(import.meta.url).resolve('workerd/package.json')), 'bin', 'workerd')
// A date this workerd knows of; from 2026-08-04 on, nodejs_compat is on without its flag.
const compatibilityDate = '2026-11-01'
const listenTimeoutMs = 30_000

function capnpString (value: string): string {
  return JSON.stringify(value)
}

function configOf (workers: WorkerSpec[], folder: string): string {
  const services = workers.map((worker) => `(name = ${capnpString(worker.name)}, worker = .${worker.name})`)
  const sockets = workers.map((worker) => `(name = ${capnpString(worker.name)}, address = "127.0.0.1:0", http = (), service = ${capnpString(worker.name)})`)
  const definitions = workers.map((worker) => {
    const bindings = Object.entries(worker.env ?? {}).map(([name, text]) => `(name = ${capnpString(name)}, text = ${capnpString(text)})`)
    return `const ${worker.name} :Workerd.Worker = (
  modules = [ (name = "worker.js", esModule = embed ${capnpString(`${worker.name}.js`)}) ],
  bindings = [ ${bindings.join(', ')} ],
  compatibilityDate = "${compatibilityDate}"
);`
  })
  return `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [ ${services.join(', ')} ],
  sockets = [ ${sockets.join(', ')} ]
);
${definitions.join('\n')}
`
}

/**
 * Builds each Worker with enclave-worker-build and serves them all from one workerd process, each
 * on a port of its own on 127.0.0.1 (workerd reports the ports on its control descriptor).
 */
export async function startWorkerd (workers: WorkerSpec[]): Promise<Workerd> {
  const folder = await mkdtemp(join(tmpdir(), 'enclave-workerd-'))
  const started: { child?: ChildProcess } = {}
  try {
    return await serveFrom(folder, workers, started)
  } catch (error) {
    // a build or a workerd that fails leaves neither its process nor its folder behind
    const child = started.child
    if (child !== undefined && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill()
      await exited
    }
    await rm(folder, { recursive: true, force: true })
    throw error
  }
}

async function serveFrom (folder: string, workers: WorkerSpec[], started: { child?: ChildProcess }): Promise<Workerd> {
  const bytes: Record<string, number> = {}
  for (const worker of workers) {
    bytes[worker.name] = (await buildWorker({ entry: worker.entry, app: worker.app, outfile: join(folder, `${worker.name}.js`), minify: worker.minify, alias: worker.alias })).bytes
  }
  const config = join(folder, 'config.capnp')
  await writeFile(config, configOf(workers, folder))
  const child: ChildProcess = spawn(workerdBin, ['serve', config, '--control-fd=3'], { stdio: ['ignore', 'pipe', 'pipe', 'pipe'] })
  started.child = child
  let output = ''
  child.stdout!.on('data', (chunk: Buffer) => { output += chunk.toString() })
  child.stderr!.on('data', (chunk: Buffer) => { output += chunk.toString() })
  const urls: Record<string, string> = {}
  await new Promise<void>((resolve, reject) => {
    const lines = createInterface({ input: child.stdio[3] as Readable })
    lines.on('line', (line) => {
      const event = JSON.parse(line) as { event?: string, socket?: string, port?: number }
      if (event.event === 'listen' && event.socket !== undefined) urls[event.socket] = `http://127.0.0.1:${event.port}`
      if (Object.keys(urls).length === workers.length) {
        clearTimeout(timer)
        resolve()
      }
    })
    child.once('exit', (code) => { reject(new Error(`workerd exited (${code}) before listening:\n${output}`)) })
    // A workerd that never listens must not outlive the test.
    const timer = setTimeout(() => {
      child.kill()
      reject(new Error(`workerd did not listen within ${listenTimeoutMs} ms:\n${output}`))
    }, listenTimeoutMs).unref()
  })
  return {
    urls,
    bytes,
    pid: child.pid!,
    output: () => output,
    async close () {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve))
        child.kill()
        await exited
      }
      await rm(folder, { recursive: true, force: true })
    }
  }
}
