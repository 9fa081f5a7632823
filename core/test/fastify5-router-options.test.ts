import { test } from 'tap'
import { enclaveFaces, type Factory } from './fixtures/faces.js'
import { sameOnBoth } from './fixtures/same-on-fastify5.js'

function configOf (factory: Factory, options: Record<string, unknown>): unknown {
  try {
    const app = factory(options)
    const config = app.initialConfig
    return { routerOptions: config.routerOptions === undefined ? 'absent' : { keys: Object.keys(config.routerOptions), values: config.routerOptions, frozen: Object.isFrozen(config.routerOptions) }, maxParamLength: config.maxParamLength, ignoreTrailingSlash: config.ignoreTrailingSlash, caseSensitive: config.caseSensitive }
  } catch (error: any) {
    return { code: error.code, message: error.message }
  }
}

test('initialConfig.routerOptions: the group as given, then the defaults its schema lists; the top-level values stay the top level\'s', async (t) => {
  const prettyMeta = (): Record<string, unknown> => ({})
  const cases = [
    {},
    { routerOptions: {} },
    { maxParamLength: 9, routerOptions: { maxParamLength: 5, ignoreTrailingSlash: true, caseSensitive: false, extra: 1, buildPrettyMeta: prettyMeta, compile: true } },
    { routerOptions: { maxParamLength: '7' } },
    { routerOptions: { compile: 'yes' } }
  ]
  const expected = await sameOnBoth(t, async (factory) => cases.map((options) => configOf(factory, options)))
  t.equal(expected[0] && (expected[0] as any).routerOptions, 'absent')
  t.same((expected[1] as any).routerOptions.keys, ['compile', 'ignoreTrailingSlash', 'ignoreDuplicateSlashes', 'maxParamLength', 'allowUnsafeRegex', 'useSemicolonDelimiter'])
  t.equal((expected[2] as any).maxParamLength, 9)
  t.same(expected[4], { code: 'FST_ERR_INIT_OPTS_INVALID', message: 'Invalid initialization options: \'["must be boolean"]\'' })
})

/** Status and body of each request, for an app of one `/hello/:id` route made with each options object. */
async function helloAnswers (factory: Factory, optionsList: object[], requests: string[][]): Promise<Array<[number, string]>> {
  const answers: Array<[number, string]> = []
  for (const options of optionsList) {
    const app = factory(options)
    app.get('/hello/:id', () => 'hello')
    for (const [method, url] of requests) {
      const response = await app.inject({ method, url })
      answers.push([response.statusCode, response.body])
    }
    await app.close()
  }
  return answers
}

// Fastify 5 still reads the callbacks at the top level (with FSTDEP022) when the group has none.
test('defaultRoute, onBadUrl and onMaxParamLength, in routerOptions or at the top level, answer in place of Fastify\'s own', async (t) => {
  await sameOnBoth(t, async (factory) => {
    const calls: string[] = []
    const callbacks = {
      defaultRoute (_req: unknown, res: any) { calls.push('default'); res.statusCode = 404; res.end('default route') },
      onBadUrl (path: string, _req: unknown, res: any) { calls.push('bad'); res.statusCode = 400; res.end(`Bad URL: ${path}`) },
      onMaxParamLength (path: string, _req: unknown, res: any) { calls.push('long'); res.statusCode = 414; res.end(`URL: ${path}`) }
    }
    const topLevelDefault = { defaultRoute (_req: unknown, res: any) { calls.push('top-level default'); res.end('top level') } }
    const answers = await helloAnswers(factory,
      [{ routerOptions: { maxParamLength: 10, ...callbacks } }, { maxParamLength: 10, ...callbacks }, { ...topLevelDefault, routerOptions: { ...callbacks } }],
      [['GET', '/'], ['GET', '/hello/%world'], ['GET', '/hello/12345678901'], ['GET', '/hello/1']])
    return { calls, answers }
  })
})

