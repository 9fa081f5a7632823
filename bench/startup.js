// S6: start-up time and memory with 1000 schema'd routes, each measurement in a fresh process
// pinned to the server CPU, peers interleaved round by round.
import { pinnedNode, serverCpu } from './pinning.js'
import { runNodeScript } from './child.js'
import { median } from './stats.js'

export const startupPeers = ['enclave', 'fastify4', 'fastify5']

export async function runStartup (options, benchDir) {
  const peers = startupPeers
  const samples = Object.fromEntries(peers.map((peer) => [peer, []]))
  for (let round = 0; round < options.startupRounds; round++) {
    for (const peer of peers) {
      const { command, args } = pinnedNode(serverCpu, ['--expose-gc', `${benchDir}startup-app.js`, peer])
      samples[peer].push(await runNodeScript(command, args, benchDir))
    }
  }
  const summary = peers.map((peer) => {
    const list = samples[peer]
    const times = list.map((sample) => sample.ms)
    return {
      peer,
      ms: median(times),
      cpuMs: median(list.map((sample) => sample.cpuMs)),
      msMin: Math.min(...times),
      msMax: Math.max(...times),
      rss: median(list.map((sample) => sample.rss)),
      heapUsed: median(list.map((sample) => sample.heapUsed)),
      heapDelta: median(list.map((sample) => sample.heapDelta)),
      rounds: list.length
    }
  })
  return { routes: 1000, summary, samples }
}
