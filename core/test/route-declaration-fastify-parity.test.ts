import t from 'tap'
import { Readable } from 'node:stream'
import { faces, type Factory } from './fixtures/faces.js'
import { captureLogs } from './fixtures/log-lines.js'

/** What `route(options)` throws when it is called, as a user catching it sees it, and whether onRoute hooks ran. */
function declarationFailure (factory: Factory, options: Record<string, unknown>) {
  const app = factory()
  const seen: string[] = []
  app.addHook('onRoute', (route: { url: string }) => { seen.push(route.url) })
  try {
    app.route(options)
    return { thrown: null, onRoute: seen }
  } catch (error: any) {
    return { thrown: { name: error.name, code: error.code, message: error.message, statusCode: error.statusCode }, onRoute: seen }
  }
}

const declarations: Record<string, Record<string, unknown>> = {
  'a bodyLimit that is not an integer, without a url': { method: 'PUT', bodyLimit: false, handler: () => null },
  'a bodyLimit that is not an integer': { method: 'PUT', url: '/x', bodyLimit: 10000.1, handler: () => null },
  'a body schema on a GET route': { method: 'GET', url: '/get', schema: { body: { type: 'object' } }, handler: () => null },
  'a body schema on a HEAD route': { method: 'HEAD', url: '/head', schema: { body: { type: 'object' } }, handler: () => null },
  'a body schema on a [HEAD, GET] route': { method: ['HEAD', 'GET'], url: '/both', schema: { body: { type: 'object' } }, handler: () => null },
  'a body schema on a POST route (accepted)': { method: 'POST', url: '/post', schema: { body: { type: 'object' } }, handler: () => null }
}

for (const [label, options] of Object.entries(declarations)) {
  t.test(`route() with ${label} throws when declared, before onRoute hooks, as in Fastify 4.29`, async (t) => {
    const [[, fastify], ...enclaves] = faces
    const expected = declarationFailure(fastify!, options)
    if (!label.includes('accepted')) t.not(expected.thrown, null)
    for (const [name, factory] of enclaves) t.same(declarationFailure(factory, options), expected, name)
  })
}

t.test("a route's own childLoggerFactory builds its request loggers; other routes keep the instance's", async (t) => {
  for (const [name, factory] of faces) {
    const app = factory()
    const made: string[] = []
    app.get('/own', {
      childLoggerFactory (logger: any, bindings: any, options: any) {
        made.push('own')
        // A logger of its own: without logging, child() may hand back one shared object.
        return Object.assign(Object.create(logger.child(bindings, options)), { marked: true })
      }
    }, async (request: any) => ({ marked: request.log.marked === true }))
    app.get('/other', async (request: any) => ({ marked: request.log.marked === true }))
    t.same((await app.inject('/own')).json(), { marked: true }, name)
    t.same((await app.inject('/other')).json(), { marked: false }, name)
    t.same(made, ['own'], name)
    await app.close()
  }
})

t.test("a '/' route under a prefix ending in '/' with ignoreDuplicateSlashes is declared once and answers as in Fastify 4.29", async (t) => {
  const results: unknown[] = []
  for (const [name, factory] of faces) {
    const app = factory({ ignoreDuplicateSlashes: true })
    const declared: string[] = []
    app.addHook('onRoute', (route: { method: string, url: string }) => { declared.push(`${route.method} ${route.url}`) })
    app.register(async (child: any) => { child.get('/', async () => 'hi') }, { prefix: '/prefix/' })
    await app.ready()
    const codes = []
    for (const url of ['/prefix', '/prefix/', '/prefix//']) codes.push((await app.inject(url)).statusCode)
    results.push({ declared, codes })
    t.same(results[results.length - 1], results[0], name)
    await app.close()
  }
  t.same(results[0], { declared: ['GET /prefix/', 'HEAD /prefix/'], codes: [404, 200, 200] })
})

t.test("a stream that errors on a GET route's HEAD twin is logged with Fastify's message and answers 200 without a body", async (t) => {
  for (const [name, factory] of faces) {
    const { lines, stream } = captureLogs()
    const app = factory({ logger: { level: 'error', stream } })
    app.get('/file', (_request: any, reply: any) => {
      const body = new Readable({ read () {} })
      process.nextTick(() => body.emit('error', new Error('disk gone')))
      reply.send(body)
    })
    const response = await app.inject({ method: 'HEAD', url: '/file' })
    await new Promise((resolve) => setTimeout(resolve, 20))
    t.equal(response.statusCode, 200, name)
    t.equal(response.body, '', name)
    const line = lines.find((entry) => entry.err !== undefined)
    t.equal(line?.msg, 'Error on Stream found for HEAD route', name)
    t.equal(line?.err.message, 'disk gone', name)
    t.equal(line?.level, 50, name)
    await app.close()
  }
})

t.test('with the versioning option, a version constraint that is not a string is refused when declared, as in Fastify 4.29', async (t) => {
  for (const [name, factory] of faces) {
    const app = factory({
      versioning: {
        storage () {
          const versions: Record<string, unknown> = {}
          return { get: (version: string) => versions[version] ?? null, set: (version: string, store: unknown) => { versions[version] = store } }
        },
        deriveVersion: (request: any) => request.headers.accept
      }
    })
    app.get('/', { constraints: { version: 'v1' } }, async () => 'v1')
    t.throws(() => app.get('/', { constraints: { version: 2 } }, async () => 'v2'), { code: 'FST_ERR_VERSION_CONSTRAINT_NOT_STR', message: 'Version constraint should be a string.' }, name)
    t.equal((await app.inject({ url: '/', headers: { accept: 'v1' } })).body, 'v1', name)
    await app.close()
  }
})
