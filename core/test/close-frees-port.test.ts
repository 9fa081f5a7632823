import t from 'tap'
import http from 'node:http'
import type net from 'node:net'
import { faces, type Factory } from './fixtures/faces.js'

function get (port: number, agent: http.Agent): Promise<string> {
  return new Promise((resolve, reject) => {
    http.get({ host: '127.0.0.1', port, path: '/', agent }, (res) => {
      let body = ''
      res.on('data', (chunk) => { body += String(chunk) })
      res.on('end', () => resolve(body))
    }).on('error', reject)
  })
}

/**
 * The pattern of many plugins' test suites: close() is called without waiting for it, and the next
 * test listens on the same fixed port at once, while the previous client's keep-alive connection
 * is still open.
 */
async function listenAgainRightAfterClose (factory: Factory) {
  const agent = new http.Agent({ keepAlive: true })
  const first = factory()
  first.get('/', async () => 'first')
  await first.listen({ port: 0, host: '127.0.0.1' })
  const { port } = first.server.address() as net.AddressInfo
  const firstAnswer = await get(port, agent)
  const firstClosed = first.close()
  const second = factory()
  second.register(async () => {})
  second.get('/', async () => 'second')
  let listenOutcome: string
  try {
    await second.listen({ port, host: '127.0.0.1' })
    listenOutcome = 'listening'
  } catch (error: any) {
    listenOutcome = error.code
  }
  await firstClosed
  const secondAnswer = listenOutcome === 'listening' ? await get(port, new http.Agent()) : null
  agent.destroy()
  await second.close()
  return { firstAnswer, listenOutcome, secondAnswer }
}

for (const [face, factory] of faces) {
  t.test(`${face}: close() stops listening at once, so a new app can listen on the same port before close() settles`, async (t) => {
    t.same(await listenAgainRightAfterClose(factory), { firstAnswer: 'first', listenOutcome: 'listening', secondAnswer: 'second' })
  })
}
