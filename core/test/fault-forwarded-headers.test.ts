// Odd Host and X-Forwarded-* headers, with and without trustProxy: request.host, hostname, port,
// ip, ips and protocol read as Fastify reads them, never a throw. An empty X-Forwarded-Host names
// no host, so Host stands.
import t from 'tap'
import { faces, fastify5Faces, type Factory } from './fixtures/faces.js'

const hosts = ['', 'a', '[::1', '[::1]:8080', 'a:b:c', 'x:abc', 'X.EXAMPLE:80']
const forwarded: Array<Record<string, string>> = [
  {},
  { 'x-forwarded-for': 'a, , ,b' },
  { 'x-forwarded-host': '', 'x-forwarded-proto': '', 'x-forwarded-for': '' },
  { 'x-forwarded-host': 'h1, h2', 'x-forwarded-proto': 'https, http' },
  { 'x-forwarded-host': '[::1', 'x-forwarded-proto': '\tfoo,bar' },
  { 'x-forwarded-host': 'evil:99999' }
]

async function answers (factory: Factory): Promise<string[]> {
  const out: string[] = []
  for (const trustProxy of [false, true]) {
    const app = factory({ trustProxy })
    app.get('/', async (request: any) => {
      const seen: Record<string, unknown> = {}
      for (const name of ['host', 'hostname', 'port', 'ip', 'ips', 'protocol']) seen[name] = request[name]
      return seen
    })
    for (const host of hosts) {
      for (const headers of forwarded) {
        const response = await app.inject({ url: '/', headers: { ...headers, host } })
        out.push(`trustProxy ${String(trustProxy)}, Host ${JSON.stringify(host)}, ${JSON.stringify(headers)}: ${response.statusCode} ${response.body}`)
      }
    }
    await app.close()
  }
  return out
}

t.test('the v4 face and enclave() read forwarded headers as fastify@4.29.1', async (t) => {
  const [[, fastify4], ...enclaveEntries] = faces
  const expected = await answers(fastify4!)
  t.ok(expected.includes('trustProxy true, Host "a", {"x-forwarded-host":"","x-forwarded-proto":"","x-forwarded-for":""}: 200 {"hostname":"a","ip":"127.0.0.1","ips":["127.0.0.1"],"protocol":"http"}'))
  for (const [name, factory] of enclaveEntries) {
    const actual = await answers(factory)
    // enclave() has Fastify 5's host and port getters too: compare what both have.
    const common = name === 'enclave()' ? actual.map((line) => line.replace(/"host":"[^"]*",/, '').replace(/"port":[^,]*,/, '')) : actual
    t.same(common, expected, name)
  }
})

t.test('the v5 face reads forwarded headers as fastify@5.12.8', async (t) => {
  const [[, fastify5], [name, face]] = fastify5Faces
  t.same(await answers(face!), await answers(fastify5!), name)
})
