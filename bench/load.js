// The load generator, run by bench/run.js as a child process pinned to its own CPU. It receives
// one autocannon run per IPC message and answers with the numbers the report needs.
import autocannon from 'autocannon'

function summarise (result) {
  return {
    requests: result.requests.total,
    seconds: result.duration,
    rps: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts
  }
}

process.on('message', async function onRun (message) {
  if (message?.type !== 'run') return
  const { url, method, headers, body, connections, pipelining, duration } = message
  try {
    const result = await autocannon({ url, method, headers, body, connections, pipelining, duration })
    process.send({ type: 'result', result: summarise(result) })
  } catch (error) {
    process.send({ type: 'result', error: String(error?.stack ?? error) })
  }
})
process.send({ type: 'ready' })
