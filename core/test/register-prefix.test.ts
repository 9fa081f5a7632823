import t from 'tap'
import type { Test } from 'tap'
import enclave from '@enclave/core'
import type { EnclaveInstance, EnclaveOptions, RouteShorthandOptions } from '@enclave/core'

const probes = ['/', '/a', '/a/', '/a//', '/a/b', '/a/b/', '/a/b/c', '/a/bc', '/ab', '/b']

/** Registers one route `path` two plugins deep and returns the probe URLs that reach it. */
async function answering (t: Test, setup: {
  server?: EnclaveOptions, outer?: Record<string, unknown>, inner?: Record<string, unknown>, path: string, route?: RouteShorthandOptions
}): Promise<string[]> {
  const app = enclave(setup.server)
  t.teardown(() => app.close())
  app.register(async function outer (instance: EnclaveInstance) {
    instance.register(async function inner (child: EnclaveInstance) {
      child.get(setup.path, setup.route ?? {}, async function handler (request) {
        return { url: request.url, prefix: child.prefix }
      })
    }, setup.inner ?? {})
  }, setup.outer ?? {})
  await app.ready()
  const reached: string[] = []
  for (const url of probes) {
    const response = await app.inject(url)
    if (response.statusCode === 200) {
      t.equal(response.json().url, url, `${url} reaches the handler`)
      reached.push(url)
    } else {
      t.equal(response.statusCode, 404, `${url} is not found`)
    }
  }
  return reached
}

t.test('a route path is appended to the context prefix', async (t) => {
  t.same(await answering(t, { outer: { prefix: '/a' }, path: '/b' }), ['/a/b'])
  t.same(await answering(t, { outer: { prefix: '/a' }, inner: { prefix: '/b' }, path: '/c' }), ['/a/b/c'])
})

t.test('prefixes nest: the child prefix is joined to the parent prefix with exactly one slash', async (t) => {
  t.same(await answering(t, { outer: { prefix: 'a' }, inner: { prefix: 'b' }, path: '/c' }), ['/a/b/c'], 'leading slashes are added')
  t.same(await answering(t, { outer: { prefix: '/a/' }, inner: { prefix: '/b/' }, path: '/c' }), ['/a/b/c'], 'trailing slashes are dropped')
  t.same(await answering(t, { outer: { prefix: '/' }, inner: { prefix: '/a' }, path: '/b' }), ['/a/b'], "'/' adds nothing")
  t.same(await answering(t, { outer: { prefix: '/a' }, inner: { prefix: '' }, path: '/b' }), ['/a/b'], "'' adds nothing")
})

t.test('a route path without a leading slash is glued to the prefix, as Fastify 4 does', async (t) => {
  t.same(await answering(t, { outer: { prefix: '/a' }, path: 'b' }), ['/ab'])
  t.same(await answering(t, { outer: { prefix: '/a/' }, path: 'b' }), ['/a/b'])
})

t.test("a '/' route under a prefix answers both /prefix and /prefix/ by default (prefixTrailingSlash 'both')", async (t) => {
  t.same(await answering(t, { outer: { prefix: '/a' }, path: '/' }), ['/a', '/a/'])
  t.same(await answering(t, { outer: { prefix: '/a' }, path: '/', route: { prefixTrailingSlash: 'both' } }), ['/a', '/a/'])
  t.same(await answering(t, { outer: { prefix: '/a' }, inner: { prefix: '/b' }, path: '/' }), ['/a/b', '/a/b/'])
})

t.test("prefixTrailingSlash 'slash' answers only /prefix/", async (t) => {
  t.same(await answering(t, { outer: { prefix: '/a' }, path: '/', route: { prefixTrailingSlash: 'slash' } }), ['/a/'])
})

t.test("prefixTrailingSlash 'no-slash' answers only /prefix", async (t) => {
  t.same(await answering(t, { outer: { prefix: '/a' }, path: '/', route: { prefixTrailingSlash: 'no-slash' } }), ['/a'])
})

t.test("an empty path '' under a prefix answers /prefix only", async (t) => {
  t.same(await answering(t, { outer: { prefix: '/a' }, path: '' }), ['/a'])
})

t.test('a trailing slash in the prefix: a / route answers /prefix/ and /prefix//, as in Fastify 4', async (t) => {
  t.same(await answering(t, { outer: { prefix: '/a/' }, path: '/' }), ['/a/', '/a//'])
  t.same(await answering(t, { outer: { prefix: '/a/' }, path: '/', route: { prefixTrailingSlash: 'no-slash' } }), ['/a/'])
})

t.test('with ignoreTrailingSlash every choice answers both forms', async (t) => {
  const server = { ignoreTrailingSlash: true }
  t.same(await answering(t, { server, outer: { prefix: '/a' }, path: '/' }), ['/a', '/a/'])
  t.same(await answering(t, { server, outer: { prefix: '/a' }, path: '/', route: { prefixTrailingSlash: 'slash' } }), ['/a', '/a/'])
  t.same(await answering(t, { server, outer: { prefix: '/a' }, path: '/', route: { prefixTrailingSlash: 'no-slash' } }), ['/a', '/a/'])
})

t.test('instance.prefix and the route options show the joined prefix', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  const seen: Array<Record<string, unknown>> = []
  app.addHook('onRoute', function recordRoute (options: Record<string, unknown>) {
    seen.push({ url: options.url, routePath: options.routePath, prefix: options.prefix, method: options.method })
  })
  let prefixes: string[] = []
  app.register(async function outer (instance) {
    instance.register(async function inner (child) {
      prefixes = [app.prefix, instance.prefix, child.prefix]
      child.get('/c', async function handler (request) { return { url: request.routeOptions.url } })
    }, { prefix: 'b/' })
  }, { prefix: '/a' })
  await app.ready()
  t.same(prefixes, ['', '/a', '/a/b/'], 'a trailing slash is kept, as in Fastify')
  t.same(seen.filter((route) => route.method === 'GET'), [{ url: '/a/b/c', routePath: 'c', prefix: '/a/b/', method: 'GET' }], 'onRoute sees the complete url, the path as written and the prefix (as in Fastify)')
  t.same((await app.inject('/a/b/c')).json(), { url: '/a/b/c' })
})

t.test('a prefix returned by an options function is not applied, as in Fastify 4 (the child exists when the function runs)', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.register(async function outer (instance) {
    instance.register(async function inner (child) {
      child.get('/c', async function handler () { return 'ok' })
    }, (child: EnclaveInstance) => ({ prefix: `${child.prefix.slice(1)}-v2` }))
  }, { prefix: '/a' })
  await app.ready()
  t.equal((await app.inject('/a/c')).body, 'ok')
  t.equal((await app.inject('/a/a-v2/c')).statusCode, 404)
})
