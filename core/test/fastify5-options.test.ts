import { test } from 'tap'
import { fastify5Faces, enclaveFaces } from './fixtures/faces.js'
import { failureOf, readyFailure } from './fixtures/failures.js'
import { sameOnBoth } from './fixtures/same-on-fastify5.js'

function quietLogger (): Record<string, unknown> {
  const logger: Record<string, unknown> = { level: 'info' }
  for (const name of ['info', 'warn', 'error', 'fatal', 'trace', 'debug']) logger[name] = () => {}
  logger.child = () => logger
  return logger
}

for (const [name, factory] of fastify5Faces) {
  test(`${name}: initialConfig shows Fastify 5's defaults (no jsonShorthand, no request id header)`, async (t) => {
    const app = factory()
    const config = app.initialConfig
    t.equal(config.requestIdHeader, false)
    t.equal(config.useSemicolonDelimiter, false)
    t.notOk('jsonShorthand' in config)
    t.same(config, {
      bodyLimit: 1048576,
      caseSensitive: true,
      allowUnsafeRegex: false,
      connectionTimeout: 0,
      keepAliveTimeout: 72000,
      maxRequestsPerSocket: 0,
      requestTimeout: 0,
      requestIdHeader: false,
      handlerTimeout: 0,
      ignoreTrailingSlash: false,
      ignoreDuplicateSlashes: false,
      disableRequestLogging: false,
      maxParamLength: 100,
      onProtoPoisoning: 'error',
      onConstructorPoisoning: 'error',
      pluginTimeout: 10000,
      requestIdLogLabel: 'reqId',
      http2SessionTimeout: 72000,
      exposeHeadRoutes: true,
      useSemicolonDelimiter: false
    })
    await app.close()
  })

  test(`${name}: a request-id header is not taken as the id, a semicolon is part of the path, a long parameter is a 414`, async (t) => {
    const app = factory({ maxParamLength: 5 })
    app.get('/id', (request: any) => request.id)
    app.get('/a', (request: any) => request.query)
    app.get('/p/:id', () => 'p')
    const id = await app.inject({ url: '/id', headers: { 'request-id': 'from-client' } })
    t.not(id.body, 'from-client')
    const semicolon = await app.inject('/a;b=1')
    t.equal(semicolon.statusCode, 404)
    const long = await app.inject('/p/1234567890')
    t.equal(long.statusCode, 414)
    t.same(long.json(), { error: 'Bad Request', code: 'FST_ERR_MAX_PARAM_LENGTH', message: "'/p/1234567890' is exceeding the max param length", statusCode: 414 })
    await app.close()
  })

  test(`${name}: a shorthand request schema is refused at ready() (no jsonShorthand, even when the option is given)`, async (t) => {
    for (const options of [{}, { jsonShorthand: true }]) {
      const query = factory(options)
      query.get('/', { schema: { querystring: { name: { type: 'string' } } } }, () => 'x')
      t.same(await readyFailure(query), { code: 'FST_ERR_SCH_VALIDATION_BUILD', name: 'FastifyError', message: 'Failed building the validation schema for GET: /, due to error strict mode: unknown keyword: "name"' })
      await query.close()
    }
    const params = factory()
    params.get('/:id', { schema: { params: { id: { type: 'integer' } } } }, () => 'x')
    t.same(await readyFailure(params), { code: 'FST_ERR_SCH_VALIDATION_BUILD', name: 'FastifyError', message: 'Failed building the validation schema for GET: /:id, due to error NOT SUPPORTED: keyword "id", use "$id" for schema ID' })
    await params.close()
  })

  test(`${name}: a shorthand response schema is taken as written (it filters nothing)`, async (t) => {
    const app = factory()
    app.get('/', { schema: { response: { 200: { name: { type: 'string' } } } } }, () => ({ name: 'a', extra: 1 }))
    const response = await app.inject('/')
    t.same(response.json(), { name: 'a', extra: 1 })
    await app.close()
  })

  test(`${name}: loggerInstance takes a logger; logger refuses one; both at once are refused`, async (t) => {
    const app = factory({ loggerInstance: quietLogger() })
    await app.ready()
    t.equal(typeof app.log.info, 'function')
    await app.close()
    t.same(failureOf(() => factory({ logger: quietLogger() })), { code: 'FST_ERR_LOG_INVALID_LOGGER_CONFIG', name: 'FastifyError', message: 'logger options only accepts a configuration object.' })
    t.same(failureOf(() => factory({ logger: true, loggerInstance: quietLogger() })), { code: 'FST_ERR_LOG_LOGGER_AND_LOGGER_INSTANCE_PROVIDED', name: 'FastifyError', message: 'You cannot provide both logger and loggerInstance. Please provide only one.' })
    t.same(failureOf(() => factory({ loggerInstance: { info () {}, warn () {} } })), { code: 'FST_ERR_LOG_INVALID_LOGGER', name: 'FastifyError', message: "Invalid logger object provided. The logger instance should have these functions(s): 'error,debug,fatal,trace,child'." })
    t.same(failureOf(() => factory({ loggerInstance: 5 })), { code: 'FST_ERR_LOG_INVALID_LOGGER_INSTANCE', name: 'FastifyError', message: 'loggerInstance only accepts a logger instance.' })
    t.equal(failureOf(() => factory({ logger: false, loggerInstance: quietLogger() })), null)
  })

  test(`${name}: decorating requests or replies with an object or array is refused with Fastify 5's message`, async (t) => {
    const app = factory()
    const message = "The decorator 'shared' of type 'object' is a reference type. Use the { getter, setter } interface instead."
    t.same(failureOf(() => app.decorateRequest('shared', { a: 1 })), { code: 'FST_ERR_DEC_REFERENCE_TYPE', name: 'FastifyError', message })
    t.same(failureOf(() => app.decorateReply('shared', [1])), { code: 'FST_ERR_DEC_REFERENCE_TYPE', name: 'FastifyError', message })
    await app.close()
  })
}

