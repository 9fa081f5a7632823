// CVE-2026-3635 (GHSA-444r-cwp2-x5xf, fixed in Fastify 5.8.3): with a restrictive trustProxy,
// X-Forwarded-Host and X-Forwarded-Proto were believed from any peer, so a client reaching the server
// directly could choose request.hostname and request.protocol. Replayed over a real socket whose peer
// (127.0.0.1) is not trusted, on both entries, and on fastify@5.12.8 for comparison.
import t from 'tap'
import type { Test } from 'tap'
import type { AddressInfo } from 'node:net'
import Fastify4 from 'fastify4'
import Fastify5 from 'fastify5'
import { enclaveFaces, fastify5Face } from './fixtures/faces.js'
import type { Factory } from './fixtures/faces.js'
import { rawRequest } from './fixtures/raw-http1.js'

const spoofing = ['X-Forwarded-For: 203.0.113.7', 'X-Forwarded-Host: attacker.example', 'X-Forwarded-Proto: https']

async function observe (t: Test, factory: Factory, options: Record<string, unknown>): Promise<unknown> {
  const app = factory({ logger: false, ...options })
  t.teardown(() => app.close())
  app.get('/', async (request: any) => ({ hostname: request.hostname, protocol: request.protocol, ip: request.ip }))
  await app.listen({ port: 0, host: '127.0.0.1' })
  const answer = await rawRequest((app.server.address() as AddressInfo).port, 'GET', '/', spoofing)
  t.equal(answer.statusCode, 200)
  return JSON.parse(answer.body)
}

const everyEntry: Array<[string, Factory]> = [...enclaveFaces, fastify5Face]

const direct = { hostname: '127.0.0.1', protocol: 'http', ip: '127.0.0.1' }
const believed = { hostname: 'attacker.example', protocol: 'https', ip: '203.0.113.7' }

t.test('a peer outside trustProxy cannot choose hostname or protocol, on every entry as in fastify@5.12.8', async (t) => {
  for (const trustProxy of ['10.0.0.0/8', ['192.168.0.1'], (address: string) => address === '10.0.0.1']) {
    t.same(await observe(t, Fastify5 as unknown as Factory, { trustProxy }), direct, `fastify@5.12.8, trustProxy ${String(trustProxy)}`)
    for (const [name, factory] of everyEntry) {
      t.same(await observe(t, factory, { trustProxy }), direct, `${name}, trustProxy ${String(trustProxy)}`)
    }
  }
})

t.test('a trusted peer is still believed, on every entry', async (t) => {
  for (const trustProxy of [true, '127.0.0.1', 'loopback']) {
    for (const [name, factory] of everyEntry) {
      t.same(await observe(t, factory, { trustProxy }), believed, `${name}, trustProxy ${String(trustProxy)}`)
    }
  }
})

// GHSA-3m5p-2c4r-xxw2 (fixed in Fastify 5.12.1): a hop count cannot check the peer, so a client
// reaching the server directly chose ip, hostname and protocol by writing enough X-Forwarded-* hops.
t.test('a hop-count trustProxy trusts no peer, on every entry as in fastify@5.12.8', async (t) => {
  for (const trustProxy of [1, 2]) {
    t.same(await observe(t, Fastify5 as unknown as Factory, { trustProxy }), direct, `fastify@5.12.8, trustProxy ${trustProxy}`)
    for (const [name, factory] of everyEntry) {
      t.same(await observe(t, factory, { trustProxy }), direct, `${name}, trustProxy ${trustProxy}`)
    }
  }
})

t.test('checkForwardingPeer: false opts back into Fastify 4.29\'s reading', async (t) => {
  const fastify4 = await observe(t, Fastify4 as unknown as Factory, { trustProxy: '10.0.0.0/8' })
  t.same(fastify4, { hostname: 'attacker.example', protocol: 'https', ip: '127.0.0.1' }, 'fastify@4.29.1 believes any peer')
  for (const [name, factory] of everyEntry) {
    t.same(await observe(t, factory, { trustProxy: '10.0.0.0/8', checkForwardingPeer: false }), fastify4, name)
  }
})
