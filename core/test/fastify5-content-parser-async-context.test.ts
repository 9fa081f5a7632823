import { test } from 'tap'
import { AsyncLocalStorage, AsyncResource, createHook, executionAsyncId } from 'node:async_hooks'
import { faces, fastify5Faces, type Factory } from './fixtures/faces.js'

/**
 * A parser that calls `done` from another library's async resource, a tick later: the handler and
 * the error handler still see the store an onRequest hook entered for the request.
 */
async function answers (factory: Factory, parseAs: 'string' | 'buffer' | undefined): Promise<string[]> {
  const storage = new AsyncLocalStorage<{ id: string }>()
  const external = new AsyncResource('external-parser')
  const app = factory()
  app.addHook('onRequest', (request: any, _reply: unknown, done: () => void) => { storage.run({ id: request.headers['x-request-id'] }, done) })
  function finish (body: string, done: (error: Error | null, body?: string) => void): void {
    external.runInAsyncScope(() => setImmediate(() => { if (body === 'error') done(new Error('parser failed')); else done(null, body) }))
  }
  if (parseAs === undefined) {
    app.addContentTypeParser('application/custom', (_request: unknown, payload: NodeJS.ReadableStream, done: (error: Error | null, body?: string) => void) => {
      let text = ''
      payload.on('data', (chunk) => { text += String(chunk) })
      payload.on('end', () => finish(text, done))
    })
  } else {
    app.addContentTypeParser('application/custom', { parseAs }, (_request: unknown, body: string | Buffer, done: (error: Error | null, body?: string) => void) => finish(String(body), done))
  }
  app.setErrorHandler((error: Error, _request: unknown, reply: any) => { reply.code(400).send({ error: error.message, id: storage.getStore()?.id }) })
  app.post('/', (request: any) => ({ body: request.body, id: storage.getStore()?.id }))
  const responses = await Promise.all(['first', 'second', 'error'].map(async (id) => await app.inject({
    method: 'POST', url: '/', headers: { 'content-type': 'application/custom', 'x-request-id': id }, payload: id
  })))
  await app.close()
  return responses.map((response: any) => `${response.statusCode} ${response.payload}`)
}

for (const [name, factory] of [...fastify5Faces, ...faces]) {
  test(`${name}: a parser's done callback continues in the request's async context`, async (t) => {
    for (const parseAs of ['string', 'buffer', undefined] as const) {
      t.same(await answers(factory, parseAs), [
        '200 {"body":"first","id":"first"}',
        '200 {"body":"second","id":"second"}',
        '400 {"error":"parser failed","id":"error"}'
      ], `parseAs ${String(parseAs)}`)
    }
  })
}

for (const [name, factory] of [...fastify5Faces, ...faces]) {
  test(`${name}: after a custom parser's done, the request runs in a content-type-parser:run resource, destroyed once done`, async (t) => {
    const created = new Set<number>()
    const destroyed = new Set<number>()
    const hook = createHook({
      init (id, type) { if (type === 'content-type-parser:run') created.add(id) },
      destroy (id) { if (created.has(id)) destroyed.add(id) }
    }).enable()
    const app = factory()
    app.addContentTypeParser('application/custom', { parseAs: 'string' }, (_request: unknown, body: string, done: (error: null, body: string) => void) => { setImmediate(() => done(null, body)) })
    app.post('/', () => created.has(executionAsyncId()))
    const res = await app.inject({ method: 'POST', url: '/', headers: { 'content-type': 'application/custom' }, payload: 'x' })
    await new Promise((resolve) => setImmediate(resolve))
    hook.disable()
    await app.close()
    t.equal(res.payload, 'true')
    t.equal(created.size, 1)
    t.same(destroyed, created)
  })
}
