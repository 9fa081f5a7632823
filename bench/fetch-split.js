// Where S1's time through app.fetch goes, in one process: the whole app, the fetch handler over a raw
// handler that only writes the head and the body (the stand-ins without the lifecycle), Hono, and a
// bare handler making the same Response. The differences say what the stand-ins and the lifecycle
// cost beyond the runtime's own Request and Response.
//   bun bench/fetch-split.js [--build <core/dist>] [--rounds 9] [--requests 20000]
//   deno run -A bench/fetch-split.js ...        node bench/fetch-split.js ...
// CPU µs per request (process user + system over a pass); each round runs every peer once, in turn;
// minimum and median of the rounds (on a loaded machine the minimum is the steadier figure).
import { fileURLToPath, pathToFileURL } from 'node:url'
import { dirname, join, resolve } from 'node:path'
import { helloWorld } from './scenarios.js'
import { buildApp } from './servers/fastify-style.js'
import { buildHonoApp } from './servers/hono-app.js'

const flag = (name, fallback) => {
  const index = process.argv.indexOf(name)
  return index === -1 ? fallback : process.argv[index + 1]
}
const build = resolve(flag('--build', join(dirname(fileURLToPath(import.meta.url)), '../core/dist')))
const rounds = Number(flag('--rounds', '9'))
const requests = Number(flag('--requests', '20000'))

const { default: enclave } = await import(pathToFileURL(join(build, 'index.import.js')).href)
const { createFetchHandler } = await import(pathToFileURL(join(build, 'server/fetch-handler.js')).href)

const app = buildApp(enclave)
await app.ready()
const body = JSON.stringify(helloWorld)
const length = String(Buffer.byteLength(body))
// What the lifecycle ends with for S1: the head with the reply's two fields, then the whole body.
function rawHandler (req, res) {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': length })
  res.end(body)
}
const standIns = createFetchHandler({ ready: async () => {} }, { options: {}, closed: false, configLocked: true, httpHandler: rawHandler })
const bare = async () => new Response(JSON.stringify(helloWorld), { headers: { 'content-type': 'application/json' } })
// The Response the stand-ins make for S1: status in the constructor, the two fields set afterwards.
const init = { status: 200 }
const sameResponse = async () => {
  const response = new Response(body, init)
  response.headers.set('content-type', 'application/json; charset=utf-8')
  response.headers.set('content-length', length)
  return response
}
const peers = { enclave: app.fetch, 'stand-ins': standIns, 'same Response': sameResponse, hono: buildHonoApp().fetch, bare }

// As Bun.serve and Deno.serve call it: a second argument beside the request.
const platform = {}
const samples = {}
for (let round = 0; round < rounds; round++) {
  for (const [name, fetch] of Object.entries(peers)) {
    const batch = []
    for (let i = 0; i < requests; i++) batch.push(new Request('http://127.0.0.1/'))
    const start = process.cpuUsage()
    for (let i = 0; i < requests; i++) await (await fetch(batch[i], platform)).arrayBuffer()
    const used = process.cpuUsage(start)
    ;(samples[name] ??= []).push((used.user + used.system) / requests)
  }
}
console.log(`S1 through the fetch handler: CPU µs per request, min / median of ${rounds} rounds of ${requests}`)
for (const [name, values] of Object.entries(samples)) {
  values.sort((a, b) => a - b)
  console.log(`  ${name.padEnd(14)} ${values[0].toFixed(2)} / ${values[Math.floor(values.length / 2)].toFixed(2)}`)
}
