import t from 'tap'
import Fastify from 'fastify4'
import enclave from '@enclave/core'
import { createServer as createWithProfile, fastifyProfile } from '@enclave/core/internal'
import { warnings, warningCatalogue } from '../dist/errors/warnings.js'
import { warningsDuring, type SeenWarning } from './fixtures/warnings-during.js'

async function routesWithMissingBodySchema (factory: (options?: any) => any): Promise<void> {
  const app = factory()
  app.post('/a', { schema: { body: undefined } }, async () => 'a')
  app.post('/b', { schema: { body: undefined } }, async () => 'b')
  await app.ready()
  await app.close()
}

// First in the file: the deprecations below are emitted once a process, so they would hide a wrong one here.
t.test('reading the current route APIs warns about nothing', async (t) => {
  const app = enclave()
  app.get('/', (request: any, reply: any) => {
    void request.routeOptions.url
    void request.routeOptions.config
    void reply.elapsedTime
    reply.redirect('/elsewhere', 301)
  })
  const seen = await warningsDuring(async () => { await app.inject('/') })
  await app.close()
  t.same(seen, [])
})

// Also before the FSTDEP007 test below: once emitted, that deprecation would stay silent here.
t.test('a GET route beside a declared HEAD route, without its own exposeHeadRoute flag, warns about nothing, as in Fastify', async (t) => {
  async function declare (factory: (options?: any) => any): Promise<SeenWarning[]> {
    return await warningsDuring(async () => {
      const app = factory()
      app.head('/', async () => '')
      app.get('/', async () => 'get')
      app.get('/other', { exposeHeadRoute: true }, async () => 'other')
      await app.ready()
      await app.close()
    })
  }
  t.same(await declare(enclave), [])
  t.same(await declare(Fastify), [])
})

t.test('FSTWRN001 is emitted for every route with a missing part schema, with Fastify\'s type and message', async (t) => {
  const fastifySeen = (await warningsDuring(() => routesWithMissingBodySchema(Fastify))).filter((w) => w.code === 'FSTWRN001')
  const enclaveSeen = (await warningsDuring(() => routesWithMissingBodySchema(enclave))).filter((w) => w.code === 'FSTWRN001')
  t.equal(enclaveSeen.length, 2)
  t.same(enclaveSeen, fastifySeen)
  t.equal(enclaveSeen[0]!.name, 'FastifyWarning')
  t.equal(enclaveSeen[0]!.message, 'The body schema for POST: /a is missing. This may indicate the schema is not well specified.')
})

t.test('FSTDEP011 is emitted once a process, however often listen() is called with positional arguments', async (t) => {
  const seen = await warningsDuring(async () => {
    for (let i = 0; i < 2; i++) {
      const app = enclave()
      await app.listen(0, '127.0.0.1')
      await app.close()
    }
  })
  const deprecations = seen.filter((w) => w.code === 'FSTDEP011')
  t.ok(deprecations.length <= 1, 'never twice')
  t.equal(warnings.FSTDEP011.emitted, true, 'emitted by this process (here or by an earlier call)')
  t.equal(warnings.FSTDEP011.unlimited, false)
})

t.test('ENC_WARN_UNKNOWN_OPTION is emitted every time a likely typo of an option is given', async (t) => {
  const seen = await warningsDuring(async () => {
    enclave({ bodylimit: 10 } as any)
    enclave({ bodylimit: 10 } as any)
  })
  const typos = seen.filter((w) => w.code === 'ENC_WARN_UNKNOWN_OPTION')
  t.equal(typos.length, 2)
  t.equal(typos[0]!.message, "Unknown option 'bodylimit' is ignored. Did you mean 'bodyLimit'?")
  t.equal(typos[0]!.name, 'Warning')
})

t.test('each catalogued warning is an emitter with its code, type, message and once/every-time rule', async (t) => {
  for (const entry of warningCatalogue) {
    const item = warnings[entry.code]
    t.equal(item.code, 'emits' in entry ? entry.emits : entry.code)
    t.equal(item.name, entry.name)
    t.equal(item.message, entry.message)
    t.equal(item.unlimited, entry.unlimited)
  }
})

