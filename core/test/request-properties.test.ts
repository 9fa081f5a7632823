import t from 'tap'
import { readFileSync } from 'node:fs'
import https from 'node:https'
import enclave from '@enclave/core'
import { faces } from './fixtures/faces.js'

t.test('the request exposes id, params, query, body, headers, url and method', async (t) => {
  const app = enclave({ requestIdHeader: 'request-id' })
  t.teardown(() => app.close())
  app.post('/users/:id/items/:item', async (request) => ({
    id: request.id,
    params: request.params,
    query: request.query,
    body: request.body,
    header: request.headers['x-custom'],
    contentType: request.headers['content-type'],
    url: request.url,
    originalUrl: request.originalUrl,
    method: request.method,
    is404: request.is404
  }))
  const response = await app.inject({
    method: 'POST',
    url: '/users/42/items/a%20b?page=2&tag=x&tag=y&empty=',
    headers: { 'x-custom': 'yes', 'request-id': 'given-id' },
    payload: { name: 'n' }
  })
  t.equal(response.statusCode, 200)
  t.same(response.json(), {
    id: 'given-id',
    params: { id: '42', item: 'a b' },
    query: { page: '2', tag: ['x', 'y'], empty: '' },
    body: { name: 'n' },
    header: 'yes',
    contentType: 'application/json',
    url: '/users/42/items/a%20b?page=2&tag=x&tag=y&empty=',
    originalUrl: '/users/42/items/a%20b?page=2&tag=x&tag=y&empty=',
    method: 'POST',
    is404: false
  })
})

t.test('query is an empty object without a query string, and body undefined without a body', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.get('/', async (request) => ({ query: request.query, hasBody: request.body !== undefined }))
  app.post('/', async (request) => ({ bodyType: typeof request.body }))
  t.same((await app.inject('/')).json(), { query: {}, hasBody: false })
  t.same((await app.inject({ method: 'POST', url: '/' })).json(), { bodyType: 'undefined' })
})

t.test('request.raw is the Node IncomingMessage, request.log a logger, request.server the instance', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.decorate('marker', 'root')
  app.get('/', async (request: any) => ({
    rawMethod: request.raw.method,
    rawUrl: request.raw.url,
    rawHeadersShared: request.raw.headers === request.headers,
    rawIsStream: typeof request.raw.pipe === 'function',
    logMethods: ['info', 'warn', 'error', 'debug', 'trace', 'fatal', 'child'].every((name) => typeof request.log[name] === 'function'),
    serverIsInstance: request.server === app,
    marker: request.server.marker
  }))
  t.same((await app.inject('/')).json(), {
    rawMethod: 'GET',
    rawUrl: '/',
    rawHeadersShared: true,
    rawIsStream: true,
    logMethods: true,
    serverIsInstance: true,
    marker: 'root'
  })
})

t.test('request.server is the instance of the context that declared the route', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.register(async (child) => {
    child.decorate('where', 'child')
    child.get('/child', async (request: any) => ({ where: request.server.where, prefix: request.server.prefix, isChild: request.server === child }))
  }, { prefix: '/p' })
  t.same((await app.inject('/p/child')).json(), { where: 'child', prefix: '/p', isChild: true })
})

t.test('routeOptions describes the matched route', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  const schema = { querystring: { type: 'object', properties: { n: { type: 'integer' } } } }
  app.register(async (child) => {
    child.route({
      method: ['GET', 'POST'],
      url: '/r/:id',
      config: { feature: 'x' },
      schema,
      bodyLimit: 2048,
      logLevel: 'warn',
      attachValidation: true,
      handler: async (request) => {
        const options = request.routeOptions
        return {
          method: options.method,
          url: options.url,
          config: options.config,
          schemaIsRouteSchema: options.schema === schema,
          bodyLimit: options.bodyLimit,
          logLevel: options.logLevel,
          attachValidation: options.attachValidation,
          exposeHeadRoute: options.exposeHeadRoute,
          prefixTrailingSlash: options.prefixTrailingSlash,
          frozen: Object.isFrozen(options)
        }
      }
    })
  }, { prefix: '/api' })
  const get = await app.inject('/api/r/1?n=2')
  // As Fastify 4.29: a multi-method route shows its methods as declared, upper-cased.
  t.same(get.json(), {
    method: ['GET', 'POST'],
    url: '/api/r/:id',
    config: { feature: 'x', url: '/api/r/:id', method: ['GET', 'POST'] },
    schemaIsRouteSchema: true,
    bodyLimit: 2048,
    logLevel: 'warn',
    attachValidation: true,
    exposeHeadRoute: true,
    prefixTrailingSlash: 'both',
    frozen: true
  })
  const post = await app.inject({ method: 'POST', url: '/api/r/1' })
  t.same(post.json().method, ['GET', 'POST'])
  t.same(post.json().config.method, ['GET', 'POST'])
})