// Fastify 5 hands the group on as given: a callback it names as undefined is find-my-way's own.
test('a routerOptions callback given as undefined is find-my-way\'s own (a bare 404, a long parameter not found, a bad path a 404 error), over a top-level one too', async (t) => {
  const expected = await sameOnBoth(t, async (factory) => {
    const topLevel = { defaultRoute (_req: unknown, res: any) { res.end('top level') } }
    return await helloAnswers(factory,
      [{ routerOptions: { defaultRoute: undefined } }, { ...topLevel, routerOptions: { defaultRoute: undefined } }, { routerOptions: { maxParamLength: 5, onMaxParamLength: undefined } }, { routerOptions: { onBadUrl: undefined } }],
      [['GET', '/'], ['GET', '/hello/1234567'], ['GET', '/hello/%world'], ['DELETE', '/hello/%world']])
  })
  t.same(expected[0], [404, ''])
  t.same(expected[9]![0], 404)
  t.same(expected[14], [404, JSON.stringify({ statusCode: 404, code: 'FST_ERR_NOT_FOUND', error: 'Not Found', message: 'Not Found' })])
})

// Fastify treats this 404 as its own bug: the request belongs to the root's not-found route, and the
// error goes through that route's error path alone, with two warning lines.
test('routerOptions.onBadUrl given as undefined: the 404 error runs the root\'s onError, error handler, preSerialization and onSend, and no request hook', async (t) => {
  const expected = await sameOnBoth(t, async (factory) => {
    const seen: string[] = []
    const lines: Array<Record<string, unknown>> = []
    const stream = { write (line: string) { const { level, msg, req, res } = JSON.parse(line); lines.push({ level, msg, req, res }) } }
    const answers = []
    for (const withHandler of [false, true]) {
      const app = factory({ routerOptions: { onBadUrl: undefined }, logger: { level: 'info', stream } })
      for (const name of ['onRequest', 'preParsing', 'preValidation', 'preHandler', 'onResponse']) {
        app.addHook(name, async () => { seen.push(name) })
      }
      app.addHook('onError', async (_request: unknown, _reply: unknown, error: any) => { seen.push(`onError ${String(error.code)}`) })
      app.addHook('preSerialization', async (_request: unknown, _reply: unknown, payload: unknown) => { seen.push(`preSerialization ${JSON.stringify(payload)}`) })
      app.addHook('onSend', async (_request: unknown, _reply: unknown, payload: unknown) => { seen.push(`onSend ${String(payload)}`) })
      if (withHandler) {
        app.setErrorHandler((error: any, request: any, reply: any) => {
          seen.push(`error handler ${String(error.code)} params=${JSON.stringify(request.params)} query=${JSON.stringify(request.query)} route=${JSON.stringify([request.routeOptions.method, request.routeOptions.url])}`)
          reply.code(418).send({ handled: error.message })
        })
      }
      app.register(async (child: any) => {
        child.addHook('onSend', async () => { seen.push('child onSend') })
        child.setErrorHandler((error: unknown, _request: unknown, reply: any) => { seen.push('child error handler'); reply.send(error) })
        child.setNotFoundHandler((_request: unknown, reply: any) => { reply.send('v1 not found') })
        child.get('/item/:id', () => 'item')
      }, { prefix: '/v1' })
      for (const url of ['/v1/item/%c0?q=1', '/top/%zz']) {
        const response = await app.inject(url)
        answers.push([response.statusCode, response.headers['content-type'], response.body])
      }
      await app.close()
    }
    return { answers, seen, lines }
  })
  const notFound = JSON.stringify({ statusCode: 404, code: 'FST_ERR_NOT_FOUND', error: 'Not Found', message: 'Not Found' })
  t.same(expected.answers[0], [404, 'application/json; charset=utf-8', notFound])
  t.same(expected.answers[2], [418, 'application/json; charset=utf-8', '{"handled":"Not Found"}'])
  t.same(expected.seen.slice(0, 2), ['onError FST_ERR_NOT_FOUND', `onSend ${notFound}`])
  t.ok(expected.seen.includes('error handler FST_ERR_NOT_FOUND params=null query=null route=[null,null]'))
  t.notOk(expected.seen.some((entry) => /^(onRequest|preHandler|onResponse|child)/.test(entry)))
  t.same(expected.lines.slice(0, 3).map((line) => [line.level, typeof line.msg === 'string' ? line.msg.split('\n')[0] : line.msg]), [
    [30, 'incoming request'],
    [40, 'the default handler for 404 did not catch this, this is likely a fastify bug, please report it'],
    [40, expected.lines[2]!.msg!.toString().split('\n')[0]]
  ])
  t.match(expected.lines[2]!.msg, /^└── \/ \(ACL, [^)]*\)\n {4}├── v1 /)
  t.notOk(expected.lines.some((line) => line.msg === 'request completed'))
})

