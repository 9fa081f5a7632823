import t from 'tap'
import http from 'node:http'
import enclave, { errorCodes } from '@enclave/core'
import { faces } from './fixtures/faces.js'

t.test('defaults are Fastify v4\'s (but requestIdHeader, false as in Fastify v5) and show in initialConfig', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  t.match(app.initialConfig, {
    bodyLimit: 1048576,
    caseSensitive: true,
    ignoreTrailingSlash: false,
    ignoreDuplicateSlashes: false,
    maxParamLength: 100,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    pluginTimeout: 10000,
    requestIdHeader: false,
    requestIdLogLabel: 'reqId',
    connectionTimeout: 0,
    keepAliveTimeout: 72000,
    requestTimeout: 0,
    exposeHeadRoutes: true,
    disableRequestLogging: false
  })
  for (const hidden of ['return503OnClosing', 'forceCloseConnections', 'trustProxy']) t.notOk(hidden in app.initialConfig, `${hidden} is not shown, as in Fastify`)
  t.ok(Object.isFrozen(app.initialConfig), 'initialConfig is read-only')
  t.equal(app.server.keepAliveTimeout, 72000)
  t.equal(app.server.requestTimeout, 0)
  t.equal(app.server.timeout, 0, 'connectionTimeout 0 leaves sockets without a timeout')
})

t.test('initialConfig shows the given values and hides functions and TLS material', async (t) => {
  const app = enclave({ bodyLimit: 10, genReqId: () => 'x', trustProxy: true })
  t.teardown(() => app.close())
  t.equal(app.initialConfig.bodyLimit, 10)
  t.notOk('trustProxy' in app.initialConfig, 'Fastify does not show trustProxy')
  t.notOk('genReqId' in app.initialConfig)
})

t.test('an unknown option is ignored, as Fastify ignores it; a likely typo gets a did-you-mean warning', async (t) => {
  const warnings: Array<{ code?: string, message: string }> = []
  const onWarning = (warning: any) => { warnings.push(warning) }
  process.on('warning', onWarning)
  t.teardown(() => { process.off('warning', onWarning) })
  const config = { bogus: 1, database: { url: 'x' }, bodylimit: 10, trustProxi: true, bodyLimit: 20 }
  const app = enclave(config as any)
  t.teardown(() => app.close())
  app.get('/', async () => 'ok')
  t.equal((await app.inject('/')).body, 'ok', 'the app works')
  t.equal(app.initialConfig.bodyLimit, 20)
  await new Promise((resolve) => setImmediate(resolve))
  const ours = warnings.filter((warning) => warning.code === 'ENC_WARN_UNKNOWN_OPTION').map((warning) => warning.message)
  t.same(ours.sort(), [
    "Unknown option 'bodylimit' is ignored. Did you mean 'bodyLimit'?",
    "Unknown option 'trustProxi' is ignored. Did you mean 'trustProxy'?"
  ], 'names far from any option (an app\'s own config) are not warned about')
})

for (const [name, factory] of faces) {
  t.test(`${name}: a falsy value for the options is no options, as fastify-cli's \`false\``, async (t) => {
    for (const value of [false, 0, '', Number.NaN, 0n]) {
      const app = factory(value)
      t.equal(app.initialConfig.bodyLimit, 1048576, String(value))
      await app.close()
    }
  })
}

t.test('options must be an object', async (t) => {
  t.throws(() => enclave(5 as any), { code: 'FST_ERR_OPTIONS_NOT_OBJ' })
  t.throws(() => enclave([] as any), { code: 'FST_ERR_OPTIONS_NOT_OBJ' })
  const app = enclave(undefined)
  t.teardown(() => app.close())
  t.equal(app.initialConfig.bodyLimit, 1048576)
})