t.test('a route without options has Fastify\'s routeOptions defaults', async (t) => {
  const app = enclave({ bodyLimit: 500 })
  t.teardown(() => app.close())
  app.get('/', async (request) => request.routeOptions)
  // config and schema are not enumerated, as in Fastify 4.29.
  t.same((await app.inject('/')).json(), {
    method: 'GET',
    url: '/',
    bodyLimit: 500,
    attachValidation: false,
    logLevel: '',
    exposeHeadRoute: true,
    prefixTrailingSlash: 'both'
  })
})

t.test('hostname is the Host header (with port), protocol http, ip the socket address, no ips without trustProxy', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.get('/', async (request) => ({ hostname: request.hostname, protocol: request.protocol, ip: request.ip, ips: request.ips ?? 'undefined' }))
  const injected = await app.inject({ url: '/', headers: { host: 'example.com:8080' } })
  t.same(injected.json(), { hostname: 'example.com:8080', protocol: 'http', ip: '127.0.0.1', ips: 'undefined' })
  const address = await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as { port: number }
  const real = await (await fetch(address + '/')).json()
  t.same(real, { hostname: `127.0.0.1:${port}`, protocol: 'http', ip: '127.0.0.1', ips: 'undefined' })
})

t.test('forwarding headers are ignored without trustProxy', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.get('/', async (request) => ({ hostname: request.hostname, protocol: request.protocol, ip: request.ip }))
  const response = await app.inject({
    url: '/',
    headers: { host: 'real.host', 'x-forwarded-for': '9.9.9.9', 'x-forwarded-host': 'evil.host', 'x-forwarded-proto': 'https' }
  })
  t.same(response.json(), { hostname: 'real.host', protocol: 'http', ip: '127.0.0.1' })
})

t.test('protocol is https on a TLS server', async (t) => {
  const key = readFileSync(new URL('./fixtures/localhost-key.pem', import.meta.url))
  const cert = readFileSync(new URL('./fixtures/localhost-cert.pem', import.meta.url))
  const app = enclave({ https: { key, cert } })
  t.teardown(() => app.close())
  app.get('/', async (request) => ({ protocol: request.protocol, encrypted: (request.raw.socket as any).encrypted === true }))
  const address = await app.listen({ port: 0, host: '127.0.0.1' })
  t.match(address, /^https:\/\/127\.0\.0\.1:\d+$/)
  const body = await new Promise<string>((resolve, reject) => {
    https.get(address + '/', { ca: cert }, (res) => {
      let data = ''
      res.on('data', (chunk) => { data += chunk })
      res.on('end', () => resolve(data))
    }).on('error', reject)
  })
  t.same(JSON.parse(body), { protocol: 'https', encrypted: true })
})

t.test('request.log carries the request id', async (t) => {
  const lines: Array<Record<string, any>> = []
  const app = enclave({ logger: { level: 'info', stream: { write: (line: string) => { lines.push(JSON.parse(line)) } } } })
  t.teardown(() => app.close())
  app.get('/', async (request) => {
    request.log.info({ custom: 1 }, 'from the handler')
    return request.id
  })
  const response = await app.inject('/')
  const line = lines.find((entry) => entry.msg === 'from the handler')
  t.ok(line)
  t.equal(line!.reqId, response.body)
  t.equal(line!.custom, 1)
})

t.test('originalUrl is the URL as received when rewriteUrl changed it (on the raw request too), as in fastify@4.29.1', async (t) => {
  const observe = async (factory: (options?: any) => any): Promise<unknown[]> => {
    const app = factory({ rewriteUrl: (raw: any) => raw.url === '/old?a=1' ? '/new?x=1' : raw.url })
    app.get('/new', async (request: any) => ({ url: request.url, originalUrl: request.originalUrl, rawOriginalUrl: request.raw.originalUrl ?? null, query: request.query }))
    const rewritten = await app.inject('/old?a=1')
    const direct = await app.inject('/new?y=2')
    await app.close()
    return [rewritten.json(), direct.json()]
  }
  const [[, fastify4], ...entries] = faces
  const expected = await observe(fastify4)
  t.same(expected[0], { url: '/new?x=1', originalUrl: '/old?a=1', rawOriginalUrl: '/old?a=1', query: { x: '1' } })
  for (const [name, factory] of entries) t.same(await observe(factory), expected, name)
})
