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
  // As Fastify 4.29, routeOptions.version is the version the request asked for.
  app.get('/only', { constraints: { version: '1.0.0' } }, async (request) => ({ version: request.routeOptions.version }))
  const missing = await app.inject('/only')
  t.equal(missing.statusCode, 404)
  const found = await app.inject({ url: '/only', headers: { 'accept-version': '1.x' } })
  t.same(found.json(), { version: '1.x' })
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
        // Fastify's options schema requires validate, even a no-op one.
        validate () {},
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

t.test('addConstraintStrategy, hasConstraintStrategy, async strategies and the versioning option, as fastify@4.29.1', async (t) => {
  const { default: Fastify } = await import('fastify4')
  const { createServer, fastifyProfile } = await import('@enclave/core/internal')
  const tenant = (derive?: (...args: any[]) => void) => ({
    name: 'tenant',
    storage () { const stores = new Map(); return { get: (value: string) => stores.get(value) ?? null, set: (value: string, store: unknown) => { stores.set(value, store) } } },
    deriveConstraint: derive ?? ((request: any) => request.headers['x-tenant']),
    mustMatchWhenDerived: false,
    validate (value: unknown) { if (typeof value !== 'string') throw new Error('tenant must be a string') }
  })
  const asyncTenant = (request: any, _context: unknown, done: (error: Error | null, value?: string) => void) => { setTimeout(() => done(null, request.headers['x-tenant']), 2) }
  const failing = (_request: any, _context: unknown, done: (error: Error | null) => void) => { done(new Error('derive failed')) }
  const versioning = {
    storage () { const stores: Record<string, unknown> = {}; return { get: (version: string) => stores[version] ?? null, set: (version: string, store: unknown) => { stores[version] = store } } },
    deriveVersion: (request: any) => request.headers['x-api']
  }
  const run = async (factory: (options?: any) => any) => {
    const seen: string[] = []
    const attempt = async (fn: () => unknown) => { try { return String(await fn()) } catch (error: any) { return `throws ${error.code} ${error.message}` } }
    const answer = async (app: any, headers: Record<string, string> = {}) => { const r = await app.inject({ url: '/', headers }); return `${r.statusCode} ${r.headers['content-type']} ${r.body}` }

    const app = factory()
    seen.push(String(app.hasConstraintStrategy('tenant')))
    app.register(async (child: any) => { child.addConstraintStrategy(tenant()) })
    await app.after()
    seen.push(String(app.hasConstraintStrategy('tenant')), String(app.hasConstraintStrategy('version')))
    seen.push(await attempt(() => app.addConstraintStrategy(tenant())))
    seen.push(await attempt(() => app.get('/bad', { constraints: { tenant: 5 } }, async () => 'x')))
    app.get('/', { constraints: { tenant: 'a' } }, async () => 'A')
    app.get('/', async () => 'any')
    seen.push(await answer(app, { 'x-tenant': 'a' }), await answer(app, { 'x-tenant': 'b' }))
    seen.push(await attempt(() => app.addConstraintStrategy({ ...tenant(), name: 'late' })))
    await app.close()

    const async = factory({ constraints: { tenant: tenant(asyncTenant) } })
    async.get('/', { constraints: { tenant: 'a' } }, async () => 'A')
    async.get('/', async () => 'any')
    seen.push(await answer(async, { 'x-tenant': 'a' }), await answer(async, { 'x-tenant': 'b' }), await answer(async))
    await async.close()

    const broken = factory({ constraints: { tenant: tenant(failing) } })
    broken.addHook('onRequest', async () => { seen.push('onRequest') })
    broken.get('/', { constraints: { tenant: 'a' } }, async () => 'A')
    seen.push(await answer(broken, { 'x-tenant': 'a' }))
    await broken.close()

    const versioned = factory({ versioning })
    versioned.get('/', { constraints: { version: 'v1' } }, async () => 'one')
    versioned.get('/', { constraints: { version: 'v2' } }, async () => 'two')
    seen.push(await answer(versioned, { 'x-api': 'v2' }), await answer(versioned, { 'x-api': 'v1' }), await answer(versioned, { 'accept-version': 'v1' }))
    await versioned.close()

    const shorthand = factory()
    shorthand.get('/', { version: '1.2.3' } as any, async () => 'versioned')
    seen.push(await answer(shorthand, { 'accept-version': '1.x' }), await answer(shorthand))
    await shorthand.close()

    seen.push(await attempt(() => factory({ constraints: { tenant: { name: 'tenant' } } })), await attempt(async () => { const bad = factory(); bad.get('/', { constraints: { nope: 1 } }, async () => 'x'); await bad.ready() }))
    return seen.map((entry) => entry.replace(/FST_ERR_INIT_OPTS_INVALID Invalid initialization options: .*/, 'FST_ERR_INIT_OPTS_INVALID'))
  }
  const expected = await run((options) => Fastify(options))
  t.strictSame(await run((options) => createServer(options, fastifyProfile)), expected, 'the Fastify face')
  t.strictSame(await run((options) => enclave(options)), expected, 'enclave()')
})
