// The cross-runtime suite on Node: through listen() (a real socket) and through app.fetch() called
// with Web Requests. Prints { mode: results } as one JSON line.
import { buildApp } from './suite/app.mjs'
import { runCases, runThroughListen } from './suite/client.mjs'

const report = {}

report.listen = await runThroughListen(buildApp)

const fetching = buildApp()
report.fetch = await runCases('http://localhost', fetching.fetch)
await fetching.close()

process.stdout.write(JSON.stringify(report) + '\n')
