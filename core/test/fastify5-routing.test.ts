import { test } from 'tap'
import { request as httpRequest } from 'node:http'
import { fastify5Faces, enclaveFaces } from './fixtures/faces.js'
import { failureOf, readyFailure } from './fixtures/failures.js'

/** A request with headers exactly as given (no Content-Length added), through a real socket. */
function rawRequest (port: number, method: string, headers: Record<string, string>, body?: string): Promise<{ status: number, body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path: '/', headers }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => { text += chunk })
      res.on('end', () => resolve({ status: res.statusCode!, body: text }))
    })
    req.on('error', reject)
    req.end(body)
  })
}

async function listening (app: any): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' })
  return app.server.address().port
}

for (const [name, factory] of fastify5Faces) {
  test(`${name}: listen(port, …) is gone: a TypeError at once`, async (t) => {
    const app = factory()
    t.same(failureOf(() => app.listen(0, '127.0.0.1', () => {})), { code: undefined, name: 'TypeError', message: "Cannot create property 'host' on number '0'" })
    t.same(failureOf(() => app.listen('0')), { code: undefined, name: 'TypeError', message: "Cannot create property 'host' on string '0'" })
    t.same(failureOf(() => app.listen(null)), { code: undefined, name: 'TypeError', message: "Cannot read properties of null (reading 'signal')" })
    const address = await app.listen({ port: 0, host: '127.0.0.1' })
    t.match(address, /^http:\/\/127\.0\.0\.1:\d+$/)
    await app.close()
  })

  test(`${name}: the route option \`version\` and the server option \`versioning\` are ignored; constraints.version constrains`, async (t) => {
    const app = factory({ versioning: { storage () { return { get () {}, set () {} } }, deriveVersion () { return '9' } } })
    app.get('/old', { version: '1.2.3' }, () => 'old')
    app.get('/new', { constraints: { version: '1.2.3' } }, () => 'new')
    t.equal((await app.inject('/old')).statusCode, 200)
    t.equal((await app.inject('/new')).statusCode, 404)
    t.equal((await app.inject({ url: '/new', headers: { 'accept-version': '1.x' } })).body, 'new')
    await app.close()
  })

  test(`${name}: a HEAD route after its GET route is a duplicate (exposeHeadRoutes); before it, or with exposeHeadRoute: false, it answers`, async (t) => {
    const app = factory()
    app.get('/', () => 'g')
    t.same(failureOf(() => app.head('/', (request: any, reply: any) => { reply.send('') })), { code: 'FST_ERR_DUPLICATED_ROUTE', name: 'FastifyError', message: "Method 'HEAD' already declared for route '/'" })
    await app.close()

    const prefixed = factory()
    prefixed.register(async (child: any) => {
      child.get('/', () => 'g')
      child.head('/', (request: any, reply: any) => { reply.send('') })
    }, { prefix: '/p' })
    t.same(await readyFailure(prefixed), { code: 'FST_ERR_DUPLICATED_ROUTE', name: 'FastifyError', message: "Method 'HEAD' already declared for route '/p/'" })
    await prefixed.close()

    const ordered = factory()
    ordered.head('/a', (request: any, reply: any) => { reply.header('x-own', '1').send('') })
    ordered.get('/a', () => 'g')
    ordered.get('/b', { exposeHeadRoute: false }, () => 'g')
    ordered.head('/b', (request: any, reply: any) => { reply.header('x-own', '2').send('') })
    t.equal((await ordered.inject({ method: 'HEAD', url: '/a' })).headers['x-own'], '1')
    t.equal((await ordered.inject({ method: 'HEAD', url: '/b' })).headers['x-own'], '2')
    await ordered.close()
  })

  test(`${name}: hasRoute() takes the route as declared, not a URL it would match`, async (t) => {
    const app = factory()
    app.get('/example/:file(^\\d+).png', () => 'x')
    app.get('/a/:id', () => 'a')
    t.equal(app.hasRoute({ method: 'GET', url: '/a/:id' }), true, 'before ready()')
    t.equal(app.hasRoute({ method: 'GET', url: '/a/5' }), false)
    await app.ready()
    t.equal(app.hasRoute({ method: 'GET', url: '/example/12345.png' }), false)
    t.equal(app.hasRoute({ method: 'GET', url: '/example/:file(^\\d+).png' }), true)
    t.equal(app.hasRoute({ method: 'head', url: '/a/:id' }), true, 'the automatic HEAD route, the method in any case')
    await app.close()
  })

  test(`${name}: WebDAV methods need addHttpMethod(); TRACE has no body, QUERY is supported`, async (t) => {
    const app = factory()
    t.same(app.supportedMethods, ['GET', 'HEAD', 'TRACE', 'DELETE', 'OPTIONS', 'PATCH', 'PUT', 'POST', 'QUERY'])
    t.same(failureOf(() => app.route({ method: 'PROPFIND', url: '/', handler: () => 'p' })), { code: 'FST_ERR_ROUTE_METHOD_NOT_SUPPORTED', name: 'FastifyError', message: 'PROPFIND method is not supported.' })
    t.equal(app.addHttpMethod('PROPFIND', { hasBody: true }), app)
    app.addHttpMethod('MKCOL')
    t.same(app.supportedMethods, ['GET', 'HEAD', 'TRACE', 'MKCOL', 'DELETE', 'OPTIONS', 'PATCH', 'PUT', 'POST', 'QUERY', 'PROPFIND'], 'bodiless methods first, then those with a body')
    const methods: unknown[] = []
    app.addHook('onRoute', (route: any) => { methods.push(route.method) })
    app.route({ method: 'PROPFIND', url: '/', handler: (request: any) => request.body })
    app.route({ method: 'MKCOL', url: '/', handler: (request: any) => String(request.body) })
    app.route({ method: 'TRACE', url: '/', handler: (request: any) => String(request.body) })
    app.route({ method: 'QUERY', url: '/', handler: (request: any) => request.body })
    app.all('/all', () => 'all')
    t.same(methods.at(-1), ['GET', 'HEAD', 'TRACE', 'MKCOL', 'DELETE', 'OPTIONS', 'PATCH', 'PUT', 'POST', 'QUERY', 'PROPFIND'])
    const port = await listening(app)
    const json = { 'content-type': 'application/json', 'content-length': '7' }
    t.same(await rawRequest(port, 'PROPFIND', json, '{"a":1}'), { status: 200, body: '{"a":1}' })
    t.same(await rawRequest(port, 'MKCOL', json, '{"a":1}'), { status: 200, body: 'undefined' })
    t.same(await rawRequest(port, 'TRACE', json, '{"a":1}'), { status: 200, body: 'undefined' })
    t.same(await rawRequest(port, 'QUERY', json, '{"a":1}'), { status: 200, body: '{"a":1}' })
    await app.close()
  })

  test(`${name}: addHttpMethod() in a plugin adds the method server-wide; it refuses what Node does not know`, async (t) => {
    const app = factory()
    app.register(async (child: any) => { child.addHttpMethod('LOCK') })
    await app.ready()
    t.equal(app.supportedMethods.includes('LOCK'), true)
    for (const method of ['propfind', 'FOOBAR', 5]) {
      t.same(failureOf(() => app.addHttpMethod(method)), { code: 'FST_ERR_ROUTE_METHOD_INVALID', name: 'FastifyError', message: 'Provided method is invalid!' })
    }
    await app.close()
  })

  test(`${name}: DELETE and OPTIONS with a JSON content type and no body are refused, as POST is`, async (t) => {
    const app = factory()
    app.delete('/', (request: any) => ({ body: request.body ?? null }))
    app.options('/', (request: any) => ({ body: request.body ?? null }))
    const port = await listening(app)
    for (const method of ['DELETE', 'OPTIONS']) {
      const response = await rawRequest(port, method, { 'content-type': 'application/json' })
      t.equal(response.status, 400)
      t.same(JSON.parse(response.body), { statusCode: 400, code: 'FST_ERR_CTP_EMPTY_JSON_BODY', error: 'Bad Request', message: "Body cannot be empty when content-type is set to 'application/json'" })
    }
    t.same(await rawRequest(port, 'DELETE', {}), { status: 200, body: '{"body":null}' })
    await app.close()
  })

  test(`${name}: an async plugin that declares done fails ready()`, async (t) => {
    const anonymous = factory()
    anonymous.register(async (instance: unknown, options: unknown, done: () => void) => { done() })
    t.same(await readyFailure(anonymous), { code: 'FST_ERR_PLUGIN_INVALID_ASYNC_HANDLER', name: 'FastifyError', message: 'The null plugin being registered mixes async and callback styles. Async plugin should not mix async and callback style.' })
    await anonymous.close()
    const named = factory()
    named.register(async function mixed (instance: unknown, options: unknown, done: () => void) { done() })
    t.match(await readyFailure(named), { code: 'FST_ERR_PLUGIN_INVALID_ASYNC_HANDLER', message: /^The mixed plugin being registered/ })
    await named.close()
  })

  test(`${name}: time and date-time need a timezone; iso-time and iso-date-time do not`, async (t) => {
    const app = factory()
    const properties = { d: { type: 'string', format: 'date-time' }, t: { type: 'string', format: 'time' }, id: { type: 'string', format: 'iso-date-time' }, it: { type: 'string', format: 'iso-time' } }
    app.post('/', { schema: { body: { type: 'object', properties } } }, () => 'ok')
    const post = (payload: object) => app.inject({ method: 'POST', url: '/', payload })
    const noZone = await post({ d: '2020-01-01T00:00:00' })
    t.equal(noZone.statusCode, 400)
    t.equal(noZone.json().message, 'body/d must match format "date-time"')
    t.equal((await post({ t: '10:00:00' })).statusCode, 400)
    t.equal((await post({ d: '2020-01-01T00:00:00Z', t: '10:00:00+01:00' })).statusCode, 200)
    t.equal((await post({ id: '2020-01-01T00:00:00', it: '10:00:00' })).statusCode, 200)
    await app.close()
  })
}

