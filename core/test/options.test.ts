import t from 'tap'
import http from 'node:http'
import enclave, { errorCodes } from '@enclave/core'

t.test('defaults are Fastify v4\'s and show in initialConfig', async (t) => {
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
    requestIdHeader: 'request-id',
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

t.test('an unknown option is a clear error at creation, naming the option', async (t) => {
  t.throws(() => enclave({ bogus: 1 } as any), {
    code: 'FST_ERR_INIT_OPTS_INVALID',
    message: /unknown option 'bogus'\. Known options: logger, bodyLimit/
  })
  t.throws(() => enclave({ bodylimit: 10 } as any), {
    code: 'FST_ERR_INIT_OPTS_INVALID',
    message: /unknown option 'bodylimit'\. Did you mean 'bodyLimit'\?/
  })
  t.throws(() => enclave({ trustProxi: true } as any), { message: /Did you mean 'trustProxy'\?/ })
})

t.test('options must be an object', async (t) => {
  t.throws(() => enclave(5 as any), { code: 'FST_ERR_OPTIONS_NOT_OBJ' })
  t.throws(() => enclave([] as any), { code: 'FST_ERR_OPTIONS_NOT_OBJ' })
  const app = enclave(undefined)
  t.teardown(() => app.close())
  t.equal(app.initialConfig.bodyLimit, 1048576)
})

t.test('an ill-typed option is a clear error at creation naming the option and what it expects', async (t) => {
  const cases: Array<[Record<string, unknown>, RegExp]> = [
    [{ bodyLimit: -1 }, /option 'bodyLimit' must be an integer > 0, got -1/],
    [{ bodyLimit: '1mb' }, /option 'bodyLimit' must be an integer > 0, got "1mb"/],
    [{ genReqId: 'x' }, /option 'genReqId' must be a function/],
    [{ requestIdHeader: 5 }, /option 'requestIdHeader' must be a header name or false/],
    [{ requestIdLogLabel: 1 }, /option 'requestIdLogLabel' must be a string/],
    [{ trustProxy: {} }, /option 'trustProxy' must be boolean \| string \| number \| string\[\] \| function/],
    [{ ignoreTrailingSlash: 'yes' }, /option 'ignoreTrailingSlash' must be a boolean/],
    [{ ignoreDuplicateSlashes: 1 }, /option 'ignoreDuplicateSlashes' must be a boolean/],
    [{ caseSensitive: null }, /option 'caseSensitive' must be a boolean/],
    [{ maxParamLength: 0 }, /option 'maxParamLength' must be an integer > 0/],
    [{ connectionTimeout: -1 }, /option 'connectionTimeout' must be an integer >= 0/],
    [{ keepAliveTimeout: 1.5 }, /option 'keepAliveTimeout' must be an integer >= 0/],
    [{ requestTimeout: '10' }, /option 'requestTimeout' must be an integer >= 0/],
    [{ return503OnClosing: 'no' }, /option 'return503OnClosing' must be a boolean/],
    [{ https: 'cert' }, /option 'https' must be an object of TLS options/],
    [{ serverFactory: {} }, /option 'serverFactory' must be a function/],
    [{ disableRequestLogging: 1 }, /option 'disableRequestLogging' must be a boolean/],
    [{ pluginTimeout: -5 }, /option 'pluginTimeout' must be an integer >= 0/],
    [{ exposeHeadRoutes: 'true' }, /option 'exposeHeadRoutes' must be a boolean/],
    [{ onProtoPoisoning: 'throw' }, /option 'onProtoPoisoning' must be 'error' \| 'remove' \| 'ignore'/],
    [{ onConstructorPoisoning: true }, /option 'onConstructorPoisoning' must be 'error' \| 'remove' \| 'ignore'/],
    [{ forceCloseConnections: 'all' }, /option 'forceCloseConnections' must be a boolean or 'idle'/],
    [{ logger: 'yes' }, /logger must be a boolean, pino options or a logger instance, got string/]
  ]
  for (const [options, message] of cases) {
    t.throws(() => enclave(options as any), { code: 'FST_ERR_INIT_OPTS_INVALID', message }, JSON.stringify(options))
  }
  t.throws(() => enclave({ querystringParser: 1 } as any), { code: 'FST_ERR_QSP_NOT_FN', message: /instead got 'number'/ })
  t.throws(() => enclave({ logger: { info () {} } } as any), { code: 'FST_ERR_LOG_INVALID_LOGGER' })
  t.throws(() => enclave({ logger: { stream: process.stdout, file: '/tmp/x.log' } } as any), { code: 'FST_ERR_LOG_INVALID_DESTINATION' })
  const error = t.throws(() => enclave({ bodyLimit: -1 } as any)) as any
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

t.test('maxParamLength: a longer parameter is refused with 414, never reaching the handler', async (t) => {
  const app = enclave({ maxParamLength: 5 })
  t.teardown(() => app.close())
  let calls = 0
  app.get('/item/:id', async (request) => { calls++; return request.params })
  t.same((await app.inject('/item/abcde')).json(), { id: 'abcde' })
  const response = await app.inject('/item/abcdef')
  t.equal(response.statusCode, 414)
  t.equal(response.headers['content-type'], 'application/json; charset=utf-8')
  t.same(response.json(), {
    statusCode: 414,
    code: 'ENC_ERR_PARAM_TOO_LONG',
    error: 'URI Too Long',
    message: 'A path parameter is longer than maxParamLength (5)'
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
  t.same(tooLong.json(), { framework: 'ENC_ERR_PARAM_TOO_LONG' })
  t.same(seen, ['FST_ERR_BAD_URL r1', 'ENC_ERR_PARAM_TOO_LONG r2'])
  t.same((await app.inject('/item/abc')).json(), { id: 'abc' }, 'ordinary requests are untouched')
})