t.test('options in Fastify\'s schema are coerced and refused exactly as fastify@4.29.1 does it', async (t) => {
  const { default: Fastify } = await import('fastify4')
  const { createServer, fastifyProfile } = await import('@enclave/core/internal')
  const cases: Array<Record<string, unknown>> = [
    { bodyLimit: -1 }, { bodyLimit: '1mb' }, { bodyLimit: 1.5 },
    { ignoreTrailingSlash: 'yes' }, { ignoreTrailingSlash: 'true' }, { ignoreDuplicateSlashes: 1 }, { caseSensitive: null },
    { maxParamLength: 0 }, { maxParamLength: 'x' }, { maxParamLength: '20' }, { keepAliveTimeout: 1.5 }, { requestTimeout: '10' },
    { pluginTimeout: 'x' }, { exposeHeadRoutes: 'true' }, { exposeHeadRoutes: 'x' }, { jsonShorthand: 'x' }, { disableRequestLogging: 'x' },
    { onProtoPoisoning: 'throw' }, { onConstructorPoisoning: true }, { requestIdLogLabel: 1 },
    { forceCloseConnections: 'all' }, { useSemicolonDelimiter: 'x' }, { allowUnsafeRegex: 'x' }, { http2SessionTimeout: 'x' },
    { constraints: 'x' }, { constraints: { tenant: { name: 'tenant' } } }
  ]
  // Fastify writes its defaults into the object it is given: each factory gets its own copy.
  const outcome = (factory: (options: any) => any, options: Record<string, unknown>) => {
    try {
      const app = factory(JSON.parse(JSON.stringify(options)))
      const seen = Object.keys(options).map((name) => JSON.stringify(app.initialConfig[name]))
      void app.close()
      return `accepted ${seen.join(',')}`
    } catch (error: any) {
      return `${error.code}: ${error.message}`
    }
  }
  for (const options of cases) {
    const expected = outcome((o) => Fastify(o), options)
    t.equal(outcome((o) => createServer(o, fastifyProfile), options), expected, `fastify face: ${JSON.stringify(options)}`)
    t.equal(outcome((o) => enclave(o), options), expected, `enclave(): ${JSON.stringify(options)}`)
  }
})

t.test('other ill-typed options are a clear error at creation naming the option and what it expects', async (t) => {
  const cases: Array<[Record<string, unknown>, RegExp]> = [
    [{ genReqId: 'x' }, /option 'genReqId' must be a function/],
    [{ requestIdHeader: 5 }, /option 'requestIdHeader' must be a header name or false/],
    [{ trustProxy: {} }, /option 'trustProxy' must be boolean \| string \| number \| string\[\] \| function/],
    [{ connectionTimeout: -1 }, /option 'connectionTimeout' must be an integer >= 0/],
    [{ return503OnClosing: 'no' }, /option 'return503OnClosing' must be a boolean/],
    [{ https: 'cert' }, /option 'https' must be an object of TLS options/],
    [{ serverFactory: {} }, /option 'serverFactory' must be a function/],
    [{ pluginTimeout: -5 }, /option 'pluginTimeout' must be an integer >= 0/],
    [{ logger: 'yes' }, /logger must be a boolean, pino options or a logger instance, got string/]
  ]
  for (const [options, message] of cases) {
    t.throws(() => enclave(options as any), { code: 'FST_ERR_INIT_OPTS_INVALID', message }, JSON.stringify(options))
  }
  t.throws(() => enclave({ querystringParser: 1 } as any), { code: 'FST_ERR_QSP_NOT_FN', message: /instead got 'number'/ })
  t.throws(() => enclave({ logger: { info () {} } } as any), { code: 'FST_ERR_LOG_INVALID_LOGGER' })
  t.throws(() => enclave({ logger: { stream: process.stdout, file: '/tmp/x.log' } } as any), { code: 'FST_ERR_LOG_INVALID_DESTINATION' })
  const error = t.throws(() => enclave({ pluginTimeout: -1 } as any)) as any
  t.ok(error instanceof errorCodes.FST_ERR_INIT_OPTS_INVALID, 'the error is an instance of its catalogue class')
})

