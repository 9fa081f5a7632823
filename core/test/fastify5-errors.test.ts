import { test } from 'tap'
import Fastify5 from 'fastify5'
import v5FaceErrors from '@enclave/fastify/lib/errors'
import { enclaveFaces, type Factory } from './fixtures/faces.js'
import { sameOnBoth } from './fixtures/same-on-fastify5.js'

// Each case runs on fastify@5.12.8 and on the v5 face and must give the same answer; where Fastify 4
// and 5 conflict, enclave() and the v4 face must keep Fastify 4.29's.
// Fastify's `errorCodes` is its lib/errors module.
const fastify5Errors = (Fastify5 as unknown as { errorCodes: Record<string, unknown> }).errorCodes

function described (error: any): Record<string, unknown> {
  return { code: error.code, name: error.name, message: error.message, statusCode: error.statusCode, typeError: error instanceof TypeError }
}

test('Fastify 5\'s own error codes: the v5 face\'s classes have Fastify 5.12\'s code, name, message, status and type', async (t) => {
  const codes = ['FST_ERR_ERROR_HANDLER_ALREADY_SET', 'FST_ERR_CTP_INVALID_MEDIA_TYPE', 'FST_ERR_REP_READABLE_STREAM_LOCKED', 'FST_ERR_ROUTE_LOG_LEVEL_INVALID', 'FST_ERR_ROUTE_MISSING_CONTENT_TYPE', 'FST_ERR_ROUTE_MISSING_CONTENT', 'FST_ERR_PLUGIN_DEPENDENCY_NOT_REGISTERED']
  for (const code of codes) {
    const Expected = (fastify5Errors as any)[code]
    const Actual = (v5FaceErrors as any)[code]
    t.ok(Actual, `${code} is on the v5 face`)
    t.same(described(new Actual('a', 'b', 'c')), described(new Expected('a', 'b', 'c')), `${code} with values`)
    t.same(described(new Actual()), described(new Expected()), `${code} without values`)
  }
})

async function mediaTypeAnswers (factory: Factory): Promise<unknown[]> {
  const app = factory()
  app.post('/', () => 'ok')
  const answers: unknown[] = []
  for (const headers of [{ 'content-type': 'application/weird' }, { 'content-type': 'application/json garbage' }, {}]) {
    const response = await app.inject({ method: 'POST', url: '/', payload: 'abc', headers })
    answers.push([response.statusCode, response.json()])
  }
  await app.close()
  return answers
}

test('a body no parser takes: 415 with Fastify 5\'s message, which names no content type', async (t) => {
  const expected = await sameOnBoth(t, mediaTypeAnswers)
  t.same((expected[0] as unknown[])[1], { statusCode: 415, code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE', error: 'Unsupported Media Type', message: 'Unsupported Media Type' })
})

for (const [name, factory] of enclaveFaces) {
  test(`${name}: a body no parser takes keeps Fastify 4.29's 415 message, naming the content type`, async (t) => {
    const answers = await mediaTypeAnswers(factory)
    t.same((answers[0] as unknown[])[1], { statusCode: 415, code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE', error: 'Unsupported Media Type', message: 'Unsupported Media Type: application/weird' })
    t.same(((answers[2] as unknown[])[1] as any).message, 'Unsupported Media Type: undefined')
  })
}

function lockedStream (): ReadableStream {
  const stream = new ReadableStream({ start (controller) { controller.enqueue('a'); controller.close() } })
  stream.getReader()
  return stream
}

async function lockedStreamAnswers (factory: Factory): Promise<unknown[]> {
  const app = factory()
  const thrown: unknown[] = []
  const sendCatching = (payload: unknown) => (request: any, reply: any) => {
    try {
      reply.send(payload instanceof Function ? payload() : payload)
    } catch (error) {
      thrown.push(described(error))
      reply.send('caught')
    }
  }
  app.get('/stream', sendCatching(lockedStream))
  app.get('/response', sendCatching(() => { const response = new Response('abc'); response.body!.getReader(); return response }))
  app.get('/returned', async () => lockedStream())
  const answers: unknown[] = []
  for (const url of ['/stream', '/response', '/returned']) {
    const response = await app.inject(url)
    answers.push([url, response.statusCode, response.body])
  }
  await app.close()
  return [thrown, answers]
}

test('reply.send() of a locked web stream throws FST_ERR_REP_READABLE_STREAM_LOCKED to its caller; returned, it is a 500 with that code', async (t) => {
  const [thrown] = await sameOnBoth(t, lockedStreamAnswers)
  t.equal((thrown as any[]).length, 2)
  t.equal((thrown as any[])[0].code, 'FST_ERR_REP_READABLE_STREAM_LOCKED')
})

async function dependencyFailure (factory: Factory): Promise<unknown> {
  const app = factory()
  const plugin = Object.assign(function (_instance: unknown, _options: unknown, done: () => void) { done() }, {
    [Symbol.for('skip-override')]: true,
    [Symbol.for('plugin-meta')]: { name: 'needs-db', dependencies: ['db'] }
  })
  app.register(plugin)
  try {
    await app.ready()
    return 'loaded'
  } catch (error: any) {
    return { code: error.code, name: error.name, message: error.message }
  } finally {
    await app.close()
  }
}

test('a plugin whose dependency is not registered: FST_ERR_PLUGIN_DEPENDENCY_NOT_REGISTERED', async (t) => {
  const expected = await sameOnBoth(t, dependencyFailure)
  t.same(expected, { code: 'FST_ERR_PLUGIN_DEPENDENCY_NOT_REGISTERED', name: 'FastifyError', message: "The dependency 'db' of plugin 'needs-db' is not registered" })
})

for (const [name, factory] of enclaveFaces) {
  test(`${name}: a plugin whose dependency is not registered fails with Fastify 4.29's AssertionError`, async (t) => {
    t.same(await dependencyFailure(factory), { code: 'ERR_ASSERTION', name: 'AssertionError', message: "The dependency 'db' of plugin 'needs-db' is not registered" })
  })
}

async function prereleaseLoads (factory: Factory): Promise<unknown[]> {
  const outcomes: unknown[] = []
  for (const version of ['99.0.0-rc.1', '99.0.0-pre.1', '99.0.0-alpha.1', '99.0.0-beta.1']) {
    const app = factory()
    Object.defineProperty(app, 'version', { value: version })
    const plugin = Object.assign(function (_instance: unknown, _options: unknown, done: () => void) { done() }, {
      [Symbol.for('plugin-meta')]: { name: 'old', fastify: '^98.x' }
    })
    app.register(plugin)
    outcomes.push(await app.ready().then(() => 'loaded', (error: any) => error.code))
    await app.close()
  }
  return outcomes
}

test('a Fastify prerelease (rc, pre, alpha) loads plugins written for the release before it', async (t) => {
  const expected = await sameOnBoth(t, prereleaseLoads)
  t.same(expected, ['loaded', 'loaded', 'loaded', 'FST_ERR_PLUGIN_VERSION_MISMATCH'])
})

for (const [name, factory] of enclaveFaces) {
  test(`${name}: only an -rc prerelease loads plugins written for the release before it, as Fastify 4.29`, async (t) => {
    t.same(await prereleaseLoads(factory), ['loaded', 'FST_ERR_PLUGIN_VERSION_MISMATCH', 'FST_ERR_PLUGIN_VERSION_MISMATCH', 'FST_ERR_PLUGIN_VERSION_MISMATCH'])
  })
}
