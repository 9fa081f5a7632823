import t from 'tap'
import { faces } from './fixtures/faces.js'

// request.routeOptions (and the deprecated routerPath / routerMethod), run on fastify@4.29.1 and both
// Enclave entries: keys and their order, values, what JSON.stringify shows.

function describe (request: any): unknown {
  const options = request.routeOptions
  return {
    keys: Object.keys(options),
    json: JSON.stringify(options),
    config: options.config,
    schema: JSON.stringify(options.schema) ?? null,
    frozen: Object.isFrozen(options),
    handler: typeof options.handler
  }
}

t.test('routeOptions has Fastify 4.29\'s keys and values: multi-method, prefixed, versioned, not-found and option-laden routes', async (t) => {
  const observe = async (factory: (options?: any) => any): Promise<Record<string, unknown>> => {
    const app = factory()
    const seen: Record<string, unknown> = {}
    const probe = (label: string) => (request: any) => { seen[label] = describe(request); return 'ok' }
    app.route({ method: ['GET', 'POST'], url: '/multi', handler: probe('multi') })
    app.register(async (child: any) => {
      child.get('/', { schema: { querystring: { type: 'object' } } }, probe('prefix root'))
      child.setNotFoundHandler(probe('not found'))
    }, { prefix: '/p' })
    app.get('/versioned', { constraints: { version: '1.2.0' } }, probe('versioned'))
    app.post('/options', { logLevel: 'warn', bodyLimit: 5, attachValidation: true, exposeHeadRoute: false, prefixTrailingSlash: 'slash', config: { feature: 'x' } }, probe('options'))
    const requests: Array<[string, string, Record<string, string>?]> = [
      ['POST', '/multi'], ['HEAD', '/p/'], ['GET', '/p/missing'], ['GET', '/versioned', { 'accept-version': '1.x' }], ['POST', '/options']
    ]
    for (const [method, url, headers] of requests) await app.inject({ method, url, headers, payload: method === 'POST' ? {} : undefined })
    await app.close()
    return seen
  }
  const [[, fastify4], ...entries] = faces
  const expected = await observe(fastify4)
  t.match(expected, {
    multi: { json: '{"method":["GET","POST"],"url":"/multi","bodyLimit":1048576,"attachValidation":false,"logLevel":"","exposeHeadRoute":true,"prefixTrailingSlash":"both"}' },
    'not found': { json: '{"bodyLimit":1048576,"logLevel":""}', config: {} },
    versioned: { json: /"version":"1\.x"/ }
  }, 'the cases show what they are about on fastify@4.29.1')
  for (const [name, factory] of entries) t.same(await observe(factory), expected, name)
})

t.test('routerPath and routerMethod come from the route\'s config: undefined in a not-found handler, as in Fastify 4.29', async (t) => {
  const observe = async (factory: (options?: any) => any): Promise<unknown> => {
    const app = factory()
    const seen: unknown[] = []
    app.get('/a/:id', (request: any) => { seen.push([request.routerPath, request.routerMethod]); return 'a' })
    app.setNotFoundHandler((request: any, reply: any) => { seen.push([request.routerPath ?? null, request.routerMethod ?? null]); reply.code(404).send() })
    await app.inject('/a/1')
    await app.inject('/nowhere')
    await app.close()
    return seen
  }
  const [[, fastify4], ...entries] = faces
  const expected = await observe(fastify4)
  t.same(expected, [['/a/:id', 'GET'], [null, null]])
  for (const [name, factory] of entries) t.same(await observe(factory), expected, name)
})

t.test('a reply has no routeOptions of its own, as in Fastify 4.29 (request.routeOptions is where they are)', async (t) => {
  const observe = async (factory: (options?: any) => any): Promise<unknown> => {
    const app = factory()
    let seen: unknown
    app.get('/', (request: any, reply: any) => {
      seen = { reply: typeof reply.routeOptions, request: request.routeOptions.url }
      return 'ok'
    })
    await app.inject('/')
    await app.close()
    return seen
  }
  const [[, fastify4], ...entries] = faces
  const expected = await observe(fastify4)
  t.same(expected, { reply: 'undefined', request: '/' })
  for (const [name, factory] of entries) t.same(await observe(factory), expected, name)
})
