import t from 'tap'
import enclave, { type EnclaveOptions } from '@enclave/core'
import { faces, type Factory } from './fixtures/faces.js'

async function probe (t: any, trustProxy: EnclaveOptions['trustProxy'], remoteAddress: string, headers: Record<string, string>) {
  const app = enclave({ trustProxy })
  t.teardown(() => app.close())
  app.get('/', async (request) => ({ ip: request.ip, ips: request.ips, hostname: request.hostname, protocol: request.protocol }))
  const response = await app.inject({ url: '/', remoteAddress, headers: { host: 'origin.local', ...headers } })
  t.equal(response.statusCode, 200)
  return response.json()
}

const forwarded = { 'x-forwarded-for': '203.0.113.7, 10.0.0.2', 'x-forwarded-host': 'public.example', 'x-forwarded-proto': 'https' }

t.test('without trustProxy the socket is the client and forwarding headers are ignored', async (t) => {
  // No ips without trustProxy, as in Fastify 4.29 (undefined: left out of the JSON).
  t.same(await probe(t, false, '10.0.0.1', forwarded), { ip: '10.0.0.1', hostname: 'origin.local', protocol: 'http' })
})

t.test('trustProxy: true trusts every hop; ips lists the socket first and the client last', async (t) => {
  t.same(await probe(t, true, '10.0.0.1', forwarded), {
    ip: '203.0.113.7',
    ips: ['10.0.0.1', '10.0.0.2', '203.0.113.7'],
    hostname: 'public.example',
    protocol: 'https'
  })
})

t.test('trustProxy: a number (a hop count) trusts no proxy, as since Fastify 5.12.1 (GHSA-3m5p-2c4r-xxw2)', async (t) => {
  for (const hops of [1, 2]) {
    t.same(await probe(t, hops, '10.0.0.1', forwarded), { ip: '10.0.0.1', ips: ['10.0.0.1'], hostname: 'origin.local', protocol: 'http' }, `${hops}`)
  }
})

t.test('trustProxy: addresses and CIDR ranges (string or array) trust only those proxies', async (t) => {
  const trusted = await probe(t, '10.0.0.0/8', '10.0.0.1', forwarded)
  t.same(trusted, { ip: '203.0.113.7', ips: ['10.0.0.1', '10.0.0.2', '203.0.113.7'], hostname: 'public.example', protocol: 'https' })
  const onlyFirst = await probe(t, ['10.0.0.1'], '10.0.0.1', forwarded)
  t.same(onlyFirst.ips, ['10.0.0.1', '10.0.0.2'], 'the walk stops after the first untrusted hop')
  t.equal(onlyFirst.ip, '10.0.0.2')
  const commaList = await probe(t, '127.0.0.1, 10.0.0.1, 10.0.0.2', '10.0.0.1', forwarded)
  t.equal(commaList.ip, '203.0.113.7')
})

t.test('forwarding headers from an untrusted socket are ignored, hostname and protocol included', async (t) => {
  t.same(await probe(t, '10.0.0.0/8', '198.51.100.9', forwarded), {
    ip: '198.51.100.9',
    ips: ['198.51.100.9'],
    hostname: 'origin.local',
    protocol: 'http'
  })
})

t.test('trustProxy keywords and IPv6, including IPv4-mapped socket addresses', async (t) => {
  t.equal((await probe(t, 'loopback', '127.0.0.1', forwarded)).ip, '10.0.0.2', 'loopback trusts 127.0.0.1, not 10.0.0.2')
  t.equal((await probe(t, 'loopback', '::1', forwarded)).ip, '10.0.0.2')
  t.equal((await probe(t, 'loopback', '::ffff:127.0.0.1', forwarded)).ip, '10.0.0.2')
  t.equal((await probe(t, ['loopback', 'uniquelocal'], '127.0.0.1', forwarded)).ip, '203.0.113.7')
  t.equal((await probe(t, 'fc00::/7', 'fd00::5', { 'x-forwarded-for': '2001:db8::9' })).ip, '2001:db8::9')
  t.equal((await probe(t, 'fc00::/7', 'fe80::5', { 'x-forwarded-for': '2001:db8::9' })).ip, 'fe80::5')
})

t.test('trustProxy: a function decides per address and hop', async (t) => {
  const calls: string[] = []
  const result = await probe(t, (address: string, hop: number) => {
    calls.push(`${address}@${hop}`)
    return address !== '10.0.0.2'
  }, '10.0.0.1', forwarded)
  t.equal(result.ip, '10.0.0.2')
  t.same(result.ips, ['10.0.0.1', '10.0.0.2'])
  t.ok(calls.includes('10.0.0.1@0'))
  t.ok(calls.includes('10.0.0.2@1'))
})

t.test('multiple forwarded hosts and protocols: the nearest proxy\'s (last) value counts', async (t) => {
  const result = await probe(t, true, '10.0.0.1', { 'x-forwarded-host': 'a.example, b.example', 'x-forwarded-proto': 'http, https' })
  t.equal(result.hostname, 'b.example')
  t.equal(result.protocol, 'https')
})

