import t from 'tap'
import http from 'node:http'
import { Readable } from 'node:stream'
import enclave from '@enclave/core'
import Fastify from 'fastify4'
import { createServer, fastifyProfile } from '@enclave/core/internal'

t.test('a GET route answers HEAD with the same status and headers and no body', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  let seenMethod = ''
  app.get('/item', async (request, reply) => {
    seenMethod = `${request.method} ${request.routeOptions.method}`
    reply.code(203).header('x-item', '7')
    return { id: 7, name: 'seven' }
  })
  const get = await app.inject('/item')
  const head = await app.inject({ method: 'HEAD', url: '/item' })
  t.equal(head.statusCode, 203)
  t.equal(head.headers['x-item'], '7')
  t.equal(head.headers['content-type'], 'application/json; charset=utf-8')
  t.equal(head.headers['content-length'], get.headers['content-length'], 'HEAD announces the GET body size')
  t.equal(head.body, '')
  t.equal(seenMethod, 'HEAD HEAD')
})

t.test('HEAD of a GET route that sends nothing announces a zero length', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.get('/empty', async (_request, reply) => { reply.send() })
  const head = await app.inject({ method: 'HEAD', url: '/empty' })
  t.equal(head.statusCode, 200)
  t.equal(head.headers['content-length'], '0')
  t.equal(head.body, '')
})

t.test('HEAD of a streaming GET route ends without a body and drains the stream', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  let ended = false
  app.get('/stream', async (_request, reply) => {
    const stream = Readable.from(['a', 'b', 'c'])
    stream.on('end', () => { ended = true })
    reply.type('text/plain')
    return stream
  })
  const head = await app.inject({ method: 'HEAD', url: '/stream' })
  t.equal(head.statusCode, 200)
  t.equal(head.headers['content-type'], 'text/plain')
  t.equal(head.body, '')
  t.equal(ended, true)
})

t.test('a declared HEAD route wins, whether declared before or after the GET route', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.get('/after', async () => 'get after')
  app.head('/after', async (_request, reply) => { reply.header('x-head', 'declared').send() })
  app.head('/before', async (_request, reply) => { reply.header('x-head', 'declared').send() })
  app.get('/before', async () => 'get before')
  t.throws(() => app.head('/after', async () => 'again'), { code: 'FST_ERR_DUPLICATED_ROUTE' }, 'two declared HEAD routes still clash')
  for (const url of ['/after', '/before']) {
    const head = await app.inject({ method: 'HEAD', url })
    t.equal(head.statusCode, 200, url)
    t.equal(head.headers['x-head'], 'declared')
    t.equal(head.headers['content-length'], undefined, 'a declared HEAD route sending nothing claims no length')
    const get = await app.inject(url)
    t.equal(get.body, url === '/after' ? 'get after' : 'get before')
  }
})

t.test('exposeHeadRoutes: false turns the automatic HEAD routes off', async (t) => {
  const app = enclave({ exposeHeadRoutes: false })
  t.teardown(() => app.close())
  app.get('/plain', async () => 'plain')
  app.get('/opted-in', { exposeHeadRoute: true }, async () => 'opted in')
  const plain = await app.inject({ method: 'HEAD', url: '/plain' })
  t.equal(plain.statusCode, 404)
  t.equal(plain.headers['content-type'], 'application/json; charset=utf-8')
  const optedIn = await app.inject({ method: 'HEAD', url: '/opted-in' })
  t.equal(optedIn.statusCode, 200)
  t.equal(optedIn.headers['content-length'], String(Buffer.byteLength('opted in')))
  t.equal(app.hasRoute({ method: 'HEAD', url: '/plain' }), false)
  t.equal(app.hasRoute({ method: 'HEAD', url: '/opted-in' }), true)
})

t.test('exposeHeadRoute: false on one route leaves the others alone', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.get('/no-head', { exposeHeadRoute: false }, async () => 'x')
  app.get('/head', async () => 'x')
  t.equal((await app.inject({ method: 'HEAD', url: '/no-head' })).statusCode, 404)
  t.equal((await app.inject({ method: 'HEAD', url: '/head' })).statusCode, 200)
  const routeOptions = await (async () => {
    const probe = enclave()
    t.teardown(() => probe.close())
    probe.get('/a', { exposeHeadRoute: false }, async (request) => request.routeOptions)
    probe.get('/b', async (request) => request.routeOptions)
    return [(await probe.inject('/a')).json(), (await probe.inject('/b')).json()]
  })()
  t.equal(routeOptions[0].exposeHeadRoute, false)
  t.equal(routeOptions[1].exposeHeadRoute, true)
})

