/* global Bun */
// The cross-runtime suite on Bun: Bun.serve({ fetch: app.fetch }) and listen() through Bun's
// node:http. Prints { mode: results } as one JSON line.
import { runServed, listening } from './suite/client.mjs'

const report = {}
report['Bun.serve'] = await runServed((app) => {
  const server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: app.fetch })
  return { base: `http://127.0.0.1:${server.port}`, stop: () => server.stop(true) }
})
report.listen = await runServed(listening)
process.stdout.write(JSON.stringify(report) + '\n')
