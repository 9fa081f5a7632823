import t from 'tap'
import { faces } from './fixtures/faces.js'

t.test('with trustProxy, request.protocol is the last X-Forwarded-Proto value as sent, as in Fastify 4.29', async (t) => {
  const results: unknown[] = []
  for (const [name, factory] of faces) {
    // checkForwardingPeer off on enclave() too: inject's peer is not a trusted proxy.
    const app = factory({ trustProxy: true, checkForwardingPeer: false })
    app.get('/', async (request: any) => request.protocol)
    const seen = []
    for (const proto of ['https', 'lorem', 'ipsum, dolor', 'HTTPS', undefined]) {
      const headers: Record<string, string> = { 'x-forwarded-for': '1.1.1.1' }
      if (proto !== undefined) headers['x-forwarded-proto'] = proto
      seen.push((await app.inject({ url: '/', headers })).body)
    }
    results.push(seen)
    t.same(seen, results[0], name)
    await app.close()
  }
  t.same(results[0], ['https', 'lorem', 'dolor', 'HTTPS', 'http'])
})

t.test('rewriteUrl already sees request.raw.originalUrl, as in Fastify 4.29', async (t) => {
  for (const [name, factory] of faces) {
    const seen: unknown[] = []
    const app = factory({
      rewriteUrl (raw: any) {
        seen.push(raw.url, raw.originalUrl)
        return '/'
      }
    })
    app.get('/', async (request: any) => request.originalUrl)
    const response = await app.inject('/old-path')
    t.equal(response.body, '/old-path', name)
    t.same(seen, ['/old-path', '/old-path'], name)
    await app.close()
  }
})