t.test('the automatic HEAD route keeps the GET route\'s hooks and constraints', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  const calls: string[] = []
  app.get('/guarded', {
    onRequest: async (request, reply) => {
      calls.push(request.method)
      if (request.headers.authorization === undefined) reply.code(401).send({ denied: true })
    }
  }, async () => 'secret')
  app.get('/v', { constraints: { version: '1.0.0' } }, async () => 'v1')
  const denied = await app.inject({ method: 'HEAD', url: '/guarded' })
  t.equal(denied.statusCode, 401)
  t.equal(denied.body, '')
  const allowed = await app.inject({ method: 'HEAD', url: '/guarded', headers: { authorization: 'x' } })
  t.equal(allowed.statusCode, 200)
  t.same(calls, ['HEAD', 'HEAD'])
  t.equal((await app.inject({ method: 'HEAD', url: '/v', headers: { 'accept-version': '1.x' } })).statusCode, 200)
  t.equal((await app.inject({ method: 'HEAD', url: '/v' })).statusCode, 404)
})

t.test('HEAD over a real socket: headers only, and the connection stays usable', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.get('/', async () => ({ hello: 'world' }))
  await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as { port: number }
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  t.teardown(() => agent.destroy())
  const request = (method: string) => new Promise<{ status: number, headers: http.IncomingHttpHeaders, body: string }>((resolve, reject) => {
    http.request({ host: '127.0.0.1', port, method, path: '/', agent }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk) => { body += chunk })
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }))
    }).on('error', reject).end()
  })
  const head = await request('HEAD')
  t.equal(head.status, 200)
  t.equal(head.headers['content-length'], '17')
  t.equal(head.body, '')
  const get = await request('GET')
  t.equal(get.body, '{"hello":"world"}')
})

t.test('the automatic HEAD route is declared, seen by onRoute hooks and answered as fastify@4.29.1 does', async (t) => {
  type Declare = (child: any) => void
  const cases: Array<[string, Declare]> = [
    ['GET under a prefix', (child) => { child.get('/item', async () => ({ a: 1 })) }],
    ['GET of the prefix root', (child) => { child.get('/', async () => 'root') }],
    ['exposeHeadRoute: false', (child) => { child.get('/off', { exposeHeadRoute: false }, async () => 'off') }],
    ['HEAD declared after GET', (child) => {
      child.get('/both', async () => 'get')
      child.head('/both', async (_request: any, reply: any) => { reply.header('x-head', 'own').send() })
    }],
    ['HEAD declared before GET', (child) => {
      child.head('/first', async (_request: any, reply: any) => { reply.header('x-head', 'own').send() })
      child.get('/first', async () => 'get')
    }],
    ['GET and HEAD in one route', (child) => { child.route({ method: ['GET', 'HEAD'], url: '/one', handler: async () => 'one' }) }]
  ]
  const probes = ['/api/item', '/api', '/api/', '/api/off', '/api/both', '/api/first', '/api/one']
  async function observe (app: any, declare: Declare): Promise<unknown> {
    const seen: string[] = []
    app.addHook('onRoute', (options: any) => {
      seen.push(`${String(options.method)} ${options.url} routePath=${options.routePath} prefix=${options.prefix} exposeHeadRoute=${String(options.exposeHeadRoute)}`)
    })
    app.register(async (child: any) => { declare(child) }, { prefix: '/api' })
    await app.ready()
    const answers: string[] = []
    for (const url of probes) {
      const response = await app.inject({ method: 'HEAD', url })
      // Status and headers: which route answered. (The body of an injected HEAD answer is not this test's subject.)
      answers.push(`${url} ${response.statusCode} ${String(response.headers['content-length'])} ${String(response.headers['x-head'])}`)
    }
    await app.close()
    return { seen, answers }
  }
  for (const [name, declare] of cases) {
    const expected = await observe(Fastify(), declare)
    t.same(await observe(createServer({}, fastifyProfile), declare), expected, `fastify face: ${name}`)
    t.same(await observe(enclave(), declare), expected, `enclave(): ${name}`)
  }
})

t.test('an onSend hook returning null on a HEAD twin: the HEAD answer has no body and a zero length (Fastify 4.29 answers 500)', async (t) => {
  const observe = async (app: any): Promise<unknown> => {
    app.get('/nulled', { onSend: async () => null }, async () => 'body')
    const response = await app.inject({ method: 'HEAD', url: '/nulled' })
    await app.close()
    return [response.statusCode, response.headers['content-length'], response.body]
  }
  t.same(await observe(Fastify()), [500, '112', '{"statusCode":500,"error":"Internal Server Error","message":"Cannot read properties of null (reading \'resume\')"}'], 'Fastify 4.29\'s bug')
  t.same(await observe(enclave()), [200, '0', ''])
  t.same(await observe(createServer({}, fastifyProfile)), [200, '0', ''])
})
