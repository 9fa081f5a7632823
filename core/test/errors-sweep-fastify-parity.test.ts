import t from 'tap'
import { faces, type Factory } from './fixtures/faces.js'

// Errors.md's cases run on fastify@4.29.1 and both Enclave entries: what a custom error handler
// that throws something other than an Error answers, how the default handler reads an error's
// status, and what instance.errorHandler returns.

async function answers (factory: Factory, build: (app: any) => void, urls: string[]): Promise<string[]> {
  const app = factory()
  build(app)
  const seen: string[] = []
  for (const url of urls) {
    const response = await app.inject(url)
    seen.push(`${url} ${response.statusCode} ${String(response.headers['content-type'])} ${response.body}`)
  }
  await app.close()
  return seen
}

t.test('a custom error handler that throws a non-Error sends it as the payload instead of calling the parent handler (Errors.md\'s example); a rejection reaches the parent', async (t) => {
  const build = (app: any): void => {
    app.setErrorHandler((_error: unknown, _request: any, reply: any) => { reply.status(500).send({ ok: false }) })
    app.register(async (plugin: any) => {
      plugin.setErrorHandler((error: unknown) => { throw error })
      plugin.get('/bad', async () => { throw 'foo' }) // eslint-disable-line no-throw-literal
      plugin.get('/good', async () => { throw new Error('bar') })
      plugin.get('/number', async () => { throw 42 }) // eslint-disable-line no-throw-literal
      plugin.get('/object', async () => { throw { message: 'plain', statusCode: 418 } }) // eslint-disable-line no-throw-literal
    })
    app.register(async (plugin: any) => {
      plugin.setErrorHandler(async () => { throw 'rejected' }) // eslint-disable-line no-throw-literal
      plugin.get('/async', async () => { throw new Error('x') })
    })
  }
  const urls = ['/bad', '/good', '/number', '/object', '/async']
  const [[, fastify4], ...entries] = faces
  const expected = await answers(fastify4, build, urls)
  t.same(expected.slice(0, 2), [
    '/bad 200 text/plain; charset=utf-8 foo',
    '/good 500 application/json; charset=utf-8 {"ok":false}'
  ], 'fastify@4.29.1')
  for (const [name, factory] of entries) t.same(await answers(factory, build, urls), expected, name)
})

t.test('the default error handler reads statusCode, else status, a numeric string included; a status without a text has no error key', async (t) => {
  const statuses: unknown[] = ['404', '  409', '4xx', 599, 399, 200, true, 0]
  const build = (app: any): void => {
    statuses.forEach((statusCode, index) => {
      app.get(`/status-code/${index}`, () => { throw Object.assign(new Error('s'), { statusCode }) })
    })
    app.get('/status', () => { throw Object.assign(new Error('s'), { status: '409' }) })
    app.get('/zero-then-status', () => { throw Object.assign(new Error('s'), { statusCode: 0, status: 403 }) })
    app.get('/coded-599', () => { throw Object.assign(new Error('s'), { statusCode: 599, code: 'X_CODE' }) })
  }
  const urls = [...statuses.map((_status, index) => `/status-code/${index}`), '/status', '/zero-then-status', '/coded-599']
  const [[, fastify4], ...entries] = faces
  const expected = await answers(fastify4, build, urls)
  t.same(expected.slice(0, 4), [
    '/status-code/0 404 application/json; charset=utf-8 {"statusCode":404,"error":"Not Found","message":"s"}',
    '/status-code/1 409 application/json; charset=utf-8 {"statusCode":409,"error":"Conflict","message":"s"}',
    '/status-code/2 500 application/json; charset=utf-8 {"statusCode":500,"error":"Internal Server Error","message":"s"}',
    '/status-code/3 599 application/json; charset=utf-8 {"statusCode":599,"message":"s"}'
  ], 'fastify@4.29.1')
  for (const [name, factory] of entries) t.same(await answers(factory, build, urls), expected, name)
})

t.test('instance.errorHandler is the handler in effect bound to its instance, the default one when none is set', async (t) => {
  const observe = async (factory: Factory): Promise<unknown> => {
    const app = factory()
    const seen: unknown[] = [app.errorHandler.name]
    app.setErrorHandler(function mine (this: unknown, error: Error, _request: any, reply: any) { reply.send(error) })
    const read = app.errorHandler
    seen.push(read.name, read === app.errorHandler)
    app.register(async (plugin: any) => { seen.push(`child: ${String(plugin.errorHandler.name)}`) })
    await app.ready()
    await app.close()
    return seen
  }
  const [[, fastify4], ...entries] = faces
  const expected = await observe(fastify4)
  t.same(expected, ['defaultErrorHandler', 'bound mine', true, 'child: bound mine'], 'fastify@4.29.1')
  for (const [name, factory] of entries) t.same(await observe(factory), expected, name)
})