test('a path that does not decode is a 400 even for a method no route has (the default answer and routerOptions.onBadUrl)', async (t) => {
  const expected = await sameOnBoth(t, async (factory) => {
    const answers = []
    for (const options of [{}, { routerOptions: { onBadUrl (path: string, _req: unknown, res: any) { res.statusCode = 400; res.end(`Bad URL: ${path}`) } } }]) {
      const app = factory(options)
      app.get('/hello/:id', () => 'hello')
      for (const url of ['/hello/%world', '/x%zz?a=1', '/ok%20?a=%zz', '/a;%zz']) {
        const response = await app.inject({ method: 'DELETE', url })
        answers.push([response.statusCode, response.body])
      }
      await app.close()
    }
    return answers
  })
  t.same(expected[0], [400, JSON.stringify({ error: 'Bad Request', code: 'FST_ERR_BAD_URL', message: "'/hello/%world' is not a valid url component", statusCode: 400 })])
  t.same(expected[4], [400, 'Bad URL: /hello/%world'])
})

for (const [name, factory] of enclaveFaces) {
  test(`${name}: a path that does not decode, for a method no route has, is a 404 as in Fastify 4.29`, async (t) => {
    const app = factory()
    app.get('/hello/:id', () => 'hello')
    t.equal((await app.inject({ method: 'DELETE', url: '/hello/%world' })).statusCode, 404)
    await app.close()
  })
}

test('routerOptions.buildPrettyMeta shapes printRoutes({ includeMeta: true }); other find-my-way options are kept; compile: true still routes', async (t) => {
  await sameOnBoth(t, async (factory) => {
    const app = factory({ routerOptions: { compile: true, buildPrettyMeta: (route: { path: string }) => ({ metaKey: route.path }) } })
    app.get('/test', () => 'test')
    app.get('/test/:id', (request: any) => request.params)
    await app.ready()
    const printed = app.printRoutes({ includeMeta: true })
    const answers = [(await app.inject('/test/42')).body, (await app.inject('/nope')).statusCode]
    await app.close()
    return { printed, answers, kept: typeof app.initialConfig.routerOptions.buildPrettyMeta }
  })
})

test('reply.routeOptions is the route\'s options view, as request.routeOptions (the v5 face and enclave(); not Fastify 4.29\'s v4 face)', async (t) => {
  const observe = async (factory: Factory): Promise<unknown> => {
    const app = factory()
    app.get('/r/:id', { config: { a: 1 } }, (request: any, reply: any) => {
      reply.send(reply.routeOptions === undefined ? 'none' : { url: reply.routeOptions.url, method: reply.routeOptions.method, config: reply.routeOptions.config, same: JSON.stringify(reply.routeOptions) === JSON.stringify(request.routeOptions) })
    })
    const text = (await app.inject('/r/1')).body
    const body = text === 'none' ? text : JSON.parse(text)
    await app.close()
    return body
  }
  const expected = await sameOnBoth(t, observe)
  t.same(expected, { url: '/r/:id', method: 'GET', config: { a: 1, url: '/r/:id', method: 'GET' }, same: true })
  const [[, enclave], [, fastify4Face]] = enclaveFaces
  t.same(await observe(enclave!), expected)
  t.equal(await observe(fastify4Face!), 'none')
})
