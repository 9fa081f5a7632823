// S6: start-up time and memory with 1000 schema'd routes, each measurement in a fresh process
// pinned to the server CPU, peers interleaved round by round. `enclave` runs with its defaults
// (lazySchemaCompilation on), `enclave eager` with lazySchemaCompilation off, `enclave-fastify lazy`
// the v4 face with it on, `<peer> cached` a second start with schemaCache (Enclave's entries only;
// the cache is filled by one start before the rounds and removed after them).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pinnedNode, serverCpu } from './pinning.js'
import { runNodeScript } from './child.js'
import { median } from './stats.js'

export const startupPeers = ['enclave', 'enclave eager', 'enclave cached', 'enclave-fastify', 'enclave-fastify lazy', 'enclave-fastify cached', 'fastify4', 'fastify5']

export async function runStartup (options, benchDir) {
  const peers = options.startupPeers ?? startupPeers
  const samples = Object.fromEntries(peers.map((peer) => [peer, []]))
  const cacheDir = mkdtempSync(join(tmpdir(), 'enclave-s6-cache-'))
  function argsOf (peer) {
    const [name, variant] = peer.split(' ')
    if (variant === 'cached') return [name, `cache=${join(cacheDir, name)}`]
    return variant === undefined ? [name] : [name, variant]
  }
  function run (peer) {
    const { command, args } = pinnedNode(serverCpu, ['--expose-gc', `${benchDir}startup-app.js`, ...argsOf(peer)])
    return runNodeScript(command, args, benchDir)
  }
  try {
    for (const peer of peers) if (peer.endsWith(' cached')) await run(peer)
    for (let round = 0; round < options.startupRounds; round++) {
      for (const peer of peers) samples[peer].push(await run(peer))
    }
  } finally {
    rmSync(cacheDir, { recursive: true, force: true })
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
