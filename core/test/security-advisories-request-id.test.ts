// enclave() does not take request.id from the client's `request-id` header (requestIdHeader: false,
// Fastify v5's default): a client must not choose the id that ties its log lines together or forge
// another request's. @enclave/fastify4 keeps Fastify 4.29's 'request-id'. Over real sockets.
import t from 'tap'
import type { Test } from 'tap'
import type { AddressInfo } from 'node:net'
import Fastify4 from 'fastify4'
import Fastify5 from 'fastify5'
import enclave from '@enclave/core'
import { createServer, differingOptions, fastify5Profile, fastifyProfile } from '@enclave/core/internal'
import type { Factory } from './fixtures/faces.js'
import { captureLogs } from './fixtures/log-lines.js'
import { rawRequest } from './fixtures/raw-http1.js'

interface Seen { readonly id: string, readonly loggedIds: string[] }

async function sendRequestId (t: Test, factory: Factory, options: Record<string, unknown> = {}): Promise<Seen> {
  const { lines, stream } = captureLogs()
  const app = factory({ logger: { level: 'info', stream }, ...options })
  t.teardown(() => app.close())
  app.get('/', async (request: any) => request.id)
  await app.listen({ port: 0, host: '127.0.0.1' })
  const answer = await rawRequest((app.server.address() as AddressInfo).port, 'GET', '/', ['request-id: chosen-by-client'])
  t.equal(answer.statusCode, 200)
  await app.close()
  const loggedIds = lines.filter((line) => line.reqId !== undefined).map((line) => line.reqId as string)
  return { id: answer.body, loggedIds }
}

t.test('enclave() ignores a client-sent request-id, as fastify@5.12.8 does', async (t) => {
  const fastify5 = await sendRequestId(t, Fastify5 as unknown as Factory)
  t.match(fastify5.id, /^req-/, 'fastify@5.12.8 generates the id')
  const seen = await sendRequestId(t, enclave as unknown as Factory)
  t.match(seen.id, /^req-/, 'enclave(): request.id is generated')
  t.ok(seen.loggedIds.length >= 2, 'the request was logged')
  t.notOk(seen.loggedIds.includes('chosen-by-client'), 'enclave(): the client id is in no log line')
  t.ok(seen.loggedIds.every((id) => id === seen.id), 'every line carries the generated id')
  t.match((await sendRequestId(t, (options) => createServer(options, fastify5Profile))).id, /^req-/, 'the Fastify v5 face: generated too')
})

t.test('@enclave/fastify4 takes it, as fastify@4.29.1 does', async (t) => {
  const fastify4 = await sendRequestId(t, Fastify4 as unknown as Factory)
  t.equal(fastify4.id, 'chosen-by-client')
  const seen = await sendRequestId(t, (options) => createServer(options, fastifyProfile))
  t.equal(seen.id, 'chosen-by-client')
  t.ok(seen.loggedIds.length >= 2 && seen.loggedIds.every((id) => id === 'chosen-by-client'), 'its log lines carry it')
})

t.test('requestIdHeader names the header to trust on enclave() too', async (t) => {
  t.equal((await sendRequestId(t, enclave as unknown as Factory, { requestIdHeader: 'request-id' })).id, 'chosen-by-client')
  t.equal(enclave().initialConfig.requestIdHeader, false, 'initialConfig shows the default')
  t.strictSame(differingOptions.requestIdHeader, { fastify: 'request-id', enclave: false })
})
