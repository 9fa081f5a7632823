// What an instrumentation set up after the app loaded its framework sees (OpenTelemetry's HTTP
// instrumentation patches `node:http` when it is next loaded, through require or
// process.getBuiltinModule): Fastify 4.29 and 5.12 load `node:http` and the other server modules when
// they are loaded, so serving a request loads none of them later. The faces, loaded as an app loads
// `fastify`, do the same. Each entry runs in a process of its own, where nothing was loaded before.
import { test } from 'tap'
import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../..', import.meta.url))

const watcher = `
const fastify = require(process.argv[1])
const Module = require('node:module')
const watched = /^(node:)?(http|https|http2|dns|tls|net)$/
const seen = []
const getBuiltinModule = process.getBuiltinModule
process.getBuiltinModule = function (id) { if (watched.test(id)) seen.push(id); return getBuiltinModule.call(process, id) }
const load = Module._load
Module._load = function (request, ...rest) { if (watched.test(request)) seen.push(request); return load.call(this, request, ...rest) }
;(async () => {
  const app = fastify()
  app.get('/', async () => 'ok')
  await app.listen({ port: 0, host: '127.0.0.1' })
  const res = await fetch('http://127.0.0.1:' + app.server.address().port + '/')
  await res.text()
  await app.close()
  process.stdout.write(JSON.stringify({ status: res.status, seen }))
})()
`

for (const entry of ['fastify5', '@enclave/fastify', 'fastify4', '@enclave/fastify4']) {
  test(`${entry}: serving a request loads no server module after the entry was loaded`, async (t) => {
    const out = execFileSync(process.execPath, ['-e', watcher, entry], { cwd: root, env: { ...process.env, NODE_OPTIONS: '' } }).toString()
    t.same(JSON.parse(out), { status: 200, seen: [] })
  })
}
