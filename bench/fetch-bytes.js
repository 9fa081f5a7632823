// Bytes of V8 heap a request through app.fetch allocates (Deno, Node): the young generation is made
// large enough that no collection runs during a pass, so the growth of the used heap over the pass is
// what it allocated. Like cells per request on Bun (fetch-allocations.js), a count load does not move.
//   deno run -A --v8-flags=--min-semi-space-size=256,--max-semi-space-size=256 bench/fetch-bytes.js [--scenarios S1,S2,S3] [--requests 2000] [--baseline <build's index.import.js>] [--no-hono]
//   node --min-semi-space-size=256 --max-semi-space-size=256 bench/fetch-bytes.js ...
import { fetchPeers, flag, pass, requestOf } from './fetch-peers.js'

const scenarioList = flag('--scenarios', 'S1,S2,S3').split(',')
const requests = Number(flag('--requests', '2000'))
const heapUsed = () => process.memoryUsage().heapUsed
const peers = await fetchPeers()

for (const name of scenarioList) {
  const columns = []
  for (const [peer, fetch] of peers) {
    const warm = []
    for (let i = 0; i < 3000; i++) warm.push(requestOf(name))
    await pass(fetch, warm)
    const samples = []
    for (let round = 0; round < 5; round++) {
      const batch = []
      for (let i = 0; i < requests; i++) batch.push(requestOf(name))
      // With --expose-gc (Node) / --v8-flags=--expose-gc (Deno): each pass starts from an empty young generation.
      globalThis.gc?.()
      const before = heapUsed()
      await pass(fetch, batch)
      samples.push((heapUsed() - before) / requests)
    }
    samples.sort((a, b) => a - b)
    // The smallest: a pass in which the compiler still made code or feedback counts those too (a pass
    // with a collection in it, which would read lower, does not happen with the young generation this large).
    columns.push(`${peer} ${samples[0].toFixed(0)} (${samples.map((s) => s.toFixed(0)).join(' ')})`)
  }
  console.log(`${name}: heap bytes per request  ${columns.join('  ')}`)
}
