// What the per-request allocation counters share: the command line, the app.fetch handlers compared
// (Enclave, a baseline build, Hono), each scenario's Web request, and one pass of requests.
import { pathToFileURL } from 'node:url'
import { resolve } from 'node:path'
import { scenarios } from './scenarios.js'

export const flag = (name, fallback) => {
  const index = process.argv.indexOf(name)
  return index === -1 ? fallback : process.argv[index + 1]
}

async function enclaveFetch (module) {
  const { buildApp } = await import('./servers/fastify-style.js')
  const { default: factory } = await import(module)
  const app = buildApp(factory)
  await app.ready()
  return app.fetch
}

/** [name, fetch] for Enclave, the `--baseline` build when given, and Hono unless `--no-hono`. */
export async function fetchPeers () {
  const peers = [['enclave', await enclaveFetch('@enclave/core')]]
  const baseline = flag('--baseline', null)
  if (baseline !== null) peers.push(['baseline', await enclaveFetch(pathToFileURL(resolve(baseline)).href)])
  if (!process.argv.includes('--no-hono')) {
    const { buildHonoApp } = await import('./servers/hono-app.js')
    peers.push(['hono', buildHonoApp().fetch])
  }
  return peers
}

export function requestOf (name) {
  const { method, path, headers, body } = scenarios[name].request
  const length = body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }
  return new Request(`http://127.0.0.1${path}`, { method, headers: { ...headers, ...length }, body })
}

// As Bun.serve and Deno.serve call it: a second argument (the server, the connection info) beside the request.
const platform = {}

/** Each request through `fetch`, its Response body read. */
export async function pass (fetch, batch) {
  for (const request of batch) await (await fetch(request, platform)).arrayBuffer()
}
