// Parts of the core API that Fastify plugins rely on (found running the official plugins, see
// integration-tests/test/fastify-plugins): callback hooks that return a promise, the errorHandler
// getter, onRoute's complete URL, and getDefaultRoute / setDefaultRoute.
import t from 'tap'
import enclave from '@enclave/core'
import type { EnclaveInstance } from '@enclave/core'

type RawHandler = (req: any, res: any) => void
interface CompatInstance {
  errorHandler: (error: Error, request: unknown, reply: unknown) => void
  getDefaultRoute: () => RawHandler
  setDefaultRoute: (handler: unknown) => EnclaveInstance
}

function compat (app: EnclaveInstance): CompatInstance {
  return app as unknown as CompatInstance
}

function later<T> (value: T): Promise<T> {
  return new Promise((resolve) => setTimeout(() => resolve(value), 5))
}

t.test('a callback-style hook that returns a promise and never calls done continues when it settles', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  const trail: string[] = []
  app.addHook('onRequest', function promiseInsteadOfDone (request, _reply, _done) {
    return later(null).then(() => { trail.push(`onRequest ${request.url}`) })
  })
  app.addHook('preHandler', function failsByPromise (request, _reply, done) {
    if (request.url === '/reject') return Promise.reject(new Error('rejected hook'))
    done()
    return undefined
  })
  app.get('/', async function home () {
    trail.push('handler')
    return 'home'
  })
  app.get('/reject', async function rejected () { return 'never' })

  const ok = await app.inject('/')
  t.equal(ok.statusCode, 200)
  t.equal(ok.body, 'home')
  t.same(trail, ['onRequest /', 'handler'])

  const rejected = await app.inject('/reject')
  t.equal(rejected.statusCode, 500)
  t.equal(rejected.json().message, 'rejected hook')
})

t.test('a callback hook that both calls done and returns a promise continues once', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  let handlerRuns = 0
  app.addHook('preHandler', function both (_request, _reply, done) {
    done()
    return later(null)
  })
  app.addHook('onRequest', function doneLater (_request, _reply, done) {
    return later(null).then(() => done())
  })
  app.get('/', async function home () {
    handlerRuns++
    return 'home'
  })

  t.equal((await app.inject('/')).body, 'home')
  await later(null)
  t.equal(handlerRuns, 1)
})

t.test('a callback-style onSend hook may return a promise of the new payload', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.addHook('onSend', function upperCase (_request, _reply, payload, _done) {
    return later(String(payload).toUpperCase())
  })
  app.get('/', async function home () { return 'quiet' })

  t.equal((await app.inject('/')).body, 'QUIET')
})

t.test('app.errorHandler is the handler in effect: the default one until setErrorHandler', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  t.type(compat(app).errorHandler, 'function', 'there is always one to delegate to')
  app.get('/delegates', {
    errorHandler: function routeErrors (error, request, reply) {
      if ((error as Error).message === 'mine') {
        reply.code(418).send({ handled: 'by the route' })
        return
      }
      compat(app).errorHandler(error as Error, request, reply)
    }
  }, async function fails (request) {
    throw Object.assign(new Error((request.query as { which: string }).which), { statusCode: 409, code: 'E_CONFLICT' })
  })

  const child: { seen?: unknown } = {}
  function custom (_error: unknown, _request: unknown, reply: any): void { reply.send({ custom: true }) }
  app.register(async function withHandler (instance) {
    instance.setErrorHandler(custom)
    child.seen = compat(instance).errorHandler
  })

  const own = await app.inject('/delegates?which=mine')
  t.equal(own.statusCode, 418)
  const delegated = await app.inject('/delegates?which=theirs')
  t.equal(delegated.statusCode, 409)
  t.same(delegated.json(), { statusCode: 409, code: 'E_CONFLICT', error: 'Conflict', message: 'theirs' }, 'the default handler answered')

  // As Fastify 4.29: the handler bound to the instance that set it.
  t.equal((child.seen as { name: string }).name, 'bound custom')
  t.not((compat(app).errorHandler as { name: string }).name, 'bound custom', 'the parent keeps its own')
})

t.test('onRoute hooks see the complete URL, the URL as written and the prefix', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  const seen: unknown[] = []
  app.addHook('onRoute', function record (options: any) {
    if (options.method === 'HEAD') return
    seen.push({ url: options.url, path: options.path, routePath: options.routePath, prefix: options.prefix })
  })
  app.get('/top', async function top () { return 'top' })
  app.register(async function api (instance) {
    instance.get('/items/:id', async function item () { return 'item' })
    instance.get('/', async function index () { return 'index' })
  }, { prefix: '/api' })
  await app.ready()

  t.same(seen, [
    { url: '/top', path: '/top', routePath: '/top', prefix: '' },
    { url: '/api/items/:id', path: '/api/items/:id', routePath: '/items/:id', prefix: '/api' },
    { url: '/api', path: '/api', routePath: '', prefix: '/api' }
  ])
  t.equal((await app.inject('/api/')).body, 'index', "a '/' route still answers with and without the slash")
  t.equal((await app.inject('/api')).body, 'index')
})

t.test('a URL an onRoute hook rewrites is registered as given, prefix included', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.register(async function versioned (instance) {
    instance.addHook('onRoute', function moveToV2 (options: any) {
      options.url = options.url.replace('/v1/', '/v2/')
    })
    instance.get('/users', async function users () { return 'users' })
  }, { prefix: '/v1' })

  t.equal((await app.inject('/v2/users')).body, 'users')
  t.equal((await app.inject('/v1/users')).statusCode, 404)
  t.equal((await app.inject('/v1/v2/users')).statusCode, 404, 'the prefix is not added a second time')
})

t.test('getDefaultRoute and setDefaultRoute expose what answers unmatched requests', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.get('/known', async function known () { return 'known' })
  const notFoundRouting = compat(app).getDefaultRoute()
  t.type(notFoundRouting, 'function')
  t.throws(() => compat(app).setDefaultRoute('nope'), { code: 'FST_ERR_DEFAULT_ROUTE_INVALID_TYPE' })

  compat(app).setDefaultRoute(function legacyFallback (req: any, res: any) {
    if (String(req.url).startsWith('/legacy')) {
      res.writeHead(410, { 'content-type': 'text/plain' })
      res.end('gone')
      return
    }
    notFoundRouting(req, res)
  })
  t.not(compat(app).getDefaultRoute(), notFoundRouting, 'getDefaultRoute returns the replacement')

  const legacy = await app.inject('/legacy/page')
  t.equal(legacy.statusCode, 410)
  t.equal(legacy.body, 'gone')
  const other = await app.inject('/other')
  t.equal(other.statusCode, 404)
  t.equal(other.json().error, 'Not Found', 'the saved default still runs the not-found handler')
  t.equal((await app.inject('/known')).body, 'known', 'matched routes are not affected')
})
