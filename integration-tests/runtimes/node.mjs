// The cross-runtime suite on Node: through listen() (a real socket) and through app.fetch() called
// with Web Requests. Prints { mode: results } as one JSON line.
import { runServed, listening } from './suite/client.mjs'

const report = {}
report.listen = await runServed(listening)
report.fetch = await runServed((app) => ({ base: 'http://localhost', send: app.fetch, stop () {} }))
process.stdout.write(JSON.stringify(report) + '\n')