for (const [name, factory] of enclaveFaces) {
  test(`${name}: keeps Fastify 4.29's routing where Fastify 5 changed it`, async (t) => {
    const app = factory()
    app.get('/v', { version: '1.2.3' }, () => 'v')
    app.get('/', () => 'g')
    app.head('/', (request: any, reply: any) => { reply.header('x-own', '1').send('') })
    app.get('/a/:id', () => 'a')
    app.route({ method: 'PROPFIND', url: '/dav', handler: () => 'dav' })
    app.register(async (instance: unknown, options: unknown, done: () => void) => { done() })
    t.equal(app.hasRoute({ method: 'GET', url: '/a/5' }), true)
    t.equal((await app.inject('/v')).statusCode, 404)
    t.equal((await app.inject({ method: 'HEAD', url: '/' })).headers['x-own'], '1')
    t.equal((await app.inject({ method: 'PROPFIND', url: '/dav' })).body, 'dav')
    t.same(failureOf(() => app.listen('x')), null, 'the positional form is accepted (warns FSTDEP011)')
    await app.close()
  })
}

{
  const [name, factory] = enclaveFaces[0]!
  test(`${name}: supportedMethods keeps Fastify 4.29's list, and addHttpMethod() is there too (additive)`, async (t) => {
    const app = factory()
    t.equal(app.supportedMethods.includes('MKCALENDAR'), true)
    app.addHttpMethod('REBIND', { hasBody: true })
    app.route({ method: 'REBIND', url: '/', handler: (request: any) => request.body })
    app.delete('/', (request: any) => ({ body: request.body ?? null }))
    const response = await app.inject({ method: 'REBIND', url: '/', payload: { a: 1 } })
    t.same(response.json(), { a: 1 })
    const port = await listening(app)
    t.same(await rawRequest(port, 'DELETE', { 'content-type': 'application/json' }), { status: 200, body: '{"body":null}' }, 'an unannounced DELETE body is not read, as in Fastify 4.29')
    await app.close()
  })
}
