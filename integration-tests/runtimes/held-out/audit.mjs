/* global Bun, Deno */
// Every held-out app through the runtime's own server (Bun.serve, Deno.serve, or
// app.fetch called directly on Node) and through listen() (the runtime's node:http), and, on Node,
// through inject(), and (v5 apps) on fastify@5.12.8. Prints { app: { mode: [answers] } }.
import { heldOutApps } from './apps.mjs'
import { viaFetch, viaInject } from './answers.mjs'

const runtime = typeof Bun !== 'undefined' ? 'bun' : typeof Deno !== 'undefined' ? 'deno' : 'node'
const skipTs = process.env.SKIP_TS === '1'

/** The app on a port of its own, asked by Node's fetch. */
async function viaListen (build, requests) {
  // Deno's node:http can keep a keep-alive connection from counting as idle, so Fastify's close()
  // waits minutes for the client to drop it (docs/runtimes.md): the sweep of gracefulClose closes it.
  const app = await build(runtime === 'deno' ? { logger: false, gracefulClose: true } : { logger: false })
  try {
    await app.listen({ port: 0, host: '127.0.0.1' })
    return await viaFetch(fetch, `http://127.0.0.1:${app.server.address().port}`, requests)
  } finally {
    await app.close()
  }
}

const report = {}
for (const held of heldOutApps) {
  if (held.typescript && skipTs) continue
  const build = await held.load()
  const results = {}
  if (runtime === 'node') {
    const injected = await build({ logger: false })
    results.inject = await viaInject(injected, held.requests)
    await injected.close()
    const fetched = await build({ logger: false })
    results.fetch = await viaFetch(fetched.fetch, 'http://localhost', held.requests)
    await fetched.close()
    results.listen = await viaListen(build, held.requests)
    if (held.v5) {
      // The same app on fastify@5.12.8: the apps' `fastify` reads FASTIFY5_UNDER_TEST when called.
      process.env.FASTIFY5_UNDER_TEST = 'fastify5'
      try {
        const fastify = await build({ logger: false })
        results['fastify5 inject'] = await viaInject(fastify, held.requests)
        await fastify.close()
        results['fastify5 listen'] = await viaListen(build, held.requests)
      } finally {
        delete process.env.FASTIFY5_UNDER_TEST
      }
    }
  } else {
    const app = await build({ logger: false })
    if (runtime === 'bun') {
      const server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: app.fetch })
      results['Bun.serve'] = await viaFetch(fetch, `http://127.0.0.1:${server.port}`, held.requests)
      server.stop(true)
    } else {
      const server = Deno.serve({ port: 0, hostname: '127.0.0.1', onListen () {} }, app.fetch)
      results['Deno.serve'] = await viaFetch(fetch, `http://127.0.0.1:${server.addr.port}`, held.requests)
      await server.shutdown()
    }
    await app.close()
    // listen() through the runtime's node:http.
    results.listen = await viaListen(build, held.requests)
  }
  report[held.name] = results
}
process.stdout.write(JSON.stringify(report) + '\n')
