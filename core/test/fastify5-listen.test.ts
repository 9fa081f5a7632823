import { test } from 'tap'
import { createServer as createHttpServer, type RequestListener, type Server } from 'node:http'
import { once } from 'node:events'
import { networkInterfaces } from 'node:os'
import { fastify5Faces, enclaveFaces, faces } from './fixtures/faces.js'
import { answerOverSocket } from './fixtures/http1-client.js'
import { warningsDuring } from './fixtures/warnings-during.js'

function ipv4Addresses (): string[] {
  return Object.values(networkInterfaces()).flat().filter((entry) => entry !== undefined && entry.family === 'IPv4').map((entry) => entry!.address)
}

async function listenOnEveryIPv4 (factory: (options?: any) => any): Promise<{ address: string, port: number, lines: string[] }> {
  const app = factory()
  const lines: string[] = []
  const address: string = await app.listen({ port: 0, host: '0.0.0.0', listenTextResolver: (text: string) => { lines.push(text); return text } })
  const port: number = app.server.address().port
  await app.close()
  return { address, port, lines }
}

for (const [name, factory] of fastify5Faces) {
  test(`${name}: listening on 0.0.0.0 names each IPv4 interface and answers with the first`, async (t) => {
    const { address, port, lines } = await listenOnEveryIPv4(factory)
    const expected = ipv4Addresses().map((ip) => `http://${ip}:${port}`)
    t.same(lines, expected)
    t.equal(address, expected[0])
  })
}

for (const [name, factory] of enclaveFaces) {
  test(`${name}: listening on 0.0.0.0 answers with the wildcard address, as Fastify 4.29`, async (t) => {
    const { address, port, lines } = await listenOnEveryIPv4(factory)
    t.same(lines, [`http://0.0.0.0:${port}`])
    t.equal(address, `http://0.0.0.0:${port}`)
  })
}

test('listen() with an async callback warns FSTWRN003 on the v5 face as on fastify@5.12.8; Fastify 4.29\'s entries do not', async (t) => {
  const seen: Record<string, unknown> = {}
  for (const [name, factory] of [...fastify5Faces, ...enclaveFaces]) {
    seen[name] = (await warningsDuring(async () => {
      const app = factory()
      await new Promise<void>((resolve) => { app.listen({ port: 0 }, async function () { resolve() }) })
      await app.close()
    })).map((warning) => [warning.name, warning.code, warning.message])
  }
  const expected = [['FastifyWarning', 'FSTWRN003', 'The listen method mixes async and callback styles that may lead to unhandled rejections. Please use only one of them.']]
  t.same(seen, { 'fastify@5.12.8': expected, '@enclave/fastify (v5)': expected, 'enclave()': [], '@enclave/fastify4': [] })
})

/**
 * A server handed over by `serverFactory` that is already listening (one kept across app restarts),
 * whose listen() only announces that it listens: the app's listen() settles on the 'listening' event.
 */
async function alreadyListeningServer (): Promise<{ server: Server, port: number }> {
  const server = createHttpServer()
  server.listen({ port: 0, host: '127.0.0.1' })
  await once(server, 'listening')
  const listen = server.listen.bind(server)
  server.listen = ((...args: Parameters<Server['listen']>) => {
    if (!server.listening) return listen(...args)
    server.emit('listening')
    return server
  }) as Server['listen']
  const { port } = server.address() as { port: number }
  return { server, port }
}

for (const [name, factory] of [...fastify5Faces, ...faces]) {
  test(`${name}: listen() settles on the 'listening' event of a serverFactory server whose listen() only emits it`, { timeout: 20000 }, async (t) => {
    const { server, port } = await alreadyListeningServer()
    t.teardown(() => { server.closeAllConnections(); server.close() })
    const app = factory({ serverFactory: (handler: RequestListener) => { server.on('request', handler); return server } })
    app.get('/', async () => 'served by the app')
    t.equal(await app.listen({ port, host: '127.0.0.1' }), `http://127.0.0.1:${port}`)
    t.same(await answerOverSocket(port, 'GET', '/'), { statusCode: 200, body: 'served by the app' })
    await app.close()
  })
}
