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

t.test('a reply has no routeOptions of its own on Fastify 4.29 and its face; enclave() has Fastify 5\'s reply.routeOptions', async (t) => {
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
  for (const [name, factory] of entries) t.same(await observe(factory), name === 'enclave()' ? { reply: 'object', request: '/' } : expected, name)
})

t.test('each read of routeOptions is a new frozen object sharing the route\'s config and schema, as in Fastify 4.29', async (t) => {
  const observe = async (factory: (options?: any) => any): Promise<unknown> => {
    const app = factory()
    const seen: unknown[] = []
    const probe = (label: string) => function (request: any, reply: any) {
      const first = request.routeOptions
      const second = request.routeOptions
      const config = Object.getOwnPropertyDescriptor(first, 'config')!
      const url = Object.getOwnPropertyDescriptor(first, 'url')!
      let assignment = 'accepted'
      try { first.url = '/changed' } catch (error) { assignment = (error as Error).constructor.name }
      first.config.added = label
      if (first.schema !== undefined) first.schema.added = label
      seen.push({
        label,
        sameObject: first === second,
        frozen: Object.isFrozen(first),
        plainObject: Object.getPrototypeOf(first) === Object.prototype,
        sameConfig: first.config === second.config,
        configIsContexts: first.config === reply.context.config,
        configFrozen: Object.isFrozen(first.config),
        sameSchema: first.schema === second.schema,
        configDescriptor: { accessor: typeof config.get, setter: typeof config.set, enumerable: config.enumerable, configurable: config.configurable },
        urlDescriptor: { writable: url.writable, enumerable: url.enumerable, configurable: url.configurable },
        assignment,
        nextRead: { url: request.routeOptions.url, config: request.routeOptions.config, schema: JSON.stringify(request.routeOptions.schema) ?? null }
      })
      return 'ok'
    }
    app.get('/route', { config: { feature: 1 }, schema: { querystring: { type: 'object' } } }, probe('route'))
    app.setNotFoundHandler(probe('not found'))
    for (const url of ['/route', '/route', '/missing']) await app.inject(url)
    await app.close()
    return seen
  }
  const [[, fastify4], ...entries] = faces
  const expected = await observe(fastify4)
  t.match(expected, [{ sameObject: false, frozen: true, sameConfig: true, assignment: 'TypeError', configDescriptor: { accessor: 'function', enumerable: false } }], 'fastify@4.29.1')
  t.match(expected, [{}, { nextRead: { config: { feature: 1, added: 'route' } } }], 'a change to config is seen by the next request, on fastify@4.29.1')
  for (const [name, factory] of entries) t.same(await observe(factory), expected, name)
})

t.test('routeOptions.handler is the handler bound to its instance, one per route (the default not-found handler as it is), as in Fastify 4.29', async (t) => {
  const observe = async (factory: (options?: any) => any): Promise<unknown> => {
    const app = factory()
    const handlers: Record<string, any> = {}
    function shared (request: any): string {
      handlers[`${request.method} ${request.url}`] = request.routeOptions.handler
      return 'ok'
    }
    app.get('/one', shared)
    app.get('/two', shared)
    app.register(async (child: any) => {
      child.decorate('marker', 'child')
      child.get('/', async function inChild (request: any) {
        const bound = request.routeOptions.handler
        return { name: bound.name, length: bound.length, sameAcrossReads: bound === request.routeOptions.handler }
      })
      child.setNotFoundHandler(function childNotFound (request: any, reply: any) { reply.code(404).send({ name: request.routeOptions.handler.name }) })
    }, { prefix: '/child' })
    app.addHook('onRequest', (request: any, _reply: any, done: () => void) => {
      if (request.url === '/missing') handlers.missing = request.routeOptions.handler
      done()
    })
    for (const [method, url] of [['GET', '/one'], ['HEAD', '/one'], ['GET', '/two']]) await app.inject({ method, url })
    const child = await app.inject('/child/')
    const childMissing = await app.inject('/child/missing')
    await app.inject('/missing')
    await app.close()
    return {
      name: handlers['GET /one'].name,
      notTheUsersFunction: handlers['GET /one'] !== shared,
      headTwinHasItsOwn: handlers['GET /one'] !== handlers['HEAD /one'],
      perRoute: handlers['GET /one'] !== handlers['GET /two'],
      child: JSON.parse(child.body),
      childNotFound: JSON.parse(childMissing.body),
      defaultNotFound: handlers.missing.name
    }
  }
  const [[, fastify4], ...entries] = faces
  const expected = await observe(fastify4)
  t.same(expected, {
    name: 'bound shared',
    notTheUsersFunction: true,
    headTwinHasItsOwn: true,
    perRoute: true,
    child: { name: 'bound inChild', length: 1, sameAcrossReads: true },
    childNotFound: { name: 'bound childNotFound' },
    defaultNotFound: 'basic404'
  }, 'fastify@4.29.1')
  for (const [name, factory] of entries) t.same(await observe(factory), expected, name)
})

t.test('setNotFoundHandler options: config is the route\'s, bodyLimit and logLevel are ignored, a schema is shown but never compiled nor applied, as in Fastify 4.29', async (t) => {
  const observe = async (factory: (options?: any) => any): Promise<unknown> => {
    const app = factory({ bodyLimit: 1000 })
    const config = { area: 'missing' }
    const seen: unknown[] = []
    app.setNotFoundHandler({
      config,
      bodyLimit: 3,
      logLevel: 'fatal',
      schema: {
        querystring: { type: 'object', properties: { n: { type: 'integer' } } },
        body: { type: 'object', required: ['absent'] },
        headers: { type: 'not-a-type' },
        response: { 404: { type: 'object', properties: { kept: { type: 'string' } } } }
      }
    }, function notFound (request: any, reply: any) {
      const options = request.routeOptions
      seen.push({ json: JSON.stringify(options), sameConfig: options.config === config, schemaKeys: Object.keys(options.schema ?? {}), query: request.query, body: request.body ?? null })
      reply.code(404).send({ kept: 'yes', dropped: 'no' })
    })
    const response = await app.inject({ method: 'POST', url: '/missing?n=x', payload: { large: 'more than three bytes' } })
    await app.close()
    return { seen, status: response.statusCode, body: response.body }
  }
  const [[, fastify4], ...entries] = faces
  const expected = await observe(fastify4)
  t.same(expected, {
    seen: [{ json: '{"bodyLimit":1000,"logLevel":""}', sameConfig: true, schemaKeys: ['querystring', 'body', 'headers', 'response'], query: { n: 'x' }, body: { large: 'more than three bytes' } }],
    status: 404,
    body: '{"kept":"yes","dropped":"no"}'
  }, 'fastify@4.29.1')
  for (const [name, factory] of entries) t.same(await observe(factory), expected, name)
})
