import t from 'tap'
import Fastify from 'fastify4'
import enclave from '@enclave/core'
import { createServer, fastifyProfile } from '@enclave/core/internal'

// Prefix and path combinations: the URLs that reach the route must be fastify@4.29.1's exactly.
const factories: Array<[string, (options?: any) => any]> = [
  ['fastify face', (options) => createServer(options, fastifyProfile)],
  ['enclave()', (options) => enclave(options)]
]
const prefixes = ['', '/', '/prefix', '/prefix/', 'prefix']
const paths = ['', '/', '/foo', 'foo', '*', '/*', ':id', '/:id', '/foo/']
const probes = ['/', '//', '/prefix', '/prefix/', '/prefix//', '/prefixfoo', '/prefix/foo', '/prefix/foo/', '/foo', '/foo/', '/prefix/x', '/prefixx', '/x']

async function reached (factory: (options?: any) => any, ignoreTrailingSlash: boolean, trailing: string | undefined, prefix: string, path: string): Promise<string> {
  const app = factory({ ignoreTrailingSlash })
  try {
    app.register(async (child: any) => {
      child.route({ method: ['GET', 'OPTIONS'], url: path, prefixTrailingSlash: trailing, handler: async () => 'ok' })
    }, { prefix })
    await app.ready()
    const hits: string[] = []
    for (const url of probes) {
      if ((await app.inject(url)).statusCode === 200) hits.push(url)
      if ((await app.inject({ method: 'OPTIONS', url })).statusCode === 200) hits.push('OPTIONS ' + url)
    }
    return hits.join(' ')
  } catch (error: any) {
    return `throws ${error.message}`
  } finally {
    await app.close()
  }
}

t.test('a prefix and a route path are joined exactly as fastify@4.29.1 joins them', async (t) => {
  for (const ignoreTrailingSlash of [false, true]) {
    for (const trailing of [undefined, 'both', 'slash', 'no-slash']) {
      for (const prefix of prefixes) {
        for (const path of paths) {
          const expected = await reached((options) => Fastify(options), ignoreTrailingSlash, trailing, prefix, path)
          for (const [name, factory] of factories) {
            t.equal(await reached(factory, ignoreTrailingSlash, trailing, prefix, path), expected,
              `${name}: prefix ${JSON.stringify(prefix)}, path ${JSON.stringify(path)}, prefixTrailingSlash ${trailing ?? '(default)'}, ignoreTrailingSlash ${ignoreTrailingSlash}`)
          }
        }
      }
    }
  }
})

t.test("options('*') in a plugin under /prefix answers /prefix and /prefixfoo", async (t) => {
  for (const [, factory] of [['fastify4', (options?: any) => Fastify(options)] as const, ...factories]) {
    const app = factory()
    app.register(async (child: any) => { child.options('*', async () => 'preflight') }, { prefix: '/prefix' })
    for (const url of ['/prefix', '/prefixfoo', '/prefix/foo']) {
      t.equal((await app.inject({ method: 'OPTIONS', url })).body, 'preflight', url)
    }
    await app.close()
  }
})

t.test('nested prefixes are joined as fastify@4.29.1 joins them', async (t) => {
  const pairs = [['/a', '/b'], ['/a/', '/b'], ['/a', 'b'], ['/a/', 'b/'], ['/a', '/'], ['/a', ''], ['', '/b'], ['/', '/b'], ['/a', '/b/'], ['/a/', '/']]
  const routesOf = async (factory: (options?: any) => any, outer: string, inner: string) => {
    const app = factory()
    const seen: string[] = []
    app.addHook('onRoute', (route: any) => { if (route.method === 'GET') seen.push(`${route.url} (prefix ${route.prefix})`) })
    app.register(async (a: any) => { a.register(async (b: any) => { b.get('/x', async () => 'ok') }, { prefix: inner }) }, { prefix: outer })
    await app.ready()
    await app.close()
    return seen.join(', ')
  }
  for (const [outer, inner] of pairs) {
    const expected = await routesOf((options) => Fastify(options), outer!, inner!)
    for (const [name, factory] of factories) t.equal(await routesOf(factory, outer!, inner!), expected, `${name}: ${outer} then ${inner}`)
  }
})

t.test('onRoute hooks, GET and HEAD answers of routes under a prefix (automatic HEAD routes included) are fastify@4.29.1\'s', async (t) => {
  const probes = ['/', '//', '/api', '/api/', '/api//', '/x', '/api/x', '/apix']
  const observe = async (factory: (options?: any) => any, ignoreTrailingSlash: boolean, prefix: string, path: string, trailing: string | undefined, headFirst: boolean) => {
    const app = factory({ ignoreTrailingSlash })
    const seen: string[] = []
    app.addHook('onRoute', (route: any) => { seen.push(`${String(route.method)} ${route.url} routePath ${JSON.stringify(route.routePath)}`) })
    app.register(async (child: any) => {
      if (headFirst) child.head(path, { prefixTrailingSlash: trailing }, async (_request: any, reply: any) => { reply.header('x-own', 'head').send() })
      child.get(path, { prefixTrailingSlash: trailing }, async () => 'ok')
    }, { prefix })
    try {
      await app.ready()
      for (const url of probes) {
        for (const method of ['GET', 'HEAD']) {
          const response = await app.inject({ method, url })
          seen.push(`${method} ${url} ${response.statusCode} ${String(response.headers['x-own'])}`)
        }
      }
    } catch (error: any) {
      seen.push(`throws ${error.message}`)
    }
    await app.close()
    return seen.join(', ')
  }
  for (const ignoreTrailingSlash of [false, true]) {
    for (const prefix of ['', '/', '/api', '/api/']) {
      for (const path of ['/', '', '/x', 'x', '*']) {
        for (const trailing of [undefined, 'slash', 'no-slash']) {
          for (const headFirst of [false, true]) {
            const expected = await observe((options) => Fastify(options), ignoreTrailingSlash, prefix, path, trailing, headFirst)
            for (const [name, factory] of factories) {
              t.equal(await observe(factory, ignoreTrailingSlash, prefix, path, trailing, headFirst), expected,
                `${name}: prefix ${JSON.stringify(prefix)}, path ${JSON.stringify(path)}, prefixTrailingSlash ${trailing ?? '(default)'}, ignoreTrailingSlash ${ignoreTrailingSlash}, HEAD declared first ${headFirst}`)
            }
          }
        }
      }
    }
  }
})

t.test("a route declared with the method 'HEAD' alone is joined to its prefix as written, as in fastify@4.29.1", async (t) => {
  const answers = async (factory: (options?: any) => any, method: unknown) => {
    const app = factory()
    app.register(async (child: any) => { child.route({ method, url: '/', handler: async () => '' }) }, { prefix: '/api' })
    await app.ready()
    const statuses = [(await app.inject({ method: 'HEAD', url: '/api' })).statusCode, (await app.inject({ method: 'HEAD', url: '/api/' })).statusCode]
    await app.close()
    return statuses
  }
  for (const method of ['HEAD', 'head', ['HEAD'], ['GET', 'HEAD']]) {
    const expected = await answers((options) => Fastify(options), method)
    for (const [name, factory] of factories) t.same(await answers(factory, method), expected, `${name}: method ${JSON.stringify(method)}`)
  }
})