t.test('undefined options count as not given', async (t) => {
  const app = enclave({ bodyLimit: undefined, logger: undefined })
  t.teardown(() => app.close())
  t.equal(app.initialConfig.bodyLimit, 1048576)
})

t.test('caseSensitive (default true) and caseSensitive: false', async (t) => {
  const strict = enclave()
  t.teardown(() => strict.close())
  strict.get('/Foo', async () => 'foo')
  t.equal((await strict.inject('/Foo')).body, 'foo')
  t.equal((await strict.inject('/foo')).statusCode, 404)

  const loose = enclave({ caseSensitive: false })
  t.teardown(() => loose.close())
  loose.get('/Foo/:Name', async (request) => request.params)
  const response = await loose.inject('/FOO/Ann')
  t.equal(response.statusCode, 200)
  t.same(response.json(), { Name: 'Ann' }, 'parameter values keep their case')
})

t.test('ignoreTrailingSlash (default false)', async (t) => {
  const strict = enclave()
  t.teardown(() => strict.close())
  strict.get('/a', async () => 'a')
  t.equal((await strict.inject('/a/')).statusCode, 404)

  const loose = enclave({ ignoreTrailingSlash: true })
  t.teardown(() => loose.close())
  loose.get('/a', async () => 'a')
  loose.get('/b/', async () => 'b')
  t.equal((await loose.inject('/a/')).body, 'a')
  t.equal((await loose.inject('/b')).body, 'b')
})

t.test('ignoreDuplicateSlashes (default false)', async (t) => {
  const strict = enclave()
  t.teardown(() => strict.close())
  strict.get('/a/b', async () => 'ab')
  t.equal((await strict.inject('//a//b')).statusCode, 404)

  const loose = enclave({ ignoreDuplicateSlashes: true })
  t.teardown(() => loose.close())
  loose.get('/a/b', async () => 'ab')
  const response = await loose.inject('//a//b')
  t.equal(response.statusCode, 200)
  t.equal(response.body, 'ab')
})

t.test('maxParamLength: a longer parameter is refused with Fastify v5\'s 414, never reaching the handler', async (t) => {
  const app = enclave({ maxParamLength: 5 })
  t.teardown(() => app.close())
  let calls = 0
  app.get('/item/:id', async (request) => { calls++; return request.params })
  t.same((await app.inject('/item/abcde')).json(), { id: 'abcde' })
  const response = await app.inject('/item/abcdef')
  t.equal(response.statusCode, 414)
  t.equal(response.headers['content-type'], 'application/json')
  t.same(response.json(), {
    error: 'Bad Request',
    code: 'FST_ERR_MAX_PARAM_LENGTH',
    message: "'/item/abcdef' is exceeding the max param length",
    statusCode: 414
  })
  t.equal(calls, 1)
})

t.test('querystringParser replaces the default parser', async (t) => {
  const plain = enclave()
  t.teardown(() => plain.close())
  plain.get('/', async (request) => request.query)
  t.same((await plain.inject('/?a=1&a=2&b=')).json(), { a: ['1', '2'], b: '' })

  const app = enclave({ querystringParser: (query) => ({ raw: query }) })
  t.teardown(() => app.close())
  app.get('/', async (request) => request.query)
  t.same((await app.inject('/?a=1&b[c]=2')).json(), { raw: 'a=1&b[c]=2' })
})

t.test('connectionTimeout, keepAliveTimeout and requestTimeout configure the HTTP server', async (t) => {
  const app = enclave({ connectionTimeout: 1234, keepAliveTimeout: 5678, requestTimeout: 9000 })
  t.teardown(() => app.close())
  t.equal(app.server.timeout, 1234)
  t.equal(app.server.keepAliveTimeout, 5678)
  t.equal(app.server.requestTimeout, 9000)
})

