/* global Bun */
// The cross-runtime suite on Bun: Bun.serve({ fetch: app.fetch }) and listen() through Bun's
// node:http. Prints { mode: results } as one JSON line.
import { buildApp } from './suite/app.mjs'
import { runCases, runThroughListen } from './suite/client.mjs'

const report = {}

const served = buildApp()
const server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: served.fetch })
report['Bun.serve'] = await runCases(`http://127.0.0.1:${server.port}`)
server.stop(true)
await served.close()

report.listen = await runThroughListen(buildApp)

process.stdout.write(JSON.stringify(report) + '\n')
