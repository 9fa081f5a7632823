/* global Deno */
// The cross-runtime suite on Deno: Deno.serve(app.fetch) and listen() through Deno's node:http.
// Prints { mode: results } as one JSON line.
import { buildApp } from './suite/app.mjs'
import { runCases, runThroughListen } from './suite/client.mjs'

const report = {}

const served = buildApp()
const server = Deno.serve({ port: 0, hostname: '127.0.0.1', onListen () {} }, served.fetch)
report['Deno.serve'] = await runCases(`http://127.0.0.1:${server.addr.port}`)
await server.shutdown()
await served.close()

report.listen = await runThroughListen(buildApp)

process.stdout.write(JSON.stringify(report) + '\n')
