// Profiles one peer server under one scenario's load: the server runs with --cpu-prof (pinned to
// CPU 0), wrk or else autocannon (pinned to CPU 1) loads it, then the profile is summarised.
//   node bench/profile.js <peer> <scenario> [seconds=10] [pipelining=1]
import { spawn } from 'node:child_process'
import { mkdirSync, readdirSync, renameSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { scenarios } from './scenarios.js'
import { pinnedNode, serverCpu, loadCpu } from './pinning.js'
import { wrkVersion } from './load.js'

const [peer = 'enclave', scenario = 'S1', secondsArg = '10', pipeliningArg = '1'] = process.argv.slice(2)
const benchDir = fileURLToPath(new URL('.', import.meta.url))
const dir = `${benchDir}results/profiles/`
const scratch = `${dir}tmp-${process.pid}/`
mkdirSync(scratch, { recursive: true })

function once (child, type) {
  return new Promise((resolve, reject) => {
    child.on('message', function onMessage (message) {
      if (message?.type === type) { child.off('message', onMessage); resolve(message) }
    })
    child.once('exit', (code) => reject(new Error(`exited ${code} before ${type}`)))
  })
}

const server = pinnedNode(serverCpu, ['--cpu-prof', `--cpu-prof-dir=${scratch}`, `${benchDir}servers/${peer}.js`, '--port', '0'])
const serverChild = spawn(server.command, server.args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
const { port } = await once(serverChild, 'ready')
const loader = pinnedNode(loadCpu, [`${benchDir}load.js`, ...(wrkVersion() === null ? [] : ['--wrk'])])
const loaderChild = spawn(loader.command, loader.args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
await once(loaderChild, 'ready')
const { request } = scenarios[scenario]
loaderChild.send({ type: 'run', url: `http://127.0.0.1:${port}${request.path}`, method: request.method, headers: request.headers, body: request.body, connections: 100, pipelining: Number(pipeliningArg), duration: Number(secondsArg) })
const { result } = await once(loaderChild, 'result')
console.log(`${peer} ${scenario} p=${pipeliningArg}: ${Math.round(result.rps)} req/s, p99 ${result.p99} ms, non2xx ${result.non2xx}`)
loaderChild.send({ type: 'exit' })
loaderChild.kill()
const exited = new Promise((resolve) => serverChild.once('exit', resolve))
serverChild.send({ type: 'exit' })
await exited
const [written] = readdirSync(scratch)
const target = `${dir}${peer}-${scenario}-p${pipeliningArg}.cpuprofile`
renameSync(`${scratch}${written}`, target)
console.log(`profile: ${target}`)
