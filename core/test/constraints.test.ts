import t from 'tap'
import enclave from '@enclave/core'

t.test('version constraint: Accept-Version picks the route by semver range', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.get('/v', { constraints: { version: '1.2.0' } }, async () => ({ v: '1.2.0' }))
  app.get('/v', { constraints: { version: '2.1.3' } }, async () => ({ v: '2.1.3' }))
  app.get('/v', async () => ({ v: 'none' }))
  const cases: Array<[string | undefined, number, string?]> = [
    ['1.x', 200, '1.2.0'],
    ['1.2.0', 200, '1.2.0'],
    ['2.x', 200, '2.1.3'],
    ['2', 404],
    ['2.1.x', 200, '2.1.3'],
    ['3.x', 404],
    [undefined, 200, 'none']
  ]
  for (const [version, status, expected] of cases) {
    const response = await app.inject({ url: '/v', headers: version === undefined ? {} : { 'accept-version': version } })
    t.equal(response.statusCode, status, `accept-version ${String(version)}`)
    if (expected !== undefined) t.same(response.json(), { v: expected })
    else t.equal(response.json().message, 'Route GET:/v not found')
  }
})

t.test('a route with only versioned variants is not found without Accept-Version', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.get('/only', { constraints: { version: '1.0.0' } }, async (request) => ({ version: request.routeOptions.version, constraints: request.routeOptions.constraints }))
  const missing = await app.inject('/only')
  t.equal(missing.statusCode, 404)
  const found = await app.inject({ url: '/only', headers: { 'accept-version': '1.0.0' } })
  t.same(found.json(), { version: '1.0.0', constraints: { version: '1.0.0' } })
})

t.test('host constraint: exact names and patterns', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.get('/', { constraints: { host: 'api.example.com' } }, async () => 'api')
  app.get('/', { constraints: { host: /^[a-z]+\.tenant\.example$/ } }, async (request) => `tenant ${request.hostname}`)
  app.get('/', async () => 'any host')
  t.equal((await app.inject({ url: '/', headers: { host: 'api.example.com' } })).body, 'api')
  t.equal((await app.inject({ url: '/', headers: { host: 'acme.tenant.example' } })).body, 'tenant acme.tenant.example')
  t.equal((await app.inject({ url: '/', headers: { host: 'other.com' } })).body, 'any host')
})

t.test('version and host constraints combine', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.get('/', { constraints: { host: 'a.com', version: '1.0.0' } }, async () => 'a v1')
  app.get('/', { constraints: { host: 'a.com', version: '2.0.0' } }, async () => 'a v2')
  t.equal((await app.inject({ url: '/', headers: { host: 'a.com', 'accept-version': '2.x' } })).body, 'a v2')
  t.equal((await app.inject({ url: '/', headers: { host: 'a.com', 'accept-version': '1.x' } })).body, 'a v1')
  t.equal((await app.inject({ url: '/', headers: { host: 'b.com', 'accept-version': '1.x' } })).statusCode, 404)
})

t.test('a custom constraint strategy given in the constraints option', async (t) => {
  const app = enclave({
    constraints: {
      tier: {
        name: 'tier',
        storage () {
          const tiers = new Map<string, unknown>()
          return {
            get: (tier: string) => tiers.get(tier) ?? null,
            set: (tier: string, store: unknown) => { tiers.set(tier, store) }
          }
        },
        deriveConstraint: (req: any) => req.headers['x-tier'],
        mustMatchWhenDerived: true
      }
    }
  })
  t.teardown(() => app.close())
  app.get('/', { constraints: { tier: 'gold' } }, async () => 'gold')
  app.get('/', { constraints: { tier: 'free' } }, async () => 'free')
  t.equal((await app.inject({ url: '/', headers: { 'x-tier': 'gold' } })).body, 'gold')
  t.equal((await app.inject({ url: '/', headers: { 'x-tier': 'free' } })).body, 'free')
  t.equal((await app.inject({ url: '/', headers: { 'x-tier': 'bronze' } })).statusCode, 404)
})

t.test('an unknown constraint is refused at registration', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  t.throws(() => app.get('/', { constraints: { colour: 'red' } }, async () => 'x'), /colour/)
})
