// Fastify 5.12.2 (security release): a route registered before its scope's setNotFoundHandler kept
// a copy of the not-found context taken too early, so `reply.callNotFound()` from it ran the
// not-found handler without that handler's own `preHandler` (an authorization check there was
// skipped). Replayed over a real socket on every entry, and on fastify@5.12.8 for comparison.
import t from 'tap'
import type { Test } from 'tap'
import type { AddressInfo } from 'node:net'
import Fastify5 from 'fastify5'
import { enclaveFaces, fastify5Face } from './fixtures/faces.js'
import type { Factory } from './fixtures/faces.js'
import { rawRequest } from './fixtures/raw-http1.js'

const everyEntry: Array<[string, Factory]> = [...enclaveFaces, fastify5Face]

const guarded = {
  preHandler: async (_request: unknown, reply: any) => { await reply.code(401).send('denied') }
}

async function reachNotFound (t: Test, factory: Factory, path: string): Promise<{ statusCode: number, body: string }> {
  const app = factory({ logger: false })
  t.teardown(() => app.close())
  app.register(async (scope: any) => {
    scope.get('/forward', async (_request: unknown, reply: any) => reply.callNotFound())
    scope.setNotFoundHandler(guarded, async () => 'not-found handler reached')
  }, { prefix: '/scope' })
  // The same at the root: fastify@4.29.1 skips the root handler's own preHandler there too.
  app.get('/root-forward', async (_request: unknown, reply: any) => reply.callNotFound())
  app.setNotFoundHandler(guarded, async () => 'root not-found handler reached')
  await app.listen({ port: 0, host: '127.0.0.1' })
  return rawRequest((app.server.address() as AddressInfo).port, 'GET', path, [])
}

t.test('reply.callNotFound() runs the not-found handler\'s own preHandler, on every entry as in fastify@5.12.8', async (t) => {
  for (const path of ['/scope/forward', '/scope/missing', '/root-forward', '/missing']) {
    t.same(await reachNotFound(t, Fastify5 as unknown as Factory, path), { statusCode: 401, body: 'denied' }, `fastify@5.12.8: ${path}`)
    for (const [name, factory] of everyEntry) {
      t.same(await reachNotFound(t, factory, path), { statusCode: 401, body: 'denied' }, `${name}: ${path}`)
    }
  }
})
