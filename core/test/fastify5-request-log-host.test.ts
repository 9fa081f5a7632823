import { test } from 'tap'
import pino from 'pino'
import { faces, fastify5Faces, type Factory } from './fixtures/faces.js'

/** The `req` field of the "incoming request" line, with the logger option and with a logger instance given. */
async function loggedRequests (factory: Factory, instanceOption: 'logger' | 'loggerInstance'): Promise<unknown> {
  const lines: Array<Record<string, any>> = []
  const stream = { write (line: string) { lines.push(JSON.parse(line)) } }
  const app = instanceOption === 'logger' ? factory({ logger: { level: 'info', stream } }) : factory({ loggerInstance: pino({}, stream) })
  app.get('/x', () => 'ok')
  await app.inject({ url: '/x?a=1', headers: { host: 'example.com:8080', 'accept-version': '1.x' } })
  await app.close()
  return lines.filter((line) => line.msg === 'incoming request').map((line) => line.req)
}

for (const [name, factory] of fastify5Faces) {
  test(`${name}: the request log line names the host, port included, as host`, async (t) => {
    const expected = [{ method: 'GET', url: '/x?a=1', version: '1.x', host: 'example.com:8080', remoteAddress: '127.0.0.1' }]
    t.same(await loggedRequests(factory, 'logger'), expected)
    t.same(await loggedRequests(factory, 'loggerInstance'), expected)
  })
}

for (const [name, factory] of faces) {
  test(`${name}: the request log line names the host, port included, as hostname (Fastify 4.29)`, async (t) => {
    t.same(await loggedRequests(factory, 'logger'), [{ method: 'GET', url: '/x?a=1', version: '1.x', hostname: 'example.com:8080', remoteAddress: '127.0.0.1' }])
  })
}