t.test('blank and spaced X-Forwarded-For entries are skipped', async (t) => {
  const result = await probe(t, true, '10.0.0.1', { 'x-forwarded-for': ' 1.1.1.1 ,, 2.2.2.2 ' })
  t.same(result.ips, ['10.0.0.1', '2.2.2.2', '1.1.1.1'])
})

t.test('a malformed trusted address is an error at creation', async (t) => {
  t.throws(() => enclave({ trustProxy: '10.0.0.300' }), { code: 'FST_ERR_INIT_OPTS_INVALID', message: /trustProxy entry '10\.0\.0\.300'/ })
  t.throws(() => enclave({ trustProxy: ['10.0.0.0/40'] }), { code: 'FST_ERR_INIT_OPTS_INVALID' })
})

t.test('checkForwardingPeer: forwarded host and scheme from an untrusted peer are believed by no entry (the CVE-2026-3635 fix, as fastify@5); false is fastify@4.29.1\'s reading', async (t) => {
  const { readFileSync } = await import('node:fs')
  const { default: Fastify4 } = await import('fastify4')
  const { default: Fastify5 } = await import('fastify5')
  const { createServer, differingOptions, fastifyProfile } = await import('@enclave/core/internal')
  t.strictSame(differingOptions.checkForwardingPeer, { fastify: true, enclave: true })
  const table = readFileSync(new URL('../../docs/migrating-from-fastify.md', import.meta.url), 'utf8')
  t.equal(table.split('\n').filter((line) => line.startsWith('| `checkForwardingPeer`')).length, 1, 'one row in the differences table')
  const observe = async (app: any): Promise<unknown> => {
    app.get('/', async (request: any) => ({ hostname: request.hostname, protocol: request.protocol, ip: request.ip }))
    const untrusted = await app.inject({ url: '/', remoteAddress: '203.0.113.9', headers: { host: 'origin.local', ...forwarded } })
    const trusted = await app.inject({ url: '/', remoteAddress: '10.0.0.1', headers: { host: 'origin.local', ...forwarded } })
    await app.close()
    return [untrusted.json(), trusted.json()]
  }
  // A fresh object each time: Fastify rewrites the options it is given.
  const options = () => ({ trustProxy: '10.0.0.0/8' })
  const fastify4 = await observe(Fastify4(options()))
  t.same(fastify4, [
    { hostname: 'public.example', protocol: 'https', ip: '203.0.113.9' },
    { hostname: 'public.example', protocol: 'https', ip: '203.0.113.7' }
  ])
  t.same(await observe(createServer({ ...options(), checkForwardingPeer: false }, fastifyProfile)), fastify4, '@enclave/fastify4 with checkForwardingPeer: false')
  t.same(await observe(enclave({ ...options(), checkForwardingPeer: false })), fastify4, 'enclave() with checkForwardingPeer: false')
  const fastify5 = await observe(Fastify5(options()))
  t.same(fastify5, [
    { hostname: 'origin.local', protocol: 'http', ip: '203.0.113.9' },
    { hostname: 'public.example', protocol: 'https', ip: '203.0.113.7' }
  ])
  t.same(await observe(enclave(options())), fastify5, 'enclave(): as fastify@5')
  t.same(await observe(createServer(options(), fastifyProfile)), fastify5, '@enclave/fastify4: as fastify@5')
})

t.test('request.protocol is the last X-Forwarded-Proto value as sent, whatever it says, as in fastify@4.29.1', async (t) => {
  const values = ['lorem', 'HTTPS', 'https', 'https, lorem', 'a , b ', 'https,', '']
  const observe = async (factory: Factory): Promise<string[]> => {
    const app = factory({ trustProxy: true })
    app.get('/', async (request: any) => request.protocol)
    const seen: string[] = []
    for (const value of values) seen.push((await app.inject({ url: '/', headers: { 'x-forwarded-proto': value } })).body)
    await app.close()
    return seen
  }
  const [[, fastify4], ...entries] = faces
  const expected = await observe(fastify4)
  t.same(expected, ['lorem', 'HTTPS', 'https', 'lorem', 'b', '', 'http'])
  for (const [name, factory] of entries) t.same(await observe(factory), expected, name)
})

t.test('a falsy trustProxy (0, \'\') trusts no proxy, as fastify@4.29.1 reads the option', async (t) => {
  for (const trustProxy of [0, '']) {
    const observe = async (factory: Factory): Promise<unknown> => {
      const app = factory({ trustProxy })
      app.get('/', (request: any) => ({ ip: request.ip, ips: request.ips ?? 'none', hostname: request.hostname, protocol: request.protocol }))
      const response = await app.inject({ url: '/', headers: { 'x-forwarded-for': '1.1.1.1', 'x-forwarded-host': 'forwarded.example', 'x-forwarded-proto': 'https' } })
      await app.close()
      return response.json()
    }
    const [[, fastify4], ...entries] = faces
    const expected = await observe(fastify4)
    t.same(expected, { ip: '127.0.0.1', ips: 'none', hostname: 'localhost:80', protocol: 'http' }, `${JSON.stringify(trustProxy)}: fastify@4.29.1`)
    for (const [name, factory] of entries) t.same(await observe(factory), expected, `${JSON.stringify(trustProxy)}: ${name}`)
  }
})
