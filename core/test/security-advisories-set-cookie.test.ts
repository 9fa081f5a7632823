// Fastify 5.12.6 (security release): `reply.header('set-cookie', array)` stored the caller's array,
// and a later `set-cookie` pushed into it; with a module-level array, one client's cookie (a
// session) was sent to every later client. Replayed over a real socket on every entry, and on
// fastify@5.12.8 for comparison.
import t from 'tap'
import type { Test } from 'tap'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import Fastify5 from 'fastify5'
import { enclaveFaces, fastify5Face } from './fixtures/faces.js'
import type { Factory } from './fixtures/faces.js'

const everyEntry: Array<[string, Factory]> = [...enclaveFaces, fastify5Face]

function cookiesOf (port: number, user: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    http.get({ host: '127.0.0.1', port, path: `/?user=${user}`, agent: false }, (response) => {
      response.resume()
      response.on('end', () => resolve(response.headers['set-cookie'] ?? []))
    }).on('error', reject)
  })
}

async function replay (t: Test, factory: Factory): Promise<{ second: string[], shared: string[] }> {
  const shared = ['theme=dark']
  const app = factory({ logger: false })
  t.teardown(() => app.close())
  app.get('/', async (request: any, reply: any) => {
    reply.header('set-cookie', shared)
    reply.header('set-cookie', `session=${request.query.user}`)
    return 'ok'
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const port = (app.server.address() as AddressInfo).port
  await cookiesOf(port, 'alice')
  return { second: await cookiesOf(port, 'bob'), shared }
}

t.test('a set-cookie array given to reply.header() is never added to, on every entry as in fastify@5.12.8', async (t) => {
  const expected = { second: ['theme=dark', 'session=bob'], shared: ['theme=dark'] }
  t.same(await replay(t, Fastify5 as unknown as Factory), expected, 'fastify@5.12.8')
  for (const [name, factory] of everyEntry) t.same(await replay(t, factory), expected, name)
})

/** What a reply sends for a Set-Cookie field set empty first, then given a cookie. */
async function afterEmpty (factory: Factory): Promise<unknown> {
  const app = factory({ logger: false })
  app.get('/', (_request: unknown, reply: any) => { reply.header('set-cookie', '').header('set-cookie', 'a=1').send('ok') })
  const response = await app.inject('/')
  await app.close()
  return response.headers['set-cookie']
}

t.test('a Set-Cookie field set empty is replaced by the next cookie, not kept beside it, as in Fastify 4.29 and 5.12', async (t) => {
  for (const [name, factory] of [['fastify@4.29.1', (await import('fastify4')).default as unknown as Factory], ['fastify@5.12.8', Fastify5 as unknown as Factory], ...everyEntry] as Array<[string, Factory]>) {
    t.equal(await afterEmpty(factory), 'a=1', name)
  }
})
