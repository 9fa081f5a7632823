// What a request through app.fetch allocates on Bun, by JavaScriptCore cell type: a count that the
// machine's load does not move, where CPU time on this shared machine moves 2x from run to run.
//   bun bench/fetch-allocations.js [--scenarios S1,S2,S3] [--requests 300] [--baseline <another build's core/dist/index.import.js>] [--no-hono]
// Each peer runs in this process after a warm-up; JavaScriptCore's heapStats() is read before and
// after a pass in which no collection runs (a collection empties the counts: the pass is kept short
// and a full collection runs before it), so the difference is what the pass allocated. The
// requests are made before the pass: only the handler's and the Response body's allocations count.
import { fullGC, heapStats } from 'bun:jsc'
import { fetchPeers, flag, pass, requestOf } from './fetch-peers.js'

const scenarioList = flag('--scenarios', 'S1,S2,S3').split(',')
const requests = Number(flag('--requests', '300'))
const peers = await fetchPeers()

for (const name of scenarioList) {
  console.log(`${name}: cells allocated per request, by type (${requests} requests)`)
  for (const [peer, fetch] of peers) {
    const warm = []
    for (let i = 0; i < 5000; i++) warm.push(requestOf(name))
    await pass(fetch, warm)
    const batch = []
    for (let i = 0; i < requests; i++) batch.push(requestOf(name))
    fullGC()
    const before = heapStats().objectTypeCounts
    await pass(fetch, batch)
    const after = heapStats().objectTypeCounts
    let total = 0
    const rows = []
    for (const [type, count] of Object.entries(after)) {
      const perRequest = (count - (before[type] ?? 0)) / requests
      // Structures (shapes) and code are made while the code settles, not per request.
      if (perRequest < 0.5 || type === 'Structure') continue
      total += perRequest
      rows.push([type, perRequest])
    }
    rows.sort((a, b) => b[1] - a[1])
    console.log(`  ${peer.padEnd(8)} ${total.toFixed(1).padStart(5)}  ${rows.map(([type, n]) => `${type} ${n.toFixed(1)}`).join(', ')}`)
  }
}