t.test('serverFactory builds the server that requests arrive on', async (t) => {
  let factoryCalls = 0
  const app = enclave({
    serverFactory (handler) {
      factoryCalls++
      return http.createServer((req, res) => {
        res.setHeader('x-factory', 'yes')
        handler(req, res)
      })
    }
  })
  t.teardown(() => app.close())
  app.get('/', async () => ({ ok: true }))
  t.equal(factoryCalls, 1)
  const address = await app.listen({ port: 0, host: '127.0.0.1' })
  const response = await fetch(address + '/')
  t.equal(response.status, 200)
  t.equal(response.headers.get('x-factory'), 'yes')
  t.same(await response.json(), { ok: true })
  const injected = await app.inject('/')
  t.same(injected.json(), { ok: true }, 'inject goes through the routes, not the factory wrapper')
})

t.test('pluginTimeout: a plugin that never finishes fails ready() with a named error', async (t) => {
  const app = enclave({ pluginTimeout: 50 })
  t.teardown(() => app.close())
  app.register(function neverDone (_instance: any, _options: any, _done: () => void) {})
  await t.rejects(app.ready(), { code: 'FST_ERR_PLUGIN_TIMEOUT', message: /neverDone/ })
})

t.test('pluginTimeout: 0 waits for a slow plugin', async (t) => {
  const app = enclave({ pluginTimeout: 0 })
  t.teardown(() => app.close())
  app.register(async function slow () { await new Promise((resolve) => setTimeout(resolve, 30)) })
  await t.resolves(app.ready())
})

t.test('keepAliveTimeout is what the server announces and applies on the wire', async (t) => {
  const app = enclave({ keepAliveTimeout: 5000 })
  t.teardown(() => app.close())
  app.get('/', async () => 'ok')
  await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as { port: number }
  const headers = await new Promise<http.IncomingHttpHeaders>((resolve, reject) => {
    const agent = new http.Agent({ keepAlive: true })
    http.get({ host: '127.0.0.1', port, path: '/', agent }, (res) => {
      res.resume()
      res.on('end', () => { agent.destroy(); resolve(res.headers) })
    }).on('error', reject)
  })
  t.equal(headers.connection, 'keep-alive')
  t.equal(headers['keep-alive'], 'timeout=5')
})

t.test('frameworkErrors answers framework errors (bad URL, parameter too long) itself', async (t) => {
  const seen: string[] = []
  const app = enclave({
    requestIdHeader: 'request-id',
    maxParamLength: 5,
    frameworkErrors (error, request, reply) {
      seen.push(`${error.code} ${request.id}`)
      reply.code(error.statusCode ?? 500).send({ framework: error.code })
    }
  })
  t.teardown(() => app.close())
  app.get('/item/:id', async (request) => request.params)
  const badUrl = await app.inject({ url: '/item/%zz', headers: { 'request-id': 'r1' } })
  t.equal(badUrl.statusCode, 400)
  t.same(badUrl.json(), { framework: 'FST_ERR_BAD_URL' })
  const tooLong = await app.inject({ url: '/item/abcdefgh', headers: { 'request-id': 'r2' } })
  t.equal(tooLong.statusCode, 414)
  t.same(tooLong.json(), { framework: 'FST_ERR_MAX_PARAM_LENGTH' })
  t.same(seen, ['FST_ERR_BAD_URL r1', 'FST_ERR_MAX_PARAM_LENGTH r2'])
  t.same((await app.inject('/item/abc')).json(), { id: 'abc' }, 'ordinary requests are untouched')
})

t.test('a serverFactory\'s server keeps its own timeouts: the timeout options are for the servers Enclave creates, as in fastify@4.29.1', async (t) => {
  for (const [name, make] of faces) {
    const server = make({
      connectionTimeout: 4,
      keepAliveTimeout: 1234,
      requestTimeout: 999,
      maxRequestsPerSocket: 7,
      serverFactory: (handler: any) => http.createServer(handler).setTimeout(5)
    }).server
    t.same([server.timeout, server.keepAliveTimeout, server.requestTimeout, server.maxRequestsPerSocket], [5, 5000, 300000, 0], name)
  }
})
