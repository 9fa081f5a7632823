// The cross-runtime suite on Node: through listen() (a real socket) and through app.fetch() called
// with Web Requests. Prints { mode: results } as one JSON line.
import { buildApp } from './suite/app.mjs'
import { runCases } from './suite/client.mjs'

const report = {}

const listening = buildApp()
const address = await listening.listen({ port: 0, host: '127.0.0.1' })
report.listen = await runCases(address)
await listening.close()

const fetching = buildApp()
report.fetch = await runCases('http://localhost', fetching.fetch)
await fetching.close()

process.stdout.write(JSON.stringify(report) + '\n')
