/* global Deno */
// The cross-runtime suite on Deno: Deno.serve(app.fetch) and listen() through Deno's node:http.
// Prints { mode: results } as one JSON line.
import { runServed, listening } from './suite/client.mjs'

const report = {}
report['Deno.serve'] = await runServed((app) => {
  const server = Deno.serve({ port: 0, hostname: '127.0.0.1', onListen () {} }, app.fetch)
  return { base: `http://127.0.0.1:${server.addr.port}`, stop: () => server.shutdown() }
})
report.listen = await runServed(listening)
process.stdout.write(JSON.stringify(report) + '\n')
