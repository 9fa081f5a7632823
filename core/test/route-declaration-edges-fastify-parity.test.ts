// Route declarations at the edges of what Fastify accepts, on every entry against the Fastify line
// each follows: a method written in lower case (Fastify 4.29 adds no HEAD route for it), an empty
// method list, and a `schemaErrorFormatter: null` route option.
import t from 'tap'
import { faces, fastify5Faces, type Factory } from './fixtures/faces.js'

async function headAndGet (factory: Factory, method: unknown): Promise<string> {
  const app = factory({ logger: false })
  // A copy each time: Fastify 4.29 upper-cases the list it is given in place.
  app.route({ method: Array.isArray(method) ? [...method] : method, url: '/a', handler: async () => 'ok' })
  const head = await app.inject({ method: 'HEAD', url: '/a' })
  const get = await app.inject({ method: 'GET', url: '/a' })
  await app.close()
  return `HEAD ${String(head.statusCode)}, GET ${String(get.statusCode)}`
}

t.test('a GET route written in lower case has a HEAD twin on Fastify 5 and enclave(), none on Fastify 4.29 and its face', async (t) => {
  const [[fastify4Name, fastify4], [enclaveName, enclave], [face4Name, face4]] = faces
  for (const method of ['get', ['get', 'post']]) {
    const label = JSON.stringify(method)
    t.equal(await headAndGet(fastify4!, method), 'HEAD 404, GET 200', `${fastify4Name!} ${label}`)
    t.equal(await headAndGet(face4!, method), 'HEAD 404, GET 200', `${face4Name!} ${label}`)
    t.equal(await headAndGet(enclave!, method), 'HEAD 200, GET 200', `${enclaveName!} ${label}`)
    for (const [name, factory] of fastify5Faces) t.equal(await headAndGet(factory, method), 'HEAD 200, GET 200', `${name} ${label}`)
  }
  for (const [name, factory] of [...faces, ...fastify5Faces]) t.equal(await headAndGet(factory, ['GET']), 'HEAD 200, GET 200', `${name} ["GET"]`)
})

t.test('an empty method list declares a route on no method, seen by onRoute hooks, as in Fastify', async (t) => {
  for (const [name, factory] of [...faces, ...fastify5Faces]) {
    const app = factory({ logger: false })
    const seen: unknown[] = []
    app.addHook('onRoute', (options: { method: unknown }) => { seen.push(options.method) })
    app.route({ method: [], url: '/none', handler: async () => 'ok' })
    t.throws(() => app.route({ method: [], url: '/no-handler' }), { code: 'FST_ERR_ROUTE_MISSING_HANDLER', message: 'Missing handler function for "[]:/no-handler" route.' }, name)
    await app.ready()
    t.same([seen, (await app.inject('/none')).statusCode, app.hasRoute({ method: 'GET', url: '/none' })], [[[]], 404, false], name)
    await app.close()
  }
})

t.test('a route\'s schemaErrorFormatter: null is none: the context\'s formats its validation errors, as in Fastify', async (t) => {
  for (const [name, factory] of [...faces, ...fastify5Faces]) {
    const app = factory({ logger: false })
    app.post('/a', { schemaErrorFormatter: null, schema: { body: { type: 'object', required: ['z'] } } }, async () => 'ok')
    const response = await app.inject({ method: 'POST', url: '/a', payload: {} })
    await app.close()
    t.equal(response.statusCode, 400, name)
  }
})
