// Starting a peer server in its own process (pinned to the server CPU), asking it for its CPU time
// and RSS over the IPC channel, and stopping it: shared by the HTTP run and the memory measurement.
import { spawn } from 'node:child_process'
import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { pinnedNode, serverCpu } from './pinning.js'

const benchDir = fileURLToPath(new URL('.', import.meta.url))

export function waitForMessage (child, type, timeoutMs, what) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => { cleanup(); reject(new Error(`${what}: no '${type}' within ${timeoutMs} ms`)) }, timeoutMs)
    function onMessage (message) {
      if (message?.type !== type) return
      cleanup()
      resolve(message)
    }
    function onExit (code) {
      cleanup()
      reject(new Error(`${what} exited with code ${code} before '${type}'`))
    }
    function cleanup () {
      clearTimeout(timer)
      child.off('message', onMessage)
      child.off('exit', onExit)
    }
    child.on('message', onMessage)
    child.on('exit', onExit)
  })
}

export async function startServer (peer, options, app = 'S') {
  const nodeArgs = []
  if (options.profile && peer === 'enclave') {
    const dir = fileURLToPath(new URL('./results/profiles/', import.meta.url))
    mkdirSync(dir, { recursive: true })
    nodeArgs.push('--cpu-prof', `--cpu-prof-dir=${dir}`)
  }
  nodeArgs.push(`${benchDir}servers/${peer}.js`, '--port', '0', '--app', app)
  const { command, args } = pinnedNode(serverCpu, nodeArgs)
  const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], cwd: benchDir })
  const ready = await waitForMessage(child, 'ready', 30000, `server ${peer}`)
  return { peer, child, port: ready.port }
}

export async function usageOf (server) {
  const reply = waitForMessage(server.child, 'usage', 10000, `usage of ${server.peer}`)
  server.child.send({ type: 'usage' })
  return reply
}

export async function stopProcess (child) {
  if (child.exitCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.send({ type: 'exit' })
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000)
  await exited
  clearTimeout(timer)
}
