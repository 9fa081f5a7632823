// Headers an onRequest hook assigns to request.headers are read, merged over the raw ones, where
// Fastify reads request.headers: the body's content type picks the parser.
import t from 'tap'
import { faces, fastify5Faces } from './fixtures/faces.js'

t.test('a content type assigned to request.headers in onRequest picks the parser, as in Fastify', async (t) => {
  for (const [name, factory] of [...faces, ...fastify5Faces]) {
    const app = factory({ logger: false })
    app.addHook('onRequest', async (request: any) => { request.headers = { 'content-type': 'application/json', 'x-added': 'yes' } })
    app.post('/', async (request: any) => ({ body: request.body, added: request.headers['x-added'], raw: request.raw.headers['x-added'] ?? null }))
    const response = await app.inject({ method: 'POST', url: '/', headers: { 'content-type': 'text/plain' }, payload: '{"a":1}' })
    await app.close()
    t.same(response.json(), { body: { a: 1 }, added: 'yes', raw: null }, name)
  }
})