t.test('Fastify 4.29\'s deprecation warnings for request and reply APIs: same code, type and message, once a process', async (t) => {
  const deprecatedUses: Record<string, (request: any, reply: any) => void> = {
    FSTDEP010: (_request, reply) => { reply.sent = true; reply.raw.end('sent by hand') },
    FSTDEP015: (request) => { void request.routeSchema },
    FSTDEP016: (request) => { void request.routeConfig },
    FSTDEP017: (request) => { void request.routerPath },
    FSTDEP018: (request) => { void request.routerMethod },
    FSTDEP012: (request) => { void request.context },
    FSTDEP013: (_request, reply) => { reply.trailer('x-direct', () => 'returned') },
    FSTDEP019: (_request, reply) => { void reply.context },
    FSTDEP020: (_request, reply) => { reply.getResponseTime() },
    FSTDEP021: (_request, reply) => { reply.redirect(301, '/elsewhere') }
  }
  async function useTwice (factory: (options?: any) => any, use: (request: any, reply: any) => void): Promise<SeenWarning[]> {
    const app = factory()
    app.get('/', (request: any, reply: any) => {
      use(request, reply)
      if (!reply.sent) reply.send('ok')
    })
    const seen = await warningsDuring(async () => {
      await app.inject('/')
      await app.inject('/')
    })
    await app.close()
    return seen.filter((warning) => warning.code?.startsWith('FSTDEP'))
  }
  for (const [code, use] of Object.entries(deprecatedUses)) {
    const ours = await useTwice(enclave, use)
    t.same(ours, await useTwice(Fastify, use), `${code}: as Fastify`)
    t.equal(ours.length, 1, `${code}: once for two requests`)
    t.equal(ours[0]?.code, code)
    t.equal(ours[0]?.name, 'DeprecationWarning')
  }
})

t.test('Fastify 4.29\'s deprecation warnings for the route version option, the versioning option and the default route, once a process', async (t) => {
  const deprecatedSetups: Record<string, (app: any) => void> = {
    FSTDEP008: (app) => {
      app.get('/a', { version: '1.0.0' }, async () => 'a')
      app.get('/b', { version: '2.0.0' }, async () => 'b')
    },
    FSTDEP014: (app) => {
      app.setDefaultRoute(app.getDefaultRoute())
    },
    FSTDEP007: (app) => {
      app.head('/a', async () => '')
      app.get('/a', { exposeHeadRoute: true }, async () => 'a')
      app.head('/b', async () => '')
      app.get('/b', { exposeHeadRoute: true }, async () => 'b')
    },
    FSTDEP009: () => {}
  }
  const versioning = { storage: () => ({ get: () => null, set: () => {} }), deriveVersion: () => undefined }
  async function setUp (factory: (options?: any) => any, setup: (app: any) => void): Promise<SeenWarning[]> {
    const seen = await warningsDuring(async () => {
      const app = factory(setup === deprecatedSetups.FSTDEP009 ? { versioning } : undefined)
      setup(app)
      await app.ready()
      await app.close()
    })
    return seen.filter((warning) => warning.code?.startsWith('FSTDEP'))
  }
  for (const [code, setup] of Object.entries(deprecatedSetups)) {
    const ours = await setUp(enclave, setup)
    t.same(ours, await setUp(Fastify, setup), `${code}: as Fastify`)
    t.equal(ours.length, 1, `${code}: once`)
    t.equal(ours[0]?.code, code)
  }
})

t.test('a JSON shorthand route schema: Fastify 4.29\'s FSTDEP022 deprecation, emitted as FSTDEP021 with its message, once a process', async (t) => {
  async function shorthandRoutes (factory: (options?: any) => any): Promise<SeenWarning[]> {
    return await warningsDuring(async () => {
      const app = factory()
      app.register(async (child: any) => {
        child.post('/first', { schema: { body: { name: { type: 'string' } } } }, async () => 'first')
        child.get('/second', { schema: { response: { 200: { id: { type: 'integer' } } } } }, async () => ({ id: 1 }))
      }, { prefix: '/api' })
      app.get('/full', { schema: { querystring: { type: 'object', properties: { q: { type: 'string' } } } } }, async () => 'full')
      await app.ready()
      await app.close()
    })
  }
  const fastify4 = (await shorthandRoutes(Fastify)).filter((w) => w.code?.startsWith('FSTDEP'))
  t.same(fastify4, [{ name: 'DeprecationWarning', code: 'FSTDEP021', message: 'You are using the deprecated json shorthand schema on route /api/first. Specify full object schema instead. It will be removed in `fastify@v5`' }])
  const ours = (await shorthandRoutes(enclave)).filter((w) => w.code?.startsWith('FSTDEP'))
  t.same(ours, fastify4, 'enclave(): as Fastify')
  t.same((await shorthandRoutes((options) => createWithProfile(options, fastifyProfile))).filter((w) => w.code?.startsWith('FSTDEP')), [], '@enclave/fastify4: already emitted in this process')
  t.equal(warnings.FSTDEP022.emitted, true)
  t.not(warnings.FSTDEP022, warnings.FSTDEP021, 'its once-a-process state is apart from the redirect deprecation\'s')
})
