import { test } from 'tap'
import { Readable } from 'node:stream'
import { faces, fastify5Faces, type Factory } from './fixtures/faces.js'

const everyEntry = [...fastify5Faces, ...faces]

async function methodsSeen (factory: Factory): Promise<unknown[]> {
  const app = factory()
  const onRoute: unknown[] = []
  app.addHook('onRoute', (options: any) => { if (options.method !== 'HEAD') onRoute.push(options.method) })
  app.route({ url: '/one', method: ['pOSt'], handler: (request: any) => ({ method: request.routeOptions.method }) })
  app.route({ url: '/two', method: ['pOSt', 'get'], handler: (request: any) => ({ method: request.routeOptions.method }) })
  app.route({ url: '/text', method: 'pOSt', handler: (request: any) => ({ method: request.routeOptions.method }) })
  const answers = []
  for (const url of ['/one', '/two', '/text']) answers.push((await app.inject({ method: 'POST', url, payload: {} })).json())
  await app.close()
  return [onRoute, answers]
}

/** A stream that fails before its first chunk, on a route that set a non-JSON type, to a handler that sends an object. */
async function streamFailureToErrorHandler (factory: Factory): Promise<unknown[]> {
  const app = factory()
  app.get('/', async (_request: unknown, reply: any) => {
    const stream = new Readable({ read () { this.push('hello') } })
    process.nextTick(() => stream.destroy(new Error('stream error')))
    reply.type('application/text')
    await reply.send(stream)
  })
  app.get('/thrown', (_request: unknown, reply: any) => {
    reply.type('application/text')
    throw new Error('thrown')
  })
  const received: string[] = []
  app.setErrorHandler((error: Error, _request: unknown, reply: any) => {
    received.push(error.message)
    reply.code(400).send({ error: error.message })
  })
  const outcomes: unknown[] = [received]
  for (const url of ['/', '/thrown']) {
    const response = await app.inject(url)
    outcomes.push([response.statusCode, response.headers['content-type'], response.json()])
  }
  await app.close()
  return outcomes
}

for (const [name, factory] of everyEntry) {
  test(`${name}: routeOptions.method is upper-cased, an array of one method staying an array`, async (t) => {
    t.same(await methodsSeen(factory), [
      [['POST'], ['POST', 'GET'], 'POST'],
      [{ method: ['POST'] }, { method: ['POST', 'GET'] }, { method: 'POST' }]
    ])
  })

  test(`${name}: a stream that fails before its first chunk leaves the route's content type to the error handler`, async (t) => {
    t.same(await streamFailureToErrorHandler(factory), [
      ['stream error', 'thrown'],
      [500, 'application/json; charset=utf-8', { statusCode: 500, code: 'FST_ERR_REP_INVALID_PAYLOAD_TYPE', error: 'Internal Server Error', message: "Attempted to send payload of invalid type 'object'. Expected a string or Buffer." }],
      [400, 'application/json; charset=utf-8', { error: 'thrown' }]
    ])
  })
}
