import { test } from 'tap'
import { createServer, type Server } from 'node:net'
import { once } from 'node:events'
import { sameOnBoth } from './fixtures/same-on-fastify5.js'
import { faces, type Factory } from './fixtures/faces.js'
import { warningsDuring } from './fixtures/warnings-during.js'
import { warnings as enclaveWarnings } from '@enclave/core/internal'

async function listenWithUndefinedCallback (factory: Factory): Promise<unknown> {
  // FSTDEP011 is emitted once a process: each case starts as if it had never been.
  enclaveWarnings.FSTDEP011.emitted = false
  const warnings = await warningsDuring(async () => {
    const app = factory()
    await app.listen({ port: 0, host: '127.0.0.1' }, undefined)
    await app.close()
  })
  return warnings.map((warning) => warning.code)
}

test('listen(options, undefined) is the options form: no variadic-listen warning, as in fastify@5.12.8', async (t) => {
  t.same(await sameOnBoth(t, listenWithUndefinedCallback), [])
})

for (const [name, factory] of faces) {
  test(`${name}: listen(options, undefined) does not warn FSTDEP011, as in Fastify 4.29`, async (t) => {
    t.same(await listenWithUndefinedCallback(factory), [])
  })
}

/** What listen()'s callback receives when a plugin fails to load: the error and an undefined address. */
async function callbackOnPluginFailure (factory: Factory): Promise<unknown> {
  const app = factory()
  app.register(async function failing () { throw new Error('plugin failed') })
  const args: unknown[] = await new Promise((resolve) => { app.listen({ port: 0, host: '127.0.0.1' }, (...given: unknown[]) => { resolve(given) }) })
  await app.close().catch(() => {})
  return { count: args.length, message: (args[0] as Error).message, address: args[1] === null ? 'null' : typeof args[1] }
}

/** What listen()'s callback receives when the port is taken: the error and a null address. */
async function callbackOnBindFailure (factory: Factory): Promise<unknown> {
  const holder: Server = createServer()
  holder.listen({ port: 0, host: '127.0.0.1' })
  await once(holder, 'listening')
  const port = (holder.address() as { port: number }).port
  const app = factory()
  const args: unknown[] = await new Promise((resolve) => { app.listen({ port, host: '127.0.0.1' }, (...given: unknown[]) => { resolve(given) }) })
  await app.close()
  holder.close()
  return { count: args.length, code: (args[0] as NodeJS.ErrnoException).code, address: args[1] === null ? 'null' : typeof args[1] }
}

test('listen()\'s callback gets (error, undefined) when a plugin fails, and (error, null) when binding fails, as in fastify@5.12.8', async (t) => {
  t.same(await sameOnBoth(t, callbackOnPluginFailure), { count: 2, message: 'plugin failed', address: 'undefined' })
  t.same(await sameOnBoth(t, callbackOnBindFailure), { count: 2, code: 'EADDRINUSE', address: 'null' })
})

for (const [name, factory] of faces) {
  test(`${name}: listen()'s callback gets (error, undefined) after a failing plugin and (error, null) when binding fails, as in Fastify 4.29`, async (t) => {
    t.same(await callbackOnPluginFailure(factory), { count: 2, message: 'plugin failed', address: 'undefined' })
    t.same(await callbackOnBindFailure(factory), { count: 2, code: 'EADDRINUSE', address: 'null' })
  })
}

for (const [name, factory] of faces) {
  test(`${name}: listen(options, host, cb) is still Fastify 4's positional form`, async (t) => {
    const addresses: unknown[] = []
    await warningsDuring(async () => {
      const app = factory()
      await new Promise<void>((resolve) => { app.listen({ port: 0 }, '127.0.0.1', (error: Error | null, address: string) => { addresses.push(error ?? address); resolve() }) })
      await app.close()
    })
    t.match(addresses, [/^http:\/\/127\.0\.0\.1:\d+$/])
  })
}
