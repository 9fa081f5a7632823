// One peer's fetch handler behind its runtime's own server, for bench/fetch-serve.js:
//   bun servers/fetch-server.js <enclave|hono|elysia> <port>     (Bun.serve)
//   deno run -A servers/fetch-server.js <enclave|hono> <port>     (Deno.serve)
//   node servers/fetch-server.js <enclave|hono> <port>            (@hono/node-server's serve)
// `baseline=<module>` as the peer: Enclave loaded from another build of @enclave/core (its
// index.import.js), to compare two builds in one run. Prints `ready <port>` once it listens.
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { host } from './harness.js'

const [peer, portArg] = process.argv.slice(2)
const port = Number(portArg)

async function handlerOf (name) {
  if (name === 'enclave' || name.startsWith('baseline=')) {
    const { default: enclave } = await import(name === 'enclave' ? '@enclave/core' : pathToFileURL(resolve(name.slice('baseline='.length))).href)
    const { buildApp } = await import('./fastify-style.js')
    const app = buildApp(enclave)
    await app.ready()
    return app.fetch
  }
  if (name === 'hono') {
    const { buildHonoApp } = await import('./hono-app.js')
    return buildHonoApp().fetch
  }
  if (name === 'elysia') {
    const { buildElysiaApp } = await import('./elysia-app.js')
    return buildElysiaApp().fetch
  }
  throw new Error(`unknown peer ${name}`)
}

const fetch = await handlerOf(peer)
if (typeof globalThis.Bun !== 'undefined') {
  globalThis.Bun.serve({ port, hostname: host, fetch })
} else if (typeof globalThis.Deno !== 'undefined') {
  globalThis.Deno.serve({ port, hostname: host, onListen () {} }, fetch)
} else {
  const { serve } = await import('@hono/node-server')
  await new Promise((resolve) => { serve({ fetch, port, hostname: host }, resolve) })
}
console.log(`ready ${port}`)
