import t from 'tap'
import enclave from '@enclave/core'
import Fastify from 'fastify4'
import { createServer, fastifyProfile } from '@enclave/core/internal'

function echoApp () {
  const app = enclave()
  app.post('/echo', async (request) => ({
    body: request.body,
    query: request.query,
    header: request.headers['x-test'] ?? null,
    cookie: request.headers.cookie ?? null
  }))
  app.get('/hello', async (_request, reply) => { reply.header('set-cookie', 'session=abc; Path=/'); return { hello: 'world' } })
  return app
}

t.test('inject() returns a promise of the response', async (t) => {
  const app = echoApp()
  t.teardown(() => app.close())
  const response = await app.inject({ method: 'POST', url: '/echo?a=1', payload: { p: 1 }, headers: { 'x-test': 'yes' }, cookies: { c: 'v' } })
  t.equal(response.statusCode, 200)
  t.equal(response.statusMessage, 'OK')
  t.equal(response.headers['content-type'], 'application/json; charset=utf-8')
  t.same(response.json(), { body: { p: 1 }, query: { a: '1' }, header: 'yes', cookie: 'c=v' })
  t.equal(response.body, response.payload)
  t.ok(Buffer.isBuffer(response.rawPayload))
})

t.test('inject(url) is a GET', async (t) => {
  const app = echoApp()
  t.teardown(() => app.close())
  const response = await app.inject('/hello')
  t.equal(response.statusCode, 200)
  t.same(response.json(), { hello: 'world' })
  t.same(response.cookies, [{ name: 'session', value: 'abc', path: '/' }])
})

t.test('inject(options, callback) calls back with the response', async (t) => {
  const app = echoApp()
  t.teardown(() => app.close())
  const response = await new Promise<any>((resolve, reject) => {
    const returned = app.inject({ method: 'POST', url: '/echo', payload: 'text', headers: { 'content-type': 'text/plain' } }, (error, res) => {
      if (error !== null) reject(error)
      else resolve(res)
    })
    t.equal(returned, undefined, 'the callback form returns nothing')
  })
  t.equal(response.statusCode, 200)
  t.same(response.json().body, 'text')
})

t.test('inject() without options is a chain: method, headers, query, payload, end()', async (t) => {
  const app = echoApp()
  t.teardown(() => app.close())
  const response = await app.inject()
    .post('/echo')
    .headers({ 'x-test': 'chained' })
    .query({ q: 'x' })
    .cookies({ k: 'v' })
    .payload({ chained: true })
    .end()
  t.equal(response.statusCode, 200)
  t.same(response.json(), { body: { chained: true }, query: { q: 'x' }, header: 'chained', cookie: 'k=v' })
  const viaThen = await app.inject().get('/hello')
  t.same(viaThen.json(), { hello: 'world' }, 'the chain is awaitable without end()')
  const viaCallback = await new Promise<any>((resolve, reject) => {
    app.inject().get('/hello').end((error: Error | null, res: any) => { if (error !== null) reject(error); else resolve(res) })
  })
  t.equal(viaCallback.statusCode, 200)
})

t.test('inject() readies the instance first, running plugins and onReady hooks', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  const seen: string[] = []
  app.register(async (child) => {
    seen.push('plugin')
    child.get('/from-plugin', async () => 'plugin route')
  })
  app.addHook('onReady', async () => { seen.push('onReady') })
  const [first, second] = await Promise.all([app.inject('/from-plugin'), app.inject('/from-plugin')])
  t.equal(first.body, 'plugin route')
  t.equal(second.body, 'plugin route')
  t.same(seen, ['plugin', 'onReady'], 'ready runs once for concurrent injects')
})

t.test('inject() reports a boot failure in all three forms (the call that starts the app)', async (t) => {
  const failing = () => {
    const app = enclave()
    t.teardown(() => app.close())
    app.register(async () => { throw new Error('plugin failed to load') })
    return app
  }
  await t.rejects(failing().inject('/'), { message: 'plugin failed to load' })
  const callbackError = await new Promise<Error | null>((resolve) => failing().inject('/', (error) => resolve(error)))
  t.match(callbackError, { message: 'plugin failed to load' })
  await t.rejects(failing().inject().get('/').end(), { message: 'plugin failed to load' })
})

t.test('inject() after close() fails with FST_ERR_REOPENED_CLOSE_SERVER', async (t) => {
  const app = echoApp()
  await app.inject('/hello')
  await app.close()
  await t.rejects(app.inject('/hello'), { code: 'FST_ERR_REOPENED_CLOSE_SERVER' })
  const callbackError = await new Promise<Error | null>((resolve) => app.inject('/hello', (error) => resolve(error)))
  t.match(callbackError, { code: 'FST_ERR_REOPENED_CLOSE_SERVER' })
  await t.rejects(app.inject().get('/hello').end(), { code: 'FST_ERR_REOPENED_CLOSE_SERVER' })
})

t.test('inject() does not need a listening server and leaves it closed', async (t) => {
  const app = echoApp()
  t.teardown(() => app.close())
  await app.inject('/hello')
  t.equal(app.server.listening, false)
})

t.test('inject() sends Buffers, strings and streams as the body', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer' }, (_request: any, body: Buffer) => body)
  app.post('/', async (request) => ({ length: (request.body as Buffer).length }))
  const { Readable } = await import('node:stream')
  t.same((await app.inject({ method: 'POST', url: '/', payload: Buffer.alloc(10), headers: { 'content-type': 'application/octet-stream' } })).json(), { length: 10 })
  t.same((await app.inject({ method: 'POST', url: '/', payload: Readable.from([Buffer.alloc(3), Buffer.alloc(4)]), headers: { 'content-type': 'application/octet-stream' } })).json(), { length: 7 })
})

t.test('a request destroyed before any response: inject reports no error and no response, as Fastify 4.29 (light-my-request 5)', async (t) => {
  // @fastify/static's error handler destroys the request on ERR_STREAM_PREMATURE_CLOSE.
  const observe = async (app: any): Promise<unknown[]> => {
    app.get('/x', {
      onRequest: (request: any, reply: any, done: (error: Error) => void) => done(Object.assign(new Error('closed'), { code: 'ERR_STREAM_PREMATURE_CLOSE' })),
      errorHandler (_error: Error, request: any) { request.raw.destroy() }
    }, () => 'x')
    const byCallback = await new Promise<unknown[]>((resolve) => {
      app.inject('/x', (error: unknown, response: unknown) => resolve([error, response]))
    })
    const byPromise = await app.inject('/x').then((response: unknown) => ['resolved', response], (error: unknown) => ['rejected', error])
    await app.close()
    return [...byCallback, ...byPromise]
  }
  const fastify4 = await observe(Fastify())
  t.same(fastify4, [undefined, null, 'rejected', undefined])
  t.same(await observe(createServer({}, fastifyProfile)), fastify4)
  t.same(await observe(enclave()), fastify4)
})