for (const [name, factory] of enclaveFaces) {
  test(`${name}: keeps Fastify 4.29's answers where Fastify 5 changed them`, async (t) => {
    const app = factory()
    t.equal('jsonShorthand' in app.initialConfig, true)
    app.get('/', { schema: { querystring: { name: { type: 'string' } } } }, (request: any) => request.query)
    app.get('/resp', { schema: { response: { 200: { name: { type: 'string' } } } } }, () => ({ name: 'a', extra: 1 }))
    t.same((await app.inject('/?name=x')).json(), { name: 'x' })
    t.same((await app.inject('/resp')).json(), { name: 'a' })
    await app.close()
  })
}

test('enclave(): loggerInstance is accepted (Fastify 5\'s option, additive); the v4 face ignores it as Fastify 4.29 does', async (t) => {
  const [[, enclave], [, v4face]] = enclaveFaces
  const lines: unknown[] = []
  const logger = quietLogger()
  logger.info = (...args: unknown[]) => { lines.push(args) }
  const app = enclave({ loggerInstance: logger })
  app.log.info('hello')
  t.equal(lines.length, 1)
  t.same(failureOf(() => enclave({ logger: true, loggerInstance: quietLogger() }))?.code, 'FST_ERR_LOG_LOGGER_AND_LOGGER_INSTANCE_PROVIDED')
  const old = v4face({ loggerInstance: logger, logger: quietLogger() })
  old.log.info('x')
  t.equal(lines.length, 1)
  await app.close()
  await old.close()
})

for (const [name, factory] of fastify5Faces) {
  test(`${name}: routerOptions win over the top-level router options; the top-level forms and the logging options warn`, async (t) => {
    const seen: string[] = []
    const listener = (warning: Error & { code?: string }): void => { seen.push(`${warning.name} ${warning.code}: ${warning.message}`) }
    process.on('warning', listener)
    t.teardown(() => { process.removeListener('warning', listener) })
    const app = factory({ maxParamLength: 50, disableRequestLogging: false, requestIdLogLabel: 'reqId', routerOptions: { maxParamLength: 3, ignoreTrailingSlash: true, caseSensitive: false, querystringParser: () => ({ parsed: true }) } })
    app.get('/p/:id', () => 'p')
    app.get('/Upper', (request: any) => request.query)
    t.equal((await app.inject('/p/12345')).statusCode, 414)
    t.equal((await app.inject('/p/1/')).statusCode, 200)
    t.same((await app.inject('/upper?x=1')).json(), { parsed: true })
    await app.close()
    await new Promise((resolve) => setImmediate(resolve))
    t.same(seen.filter((line) => /FSTDEP02[234]/.test(line)).sort(), [
      'FastifyDeprecation FSTDEP023: disableRequestLogging option is deprecated. Use the logController option with disableRequestLogging or isLogDisabled override instead. The disableRequestLogging top-level option will be removed in `fastify@6`.',
      'FastifyDeprecation FSTDEP024: requestIdLogLabel option is deprecated. Use the logController option with requestIdLogLabel instead. The requestIdLogLabel top-level option will be removed in `fastify@6`.',
      'FastifyWarning FSTDEP022: The router options for maxParamLength property access is deprecated. Please use "options.routerOptions" instead for accessing router options. The router options will be removed in `fastify@6`.'
    ])
  })
}

// Nest's FastifyAdapter hands `caseSensitive` and `ignoreTrailingSlash` (possibly `undefined`) at the
// top level: Fastify 5 warns once, naming every such key given, in its own order.
test('the top-level router options given to one factory call are named in one FSTDEP022, as Fastify 5.12 does', async (t) => {
  const given = [
    { ignoreTrailingSlash: true, caseSensitive: false },
    { caseSensitive: undefined },
    { maxParamLength: 10, querystringParser: () => ({}), useSemicolonDelimiter: false, allowUnsafeRegex: false, ignoreDuplicateSlashes: true, constraints: {} }
  ]
  const expected = await sameOnBoth(t, async (factory) => {
    const seen: string[] = []
    const listener = (warning: Error & { code?: string }): void => { if (warning.code === 'FSTDEP022') seen.push(warning.message.slice(0, warning.message.indexOf(' property access'))) }
    process.on('warning', listener)
    try {
      for (const options of given) {
        await factory(options).close()
        await new Promise((resolve) => setImmediate(resolve))
      }
    } finally {
      process.removeListener('warning', listener)
    }
    return seen
  })
  t.same(expected, [
    'The router options for caseSensitive, ignoreTrailingSlash',
    'The router options for caseSensitive',
    'The router options for allowUnsafeRegex, constraints, ignoreDuplicateSlashes, maxParamLength, querystringParser, useSemicolonDelimiter'
  ])
})

// fastify-cli hands its `options` flag (`false` unless given) to the factory, as `print-routes` and
// `generate-swagger` do: Fastify takes any falsy value, and on 5 an array, as no options.
for (const [name, factory] of fastify5Faces) {
  test(`${name}: a falsy value or an array for the options is no options; other non-objects are refused`, async (t) => {
    for (const value of [false, 0, '', Number.NaN, 0n, [], ['x']]) {
      const app = factory(value)
      t.equal(app.initialConfig.bodyLimit, 1048576, String(value))
      await app.close()
    }
    for (const value of [true, 1, 'x', () => ({})]) {
      t.throws(() => factory(value), { code: 'FST_ERR_OPTIONS_NOT_OBJ' }, String(value))
    }
  })
}
