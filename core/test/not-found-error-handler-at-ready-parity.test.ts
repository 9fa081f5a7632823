import t from 'tap'
import { faces, fastify5Faces, type Factory } from './fixtures/faces.js'

// Fastify takes a route's error handler when the route is declared, but a not-found route's when the
// app is ready, reading it through the instance (which `instance.errorHandler` shows too): a handler the
// root sets after the plugin that set the not-found handler loaded answers that plugin's not-found errors.

async function observe (factory: Factory): Promise<string[]> {
  const app = factory()
  let early: any
  app.register(async (plugin: any) => {
    early = plugin
    plugin.setNotFoundHandler(async () => { throw new Error('not-found handler threw') })
    plugin.get('/early', async () => { throw new Error('route threw') })
  })
  app.register(async (plugin: any) => {
    plugin.setNotFoundHandler(async () => { throw new Error('prefixed not-found handler threw') })
    plugin.post('/json', async (request: any) => request.body)
  }, { prefix: '/p' })
  app.after(() => {
    app.setErrorHandler(async function late (error: Error, request: any, reply: any) {
      reply.code(422)
      return { late: error.message }
    })
  })
  await app.ready()
  const seen = [`plugin.errorHandler is the root's latest: ${String(early.errorHandler.name.endsWith('late'))}`]
  const requests = [
    { url: '/nope' },
    { url: '/early' },
    { url: '/p/nope' },
    { method: 'POST', url: '/p/missing', headers: { 'content-type': 'application/json' }, payload: '{"a":' }
  ]
  for (const request of requests) {
    const response = await app.inject(request)
    // The bad JSON's message is enclave()'s own (genericJsonParseErrors): only who answered is compared there.
    seen.push(request.method === 'POST' ? `${request.url}: ${response.statusCode} ${Object.keys(response.json()).join(',')}` : `${request.url}: ${response.statusCode} ${response.body}`)
  }
  await app.close()
  return seen
}

t.test('a not-found route answers its errors with the error handler in effect at ready()', async (t) => {
  const [[v5Name, fastify5], [faceName, face5]] = fastify5Faces
  t.same(await observe(face5), await observe(fastify5), `${faceName} as ${v5Name}`)
  const expected = await observe(faces[0]![1])
  for (const [name, factory] of faces.slice(1)) t.same(await observe(factory), expected, `${name} as ${faces[0]![0]}`)
  t.ok(expected.includes('/nope: 422 {"late":"not-found handler threw"}'), 'the late root handler answers the not-found error')
  t.ok(expected.some((line) => line.startsWith('/early: 500')), 'a route keeps the handler in effect when it was declared')
})
