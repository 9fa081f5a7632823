import { test } from 'tap'
import { createServer as createHttpServer } from 'node:http'
import { faces, enclaveFaces, fastify5Faces, type Factory } from './fixtures/faces.js'

/** How many times close() calls closeIdleConnections with forceCloseConnections 'idle': the entry's own server, then a serverFactory's. */
async function sweeps (factory: Factory): Promise<number[]> {
  const own = factory({ forceCloseConnections: 'idle' })
  await own.listen({ port: 0, host: '127.0.0.1' })
  let ownCalls = 0
  own.server.closeIdleConnections = function () { ownCalls++ }
  await own.close()
  let factoryCalls = 0
  const made = factory({
    forceCloseConnections: 'idle',
    serverFactory (handler: any) {
      const server = createHttpServer(handler)
      const original = server.closeIdleConnections.bind(server)
      server.closeIdleConnections = function () {
        factoryCalls++
        original()
      }
      return server
    }
  })
  await made.listen({ port: 0, host: '127.0.0.1' })
  await made.close()
  return [ownCalls, factoryCalls]
}

for (const [name, factory] of fastify5Faces) {
  test(`${name}: close() sweeps idle connections once on its own server, twice on a serverFactory's`, async (t) => {
    t.same(await sweeps(factory), [1, 2])
  })
}

const [fastify4] = faces
const [enclave, fastify4Face] = enclaveFaces
for (const [name, factory] of [fastify4!, fastify4Face!]) {
  test(`${name}: close() sweeps idle connections twice, as Fastify 4.29`, async (t) => {
    t.same(await sweeps(factory), [2, 2])
  })
}

test(`${enclave![0]}: close() leaves its own server's idle connections to the graceful close`, async (t) => {
  t.same(await sweeps(enclave![1]), [0, 2])
})
