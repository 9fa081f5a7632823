// An option given as null: Fastify reads it as not given (a function, an object, a header name)
// rather than refusing it, so a configuration that fills unset options with null starts the same.
import t from 'tap'
import { faces, fastify5Faces, type Factory } from './fixtures/faces.js'

const everyEntry: Array<[string, Factory]> = [...faces, ...fastify5Faces]

const nullOptions = {
  requestIdHeader: null,
  genReqId: null,
  trustProxy: null,
  http2: null,
  querystringParser: null,
  rewriteUrl: null,
  frameworkErrors: null,
  serverFactory: null,
  ajv: null,
  schemaErrorFormatter: null,
  clientErrorHandler: null,
  serializerOpts: null,
  schemaController: null,
  childLoggerFactory: null,
  return503OnClosing: null
}

t.test('null options start the server with their defaults, as in Fastify', async (t) => {
  for (const [name, factory] of everyEntry) {
    const app = factory({ logger: false, ...nullOptions })
    app.get('/', { schema: { querystring: { type: 'object', properties: { n: { type: 'integer' } } } } }, async (request: any) => ({
      query: request.query, ip: request.ip, id: request.id
    }))
    const response = await app.inject({ url: '/?n=1', headers: { 'x-forwarded-for': '203.0.113.9' } })
    await app.close()
    t.same(response.json(), { query: { n: 1 }, ip: '127.0.0.1', id: 'req-1' }, name)
  }
})

t.test('routerOptions: null is refused by Fastify 5 and its face, as its schema asks for an object', async (t) => {
  for (const [name, factory] of fastify5Faces) t.throws(() => factory({ routerOptions: null }), { code: 'FST_ERR_INIT_OPTS_INVALID', message: 'Invalid initialization options: \'["must be object"]\'' }, name)
})
